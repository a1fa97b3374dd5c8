export const PAGE_SIZES = [7, 15, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 7;
export const SEARCH_DEBOUNCE_MS = 500;
export const TOAST_MS = 7000;
export const TABLE_HEIGHT = 450;
export const SEARCH_TEXT_MAX = 200;
/** How many matches a searched lookup (a chooser's options as one types) answers with. */
export const LOOKUP_MATCHES = 50;
export const RESET_LINK_TTL_MINUTES = 60;
/** A new user's link to set their first password lives longer than a reset link. */
export const WELCOME_LINK_TTL_HOURS = 72;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const UPLOAD_LIMIT_BYTES = 1_048_576;
export const OPEN_PROPERTY_LIMIT = { default: 5, nonAdmin: 999, max: 999 } as const;
export const BIRTH_YEARS = { from: 1980, to: 2050 } as const;

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
  chooseFromList: 'Choose one from the list',
  emailRequired: 'Email is required',
  emailInvalid: 'Please provide a valid email',
  passwordRule: 'Password length must have 8 with atleast one number and one character',
  passwordsDiffer: 'New password and confirm password do not match',
  somethingWrong: 'Something went wrong',
  unauthorized: 'You are unauthorized',
  offline: 'Internet not found',
  noData: 'No Data Found',
  loading: 'Loading data',
  recordsFound: (n: number, estimate = false) => `${estimate ? 'About ' : ''}${n} Records Found`,
  newestFirst: (column: string) =>
    `More than 10,000 matches, so the newest are shown first. Narrow the search, or sort them by ${column} (this can take a few seconds).`,
  sortAnyway: (column: string) => `Sort by ${column}`,
  invalidLogin: 'Invalid Login Details',
  dateRangeOrder: 'The end date must not be before the start date',
  confirmStatus: 'Are you sure to change the status',
  confirmDelete: 'Are you sure to delete',
  recordSaved: 'Record Saved',
  forgotPasswordSent:
    'If an account exists for this address, a link to reset the password has been sent to it',
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  tooManyAttempts: 'Too many login attempts. Please try again later',
  mobile: 'Provide valid Mobile number',
  decimals: 'Please provide Value upto 2 Decimal',
  zip4: 'Zip Code must be of 4 digits',
  zipRequired: 'Please provide a valid Zip Code',
  zip6: 'Zip Code must be digits, at most 6',
  otpLength: 'OTP must be of 6 characters',
  website: 'Provide valid website',
  lettersOnly: 'Only letters and spaces are allowed',
  uploadLimit: 'Maximum upload limit is 1Mb',
  profileImageLimit: 'File size should be 1MB',
  imageType: 'Only .jpg, .jpeg and .png images are accepted',
  reasonRequired: 'Reason for Inactive is required',
  missingInTabs: 'Missing Information In One Or More Tabs',
  confirmDeleteSeller: 'Are you sure to Delete the Seller',
  confirmDeleteUser: 'Are you sure to Delete the User',
  confirmDeleteProperty: 'Are you sure to Delete the Property',
  confirmDefaultImage: 'Are you sure to mark the image as default',
} as const;

/** z.email()'s pattern (zod's `regexes.email`), so that a login address is valid where a saved one is. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The login form's rules as plain functions (a message, or undefined when the value is valid). They
 * live here, without zod, so that the login page checks them without loading zod; loginRequest
 * (auth.ts) applies the same functions, so the page and the server cannot disagree.
 */
export const loginRules = {
  email: (value: string): string | undefined => {
    const trimmed = value.trim();
    if (!trimmed) return MESSAGES.emailRequired;
    if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) return MESSAGES.emailInvalid;
    return undefined;
  },
  password: (value: string): string | undefined =>
    value.length < 1 || value.length > 128 ? MESSAGES.required : undefined,
};
