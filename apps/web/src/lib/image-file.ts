import { MESSAGES, UPLOAD_LIMIT_BYTES } from '@app/contract';

/** What an image picker offers: JPEG and PNG (the server checks the bytes again). */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** Why a chosen image cannot be sent (its type, or `tooLarge` past 1 MB), or null when it can. */
export function imageFileProblem(file: File, tooLarge: string): string | null {
  if (!/\.(jpe?g|png)$/i.test(file.name)) return MESSAGES.imageType;
  if (file.size > UPLOAD_LIMIT_BYTES) return tooLarge;
  return null;
}
