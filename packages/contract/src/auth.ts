import { z } from 'zod';
import { email, password } from './common.ts';
import { loginRules, MESSAGES } from './constants.ts';

/** A login field: any text, a missing or null one as empty. */
const loginText = z
  .union([z.string(), z.null()], { error: MESSAGES.required })
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
  confirm_password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
};
const passwordsMatch = (v: { new_password: string; confirm_password: string }) =>
  v.new_password === v.confirm_password;
const mismatch = { message: MESSAGES.passwordsDiffer, path: ['confirm_password'] };

export const changePasswordRequest = z
  .object({
    current_password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(128),
    ...newPasswordPair,
  })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const resetPasswordRequest = z
  .object({ token: z.string().min(1, MESSAGES.resetLinkInvalid).max(200), ...newPasswordPair })
  .refine(passwordsMatch, mismatch);

export interface LoginSuccess {
  result: 'success';
  message: string;
  token?: string;
  userData: {
    user_id: number;
    first_name: string;
    last_name: string;
    full_name: string;
    user_email: string;
    profileImage: string | null;
  };
  roleData: { name: string; role_id: number }[];
}
export interface LoginError {
  result: 'error';
  message: string;
}

export interface LoggedUserDetails {
  result: 'success';
  userData: { user_id: number; first_name: string; last_name: string; full_name: string };
  userRole: string[];
  userRoleId: number;
  userPermission: string[];
}
