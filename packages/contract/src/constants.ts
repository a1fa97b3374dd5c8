export const PAGE_SIZES = [7, 15, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 7;
export const SEARCH_DEBOUNCE_MS = 500;
export const TOAST_MS = 7000;
export const DIALOG_RESET_MS = 300;
export const TABLE_HEIGHT = 450;
export const SEARCH_TEXT_MAX = 200;
export const RESET_LINK_TTL_MINUTES = 60;

export const THEMES = [
  { id: 1, name: 'Purple' },
  { id: 2, name: 'Blue' },
  { id: 6, name: 'Orange' },
] as const;
export type ThemeId = (typeof THEMES)[number]['id'];

export const STATUSES = ['Active', 'Inactive'] as const;
export type Status = (typeof STATUSES)[number];

export const USER_STATUSES = ['New', 'Active', 'Inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Texts the user sees, as the spec words them. */
export const MESSAGES = {
  required: 'Field is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please provide a valid email',
  passwordRule: 'Password length must have 8 with atleast one number and one character',
  passwordsDiffer: 'New password and confirm password do not match',
  somethingWrong: 'Something went wrong',
  unauthorized: 'You are unauthorized',
  offline: 'Internet not found',
  noData: 'No Data Found',
  loading: 'Loading data',
  recordsFound: (n: number) => `${n} Records Found`,
  invalidLogin: 'Invalid Login Details',
  confirmStatus: 'Are you sure to change the status',
  confirmDelete: 'Are you sure to delete',
  recordSaved: 'Record Saved',
  forgotPasswordSent:
    'If an account exists for this address, a link to reset the password has been sent to it',
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  tooManyAttempts: 'Too many login attempts. Please try again later',
} as const;
