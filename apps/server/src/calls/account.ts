import { accountApi } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { badRequest } from '../lib/errors.ts';
import { verifyPassword } from '../lib/crypto.ts';
import { mediaUrl } from '../lib/media.ts';
import { removeUnnamedMedia } from '../lib/media-removals.ts';
import { mediaStore } from '../lib/media-store/index.ts';
import { addressValues, checkAddress, PLAIN_ADDRESS } from '../lib/address.ts';
import {
  assertEmailFree,
  findUserRecord,
  refuseUserFormSave,
  replaceUserLinks,
} from '../lib/user-profile.ts';
import { profileImageUpload, withStoredImage } from './user-form.ts';
import { inTransaction } from '../db/index.ts';
import { brokerIdsOf, findOwnProfile, findUserForUpdate, updateUser } from '../db/repositories/users.ts';

/** The signed-in user's own profile: read it, and change it after confirming the current password. */
export const accountCalls: AnyCall[] = [
  defineCall(accountApi.webGetAccountDetails, {
    access: 'signed-in',
    tag: 'Account',
    summary: "The signed-in user's own profile (a user_id parameter is ignored: it is always your own)",
    async handle({ db, user }) {
      // An array with the one record: the old client reads resultData[0].
      return { resultData: [await findUserRecord(db, user.user_id)] };
    },
  }),

  defineCall(accountApi.UpdateProfile, {
    access: 'signed-in',
    tag: 'Account',
    summary: 'Change your own profile (JSON or multipart with profile_image); needs verify_password',
    upload: profileImageUpload,
    async handle(ctx) {
      const { db, input, user, files } = ctx;
      const current = await findOwnProfile(db, user.user_id);
      if (!(await verifyPassword(current.password_hash, input.verify_password))) {
        const message = 'Current password is incorrect';
        throw badRequest(message, { verify_password: message });
      }
      await assertEmailFree(db, input.user_email, user.user_id);
      const { verify_password: _, user_skills, ...fields } = input;
      const address = addressValues(PLAIN_ADDRESS, fields);
      await checkAddress(db, PLAIN_ADDRESS, address);
      const saved = await withStoredImage(ctx, files, (image) =>
        inTransaction(db, async (trx) => {
          // The picture replaced is the one under the row's lock: another save of this profile at the
          // same moment may have replaced the one read above (decision 101).
          const replaced = (await findUserForUpdate(trx, user.user_id, true))!;
          await updateUser(trx, user.user_id, {
            first_name: fields.first_name,
            last_name: fields.last_name,
            nick_name: fields.nick_name,
            user_email: fields.user_email,
            phone_1: fields.phone_1,
            phone_2: fields.phone_2,
            ...address,
            is_address_same_as_agency: false,
            birth_day: fields.birth_day,
            birth_month: fields.birth_month,
            birth_year: fields.birth_year,
            re_license: fields.re_license,
            website: fields.website,
            profile_statement: fields.profile_statement,
            ...(image && { profile_image: image.file, profile_thumbnail: image.thumbnail }),
            updated_by: user.user_id,
          });
          await replaceUserLinks(trx, user.user_id, user_skills, await brokerIdsOf(trx, user.user_id));
          return { user_id: user.user_id, image, replaced };
        }),
      ).catch(refuseUserFormSave);
      const { image, replaced } = saved;
      if (image)
        await removeUnnamedMedia(
          ctx.db,
          mediaStore(ctx.config),
          ctx.req.log,
          replaced.profile_image,
          replaced.profile_thumbnail,
        );
      const picture = image ? image.file : replaced.profile_image;
      return {
        message: 'Profile updated successfully',
        coverImage: mediaUrl(picture),
        profileImage: mediaUrl(picture),
      };
    },
  }),
];
