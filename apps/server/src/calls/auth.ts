import {
  ALL_PERMISSIONS,
  MESSAGES,
  RESET_LINK_TTL_MINUTES,
  authApi,
  loginProblem,
  type LoggedUserDetails,
  type LoginError,
  type LoginSuccess,
} from '@app/contract';
import { defineCall } from './registry.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../lib/crypto.ts';
import { badRequest, HttpError } from '../lib/errors.ts';
import { createSession, revokeSessions, SESSION_COOKIE } from '../lib/session.ts';
import { recordAudit } from '../lib/audit.ts';
import { afterAnswer } from '../lib/background.ts';
import { clientKey, loginSucceeded, takeLoginAttempt, takeSlot } from '../lib/throttle.ts';
import { inTransaction } from '../db/index.ts';
import {
  findResettableUser,
  findSignInUser,
  lockedPasswordHashOf,
  revokeSession,
  useResetLink,
  useResetLinksOf,
} from '../db/repositories/auth.ts';
import { insertPasswordReset, updateUser } from '../db/repositories/users.ts';
import { fullName } from '../db/repositories/full-name.ts';

/** Password reset mails: per address asked for, and per client address, in any hour. */
const RESETS_PER_ADDRESS = 3;
const RESETS_PER_CLIENT = 10;

/** The web app asks for a cookie session; other clients get the token in the body. */
const isWebClient = (headers: Record<string, unknown>) => headers['x-requested-with'] === 'web';

