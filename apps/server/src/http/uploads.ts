import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_LIMIT_BYTES } from '@app/contract';
import { badRequest } from '../lib/errors.ts';
import { assertPlainFileName } from '../lib/media.ts';

/** Multipart bodies, for the calls that take uploads (read by readMultipart). */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    // The client's file name as sent, path and all, so that one with a path is refused (lib/media.ts).
    preservePath: true,
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 5, fields: 200, fieldSize: 100_000, parts: 205 },
  });
}

/**
 * What a browser's FormData sends for a field the old clients appended as null or undefined: the same
 * empty field that JSON sends as null (nobody means the word 'null' as a phone number or a website).
 */
const EMPTY_PARTS = new Set(['null', 'undefined']);

/** Reads a multipart body: the text fields (first value of each name) and the named files. */
export async function readMultipart(
  req: FastifyRequest,
  upload: { files: readonly string[]; tooLarge: string },
) {
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer> = {};
  const fileNames: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (upload.files.includes(part.fieldname) && !(part.fieldname in files)) {
          files[part.fieldname] = await part.toBuffer();
          fileNames[part.fieldname] = part.filename;
        } else {
          part.file.resume();
        }
      } else if (!(part.fieldname in fields)) {
        fields[part.fieldname] = EMPTY_PARTS.has(part.value as string) ? null : part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(upload.tooLarge);
    // Whatever else stops the reading (no boundary, a truncated or malformed body) is the sender's.
    throw badRequest('The upload could not be read');
  }
  for (const [field, name] of Object.entries(fileNames)) assertPlainFileName(field, name);
  return { fields, files };
}
