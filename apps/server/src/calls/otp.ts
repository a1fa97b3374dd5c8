import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, otpApi, ROLE } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import type { Services } from '../lib/call-context.ts';
import { conflict, HttpError, notFound } from '../lib/errors.ts';
import { hashToken } from '../lib/crypto.ts';
import { createSms } from '../lib/sms.ts';
import { takeSlot } from '../lib/throttle.ts';
import { setUserStatus } from '../lib/user-profile.ts';
import type { SessionUser } from '../lib/session.ts';
import { assertOutranks } from '../lib/scope.ts';
import { inTransaction, type Db } from '../db/index.ts';
import {
  deleteOtp,
  findApprovalTarget,
  lockOtp,
  setOtpAttempts,
  upsertOtp,
} from '../db/repositories/auth.ts';

/** Codes sent to one waiting Super Admin in any hour. */
const OTP_SENDS_PER_HOUR = 3;

const codeHash = (userId: number, code: string) => hashToken(`${userId}:${code}`);

/**
 * A Super Admin account waiting for approval: only those are verified by a one-time code, and only by
 * someone whose role outranks theirs (a Super Admin; decision 25).
 */
async function waitingSuperAdmin(db: Db, userId: number, actor: SessionUser) {
  const target = await findApprovalTarget(db, userId);
  if (!target || target.role_id !== ROLE.SuperAdmin) throw notFound('User');
  assertOutranks(actor, target, 'approve users of');
  if (target.user_status === 'Active') throw conflict('This user is already Active');
  return target;
}

const failure = (message: string) => ({ result: 'error' as const, message });

/**
 * Sends a waiting Super Admin a new 6-digit code (e-mail, and SMS when a phone is known), valid
 * `minutes`; false, sending nothing, when they were sent OTP_SENDS_PER_HOUR codes in the last hour.
 */
export async function sendApprovalCode(
  { db, mailer, config }: Services,
  target: { user_id: number; first_name: string; user_email: string; phone_1: string | null },
  requestedBy: number,
  minutes = OTP_TTL_MINUTES,
) {
  // A new code starts the tries afresh: capped, so guesses stay bounded (5 tries x 3 codes an hour).
  if (!(await takeSlot(db, `otp user ${target.user_id}`, OTP_SENDS_PER_HOUR, 60))) return false;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  await upsertOtp(db, target.user_id, codeHash(target.user_id, code), expiresAt, requestedBy);
  const expiry = minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
  const text = `Your Pinoy Property verification code is ${code}. It expires in ${expiry}.`;
  await mailer.send({
    to: target.user_email,
    subject: 'Your Pinoy Property verification code',
    text: `Hello ${target.first_name},\n\n${text}\nGive it only to the administrator who is approving your account.\n`,
  });
  if (target.phone_1) await createSms(config).send(target.phone_1, text);
  return true;
}

/**
 * Activating a new Super Admin needs a 6-digit code sent to that person (e-mail, and SMS when a phone
 * is known): the approving Super Admin must get it from them, which proves the address is theirs.
 */
export const otpCalls: AnyCall[] = [
  defineCall(otpApi.sendVerifyOTP, {
    access: 'ChangeStatusofSuperuser',
    tag: 'Users',
    summary: `Send a new 6-digit code to a waiting Super Admin (valid ${OTP_TTL_MINUTES} minutes, ${OTP_MAX_ATTEMPTS} tries)`,
    async handle(ctx) {
      const target = await waitingSuperAdmin(ctx.db, ctx.input.user_id, ctx.user);
      if (!(await sendApprovalCode(ctx, target, ctx.user.user_id))) {
        throw new HttpError(
          429,
          `This user was sent ${OTP_SENDS_PER_HOUR} codes in the last hour. Try again later, or verify the last code sent`,
        );
      }
      return {
        result: 'success' as const,
        message: `A verification code was sent to ${target.user_email}`,
      };
    },
  }),

  defineCall(otpApi.WebVerifyOTP, {
    access: 'ChangeStatusofSuperuser',
    tag: 'Users',
    summary: 'Check the code of a waiting Super Admin; the right code activates the account',
    async handle({ db, input, user }) {
      const target = await waitingSuperAdmin(db, input.user_id, user);
      return inTransaction(db, async (trx) => {
        const otp = await lockOtp(trx, target.user_id);
        if (!otp || new Date(otp.expires_at) <= new Date()) {
          return failure('The code has expired or was never sent. Send a new code');
        }
        if (otp.attempts >= OTP_MAX_ATTEMPTS) return failure('Too many wrong codes. Send a new code');
        if (!timingSafeEqual(otp.code_hash, codeHash(target.user_id, input.verify_otp))) {
          const attempts = otp.attempts + 1;
          await setOtpAttempts(trx, target.user_id, attempts);
          const left = OTP_MAX_ATTEMPTS - attempts;
          return failure(
            left > 0
              ? `The code is not correct. ${left} tries left`
              : 'Too many wrong codes. Send a new code',
          );
        }
        await deleteOtp(trx, target.user_id);
        await setUserStatus(trx, target, 'Active', 'Verified by one-time code', user.user_id);
        return { result: 'success' as const, message: 'Code verified. The user is now Active' };
      });
    },
  }),
];
