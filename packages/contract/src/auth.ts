import { z } from 'zod';
import {
  confirmPassword,
  currentPassword,
  email,
  missingOr,
  MUST_BE_TEXT,
  noInput,
  password,
} from './common.ts';
import { messageAnswer } from './answers.ts';
import { declareCalls } from './calls.ts';
import { loginRules, MESSAGES } from './constants.ts';

/** A login field: any text, a missing or null one as empty; a number, true or a list is not text. */
const notText = missingOr(MESSAGES.required, MUST_BE_TEXT);
const loginText = z
  .union([z.string({ error: notText }), z.null()], { error: notText })
  .optional()
  .transform((v) => v ?? '');

/**
 * webValidateLogin takes any text: the call applies loginRules itself and answers what they find with
 * HTTP 200 `{result: 'error', message}`, as it answers a wrong password (decision 3; old clients read
 * a login's outcome only from a 200).
 */
export const loginRequest = z.object({ email: loginText, password: loginText });
export type LoginRequest = z.infer<typeof loginRequest>;

/** What is wrong with a login's fields (the login page's rules), or undefined. */
export const loginProblem = (v: LoginRequest) => loginRules.email(v.email) ?? loginRules.password(v.password);

export const forgetPasswordRequest = z.object({ forget_email: email });

const newPasswordPair = {
  new_password: password,
  confirm_password: confirmPassword,
};
const passwordsMatch = (v: { new_password: string; confirm_password: string }) =>
  v.new_password === v.confirm_password;
const mismatch = { message: MESSAGES.passwordsDiffer, path: ['confirm_password'] };

export const changePasswordRequest = z
  .object({
    current_password: currentPassword,
    ...newPasswordPair,
  })
  .refine(passwordsMatch, mismatch);

export const resetPasswordRequest = z
  .object({ token: z.string().min(1, MESSAGES.resetLinkInvalid).max(200), ...newPasswordPair })
  .refine(passwordsMatch, mismatch);

/** webValidateLogin signed in: `token` only for a client that is not the web app (it gets a cookie). */
export const loginSuccess = z.object({
  result: z.literal('success'),
  message: z.string(),
  token: z.string().optional(),
  userData: z.object({
    user_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    user_email: z.string(),
    /** The stored file name, as the old client reads it (not a /media/ address). */
    profileImage: z.string().nullable(),
  }),
  roleData: z.array(z.object({ name: z.string(), role_id: z.number().int() })),
});
export type LoginSuccess = z.output<typeof loginSuccess>;

/** An outcome told with HTTP 200 and `result` (the old clients read it so): a refused login, a wrong code. */
export const resultAnswer = <R extends 'success' | 'error'>(result: R) =>
  z.object({ result: z.literal(result), message: z.string() });
export const loginError = resultAnswer('error');
export type LoginError = z.output<typeof loginError>;
/**
 * What webValidateLogin answers. The token is required in the first form and absent from the second:
 * fast-json-stringify writes optional fields after the required ones, and an optional token would move
 * it after roleData (the answer keeps the order the old API had).
 */
export const loginAnswer = z.union([
  loginSuccess.extend({ token: z.string() }),
  loginSuccess.omit({ token: true }),
  loginError,
]);

/** webLogout, sendVerifyOTP. */
export const successAnswer = resultAnswer('success');
/** WebVerifyOTP: a wrong or expired code is a 200 too. */
export const outcomeAnswer = z.object({ result: z.enum(['success', 'error']), message: z.string() });

export const loggedUserDetails = z.object({
  result: z.literal('success'),
  userData: loginSuccess.shape.userData.pick({
    user_id: true,
    first_name: true,
    last_name: true,
    full_name: true,
  }),
  userRole: z.array(z.string()),
  userRoleId: z.number().int(),
  userPermission: z.array(z.string()),
});
export type LoggedUserDetails = z.output<typeof loggedUserDetails>;

export const authApi = declareCalls({
  webValidateLogin: { method: 'POST', input: loginRequest, response: loginAnswer },
  webLogout: { method: 'POST', input: noInput, response: successAnswer },
  webGetLoggedUserDetailsWithRolesPermission: { method: 'GET', input: noInput, response: loggedUserDetails },
  change_password: { method: 'POST', input: changePasswordRequest, response: messageAnswer },
  forget_password: { method: 'POST', input: forgetPasswordRequest, response: messageAnswer },
  reset_password: { method: 'POST', input: resetPasswordRequest, response: messageAnswer },
});
