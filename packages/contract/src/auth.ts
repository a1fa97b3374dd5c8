import { z } from 'zod';
import { email, password } from './common.ts';
import { loginRules, MESSAGES } from './constants.ts';

const ruled = (schema: z.ZodString, rule: (value: string) => string | undefined) =>
  schema.superRefine((value, ctx) => {
    const message = rule(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const loginRequest = z.object({
  email: ruled(z.string({ error: MESSAGES.emailRequired }).trim(), loginRules.email),
  password: ruled(z.string({ error: MESSAGES.required }), loginRules.password),
});
export type LoginRequest = z.infer<typeof loginRequest>;

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
