import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const argonOptions = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under verbatimModuleSyntax */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (plain: string) => hash(plain, argonOptions);

export async function verifyPassword(hashed: string | null, plain: string): Promise<boolean> {
  // Without a stored hash, still spend the time of a real check so timing reveals nothing.
  const target = hashed ?? (await dummyHash);
  const ok = await verify(target, plain).catch(() => false);
  return ok && hashed !== null;
}
const dummyHash = hash('not-a-real-password-1', argonOptions);

/** A random opaque token for the client and the hash we keep of it. */
export function newToken(): { token: string; tokenHash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest();

/** A readable generated password: letters and digits, always both. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(14);
  const body = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `${body}a7`;
}