export const authCalls = [
  defineCall(authApi.webValidateLogin, {
    access: 'public',
    tag: 'Session',
    summary: 'Sign in with e-mail and password',
    async handle({ db, input, req, reply, config }): Promise<LoginSuccess | LoginError> {
      const problem = loginProblem(input);
      if (problem) return { result: 'error', message: problem };
      const email = input.email.trim().toLowerCase();
      const client = clientKey(req.ip);
      const failed = (reason: string, userId: number | null = null) =>
        recordAudit(db, {
          action: 'login failed',
          actorId: userId,
          entity: userId === null ? null : 'users',
          entityId: userId,
          details: { email, reason },
        });
      const attempt = await takeLoginAttempt(db, email, client);
      if (attempt === null) {
        await failed('too many attempts');
        throw new HttpError(429, MESSAGES.tooManyAttempts);
      }
      const user = await findSignInUser(db, email);
      const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password);
      if (passwordOk) await loginSucceeded(db, attempt);
      if (!user || !passwordOk) {
        await failed(user ? 'wrong password' : 'unknown e-mail', user?.user_id);
        return { result: 'error', message: MESSAGES.invalidLogin };
      }
      // Only someone who knows the password learns that the account is not active yet.
      if (user.user_status !== 'Active') {
        await failed(`account ${user.user_status}`, user.user_id);
        return { result: 'error', message: 'Please Contact Admin To Activate your Account' };
      }
      const token = await createSession(db, user.user_id, config.sessionTtlHours, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        passwordHash: user.password_hash!, // checked above: a user without one fails verifyPassword
      });
      // The password was changed while it was checked: the one given is no longer the account's.
      if (token === null) return { result: 'error', message: MESSAGES.invalidLogin };
      await recordAudit(db, {
        action: 'login',
        actorId: user.user_id,
        entity: 'users',
        entityId: user.user_id,
      });
      const web = isWebClient(req.headers);
      if (web) {
        reply.setCookie(SESSION_COOKIE, token, {
          httpOnly: true,
          sameSite: 'strict',
          secure: req.protocol === 'https',
          path: '/api',
          maxAge: config.sessionTtlHours * 3600,
        });
      }
      return {
        result: 'success',
        message: 'Login successful',
        ...(web ? {} : { token }),
        userData: {
          user_id: user.user_id,
          first_name: user.first_name,
          last_name: user.last_name,
          full_name: fullName(user).trim(),
          user_email: user.user_email,
          profileImage: user.profile_image,
        },
        roleData: [{ name: user.role_name, role_id: user.role_id }],
      };
    },
  }),

  defineCall(authApi.webLogout, {
    access: 'signed-in',
    tag: 'Session',
    summary: 'Sign out: the session token stops working at once',
    async handle({ db, user, reply }) {
      await revokeSession(db, user.sessionId);
      await recordAudit(db, { action: 'logout', entity: 'users', entityId: user.user_id });
      reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return { result: 'success' as const, message: 'Logged out successfully' };
    },
  }),

  defineCall(authApi.webGetLoggedUserDetailsWithRolesPermission, {
    access: 'signed-in',
    tag: 'Session',
    summary: 'The signed-in user, their role and every permission they hold',
    async handle({ user }): Promise<LoggedUserDetails> {
      return {
        result: 'success',
        userData: {
          user_id: user.user_id,
          first_name: user.first_name,
          last_name: user.last_name,
          full_name: user.full_name,
        },
        userRole: [user.role_name],
        userRoleId: user.role_id,
        userPermission: ALL_PERMISSIONS.filter((p) => user.permissions.has(p)),
      };
    },
  }),

  defineCall(authApi.change_password, {
    access: 'signed-in',
    tag: 'Session',
    summary: "Change the signed-in user's password; their other sessions are signed out",
    async handle({ db, user, input }) {
      const password_hash = await hashPassword(input.new_password);
      // The current password is checked under the user's lock: two changes sent at once with it
      // both passed, and the second then replaced the first's new password.
      await inTransaction(db, async (trx) => {
        const row = await lockedPasswordHashOf(trx, user.user_id);
        if (!(await verifyPassword(row.password_hash, input.current_password))) {
          throw badRequest('Current password is incorrect', {
            current_password: 'Current password is incorrect',
          });
        }
        await updateUser(trx, user.user_id, { password_hash, updated_by: user.user_id });
        await revokeSessions(trx, user.user_id, user.sessionId);
      });
      return { message: 'Password changed successfully' };
    },
  }),

  defineCall(authApi.forget_password, {
    access: 'public',
    tag: 'Session',
    summary: 'Mail a single-use link to set a new password (same answer whether or not the address exists)',
    async handle({ db, input, mailer, config, req }) {
      const email = input.forget_email.toLowerCase();
      // Both limits are taken for any address, known or not, before the answer: the same work, the same
      // answer. A client over its limit uses none of the address's.
      const allowed =
        (await takeSlot(db, `reset client ${clientKey(req.ip)}`, RESETS_PER_CLIENT, 60)) &&
        (await takeSlot(db, `reset address ${email}`, RESETS_PER_ADDRESS, 60));
      const user = await findResettableUser(db, email);
      if (user && allowed) {
        const mailLink = async () => {
          const { token, tokenHash } = newToken();
          const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MINUTES * 60_000);
          await insertPasswordReset(db, user.user_id, tokenHash, expiresAt);
          const link = `${config.publicUrl}/reset-password?token=${token}`;
          await mailer.send({
            to: user.user_email,
            subject: 'Reset your Pinoy Property password',
            text: `Hello ${user.first_name},\n\nTo choose a new password, open this link within ${RESET_LINK_TTL_MINUTES} minutes:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this message.\n`,
          });
        };
        // Made and mailed after the answer, which so takes the same time whether or not the address exists.
        afterAnswer(req, 'password reset mail', mailLink);
      }
      return { message: MESSAGES.forgotPasswordSent };
    },
  }),

  defineCall(authApi.reset_password, {
    access: 'public',
    tag: 'Session',
    summary: 'Set a new password with the token from a reset link; the link then stops working',
    async handle({ db, input }) {
      const password_hash = await hashPassword(input.new_password);
      const done = await inTransaction(db, async (trx) => {
        const reset = await useResetLink(trx, hashToken(input.token));
        if (!reset) return false;
        await updateUser(trx, reset.user_id, { password_hash });
        await useResetLinksOf(trx, reset.user_id);
        await revokeSessions(trx, reset.user_id);
        return true;
      });
      if (!done) throw badRequest(MESSAGES.resetLinkInvalid, { token: MESSAGES.resetLinkInvalid });
      return { message: 'Your password has been changed. You can sign in now' };
    },
  }),
];
