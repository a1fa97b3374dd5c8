import { z } from 'zod';
import {
  coercedNumber,
  email,
  flag,
  id,
  currentPassword,
  idList,
  optionalId,
  optionalPhone,
  optionalText,
  optionalWebsite,
  phone,
  requiredId,
  status,
  statusReason,
  textOrNumber,
  filledAnd,
  zip4,
} from './common.ts';
import { BIRTH_YEARS, MESSAGES, OPEN_PROPERTY_LIMIT, USER_STATUSES } from './constants.ts';
import { isAgentRole, ROLE } from './permissions.ts';

/** Person names: letters (any alphabet, with accents such as Peña), spaces, and . ' - between them. */
const personName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(60, 'At most 60 characters')
  .regex(/^[\p{L}][\p{L}\p{M} .'-]*$/u, MESSAGES.lettersOnly);

const smallInt = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : v),
    coercedNumber(message, (n) => n.int(message).min(min, message).max(max, message).nullable()),
  ) as z.ZodType<number | null, unknown>;

export const daysInMonth = (month: number, year: number | null) =>
  month === 2
    ? year === null || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

type Birthday = { birth_day: number | null; birth_month: number | null; birth_year: number | null };
const isRealBirthday = (v: Birthday) =>
  v.birth_day === null || v.birth_month === null || v.birth_day <= daysInMonth(v.birth_month, v.birth_year);

/** The open property limit: up to three digits. */
const openPropertyLimit = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  coercedNumber(MESSAGES.required, (n) =>
    n
      .int('Must be a whole number')
      .min(0, 'Must be 0 or more')
      .max(OPEN_PROPERTY_LIMIT.max, 'At most 3 digits')
      .optional(),
  ),
) as z.ZodType<number | undefined, unknown>;

/** A real birthday: no 31 April, no 29 February outside leap years (the year is optional). */
const withRealBirthday = <
  T extends z.ZodType<{ birth_day: number | null; birth_month: number | null; birth_year: number | null }>,
>(
  schema: T,
) =>
  schema.superRefine((v, ctx) => {
    if (!isRealBirthday(v))
      ctx.addIssue({ code: 'custom', path: ['birth_day'], message: 'This month has no such day' });
  });

/** The Account Details form: your own profile. Role, status, agency and limit are not yours to change. */
export const profileFields = z.looseObject({
  first_name: personName,
  last_name: personName,
  nick_name: optionalText(100),
  user_email: email,
  phone_1: phone,
  phone_2: optionalPhone,
  unit_number: optionalText(50),
  house_number: optionalText(100),
  street_name: optionalText(200),
  building_name: optionalText(200),
  floor: optionalText(50),
  province_id: optionalId,
  town_id: optionalId,
  barangay_id: optionalId,
  subdivision_id: optionalId,
  zip_code: zip4(false),
  birth_day: smallInt(1, 31, 'Choose a day'),
  birth_month: smallInt(1, 12, 'Choose a month'),
  birth_year: smallInt(
    BIRTH_YEARS.from,
    BIRTH_YEARS.to,
    `Choose a year from ${BIRTH_YEARS.from} to ${BIRTH_YEARS.to}`,
  ),
  re_license: optionalText(50),
  website: optionalWebsite,
  user_skills: idList,
  profile_statement: optionalText(2000),
});
export const profileForm = withRealBirthday(profileFields);

/**
 * The fields of the Add/Edit User form under their wire names (spec 1, section 3): the profile plus
 * what an administrator decides. Rules that depend on other fields (agent requirements, reason when
 * Inactive, zip for non-Individuals, a real birthday) are in `userIssues`.
 */
export const userFields = profileFields.extend({
  role_id: requiredId,
  user_status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.union([z.literal('New'), status]).optional(),
  ) as z.ZodType<(typeof USER_STATUSES)[number] | undefined, unknown>,
  reason: optionalText(500),
  associated_agency_id: optionalId,
  associated_broker_id: idList,
  is_address_same_as_agency: flag,
  self_broker: flag,
  open_property_limit: openPropertyLimit,
});
export type UserFields = z.output<typeof userFields>;

type Issue = { path: string[]; message: string };

/** The cross-field rules of the user form, shared by the form and the server. */
export function userIssues(v: UserFields): Issue[] {
  const issues: Issue[] = [];
  const need = (field: keyof UserFields, ok: boolean, message: string = MESSAGES.required) => {
    if (!ok) issues.push({ path: [field], message });
  };
  if (!v.is_address_same_as_agency) {
    need('house_number', !!v.house_number);
    need('street_name', !!v.street_name);
    need('province_id', v.province_id !== null);
    need('town_id', v.town_id !== null);
    need('barangay_id', v.barangay_id !== null);
    if (v.role_id !== ROLE.Individual) need('zip_code', v.zip_code !== null, MESSAGES.zipRequired);
  }
  if (isAgentRole(v.role_id)) {
    need('re_license', !!v.re_license);
    need('associated_agency_id', v.associated_agency_id !== null);
    need('associated_broker_id', v.associated_broker_id.length > 0);
  }
  if (v.is_address_same_as_agency) need('associated_agency_id', v.associated_agency_id !== null);
  if (v.user_status === 'Inactive') need('reason', !!v.reason, MESSAGES.reasonRequired);
  if (!isRealBirthday(v)) need('birth_day', false, 'This month has no such day');
  if ((v.birth_day === null) !== (v.birth_month === null)) {
    need(v.birth_day === null ? 'birth_day' : 'birth_month', false, 'Choose both the day and the month');
  }
  return issues;
}

const withUserRules = <T extends z.ZodType<UserFields>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const issue of userIssues(v)) ctx.addIssue({ code: 'custom', ...issue });
  });

/**
 * The Account Details form (UpdateProfile): the legacy camelCase names. Role, status, agency and
 * limit are not the user's own to change and are ignored here.
 */
export const ACCOUNT_FIELD_NAMES = {
  firstName: 'first_name',
  lastName: 'last_name',
  nickName: 'nick_name',
  unitNumber: 'unit_number',
  houseLotNumber: 'house_number',
  streetName: 'street_name',
  propertyBuildingName: 'building_name',
  subdivision: 'subdivision_id',
  barangay: 'barangay_id',
  town: 'town_id',
  province: 'province_id',
  zipCode: 'zip_code',
  floorLevel: 'floor',
  floor: 'floor',
  selectBirthDay: 'birth_day',
  selectBirthMonth: 'birth_month',
  selectBirthYear: 'birth_year',
  rELicence: 're_license',
  userWebsite: 'website',
  userSkills: 'user_skills',
  profileStatement: 'profile_statement',
  phone1: 'phone_1',
  phone2: 'phone_2',
  email: 'user_email',
} as const;

/**
 * The Add/Edit User form's camelCase names (legacy-api.md, SaveUser): the account's, plus what an
 * administrator decides. `activeUserDateLimit`, `user_info` and `created_by` are not ours to take
 * (no such field; identity is the session's) and pass through unread.
 */
export const USER_FORM_FIELD_NAMES = {
  ...ACCOUNT_FIELD_NAMES,
  UserType: 'role_id',
  AssociatedAgency: 'associated_agency_id',
  sameAsAgency: 'is_address_same_as_agency',
  selfBroker: 'self_broker',
  associatedBroker: 'associated_broker_id',
  reasonInactive: 'reason',
  inactiveUser: 'user_status',
  openPropertyLimit: 'open_property_limit',
} as const;

/** Renames the old names of `names` to ours; where a request carries both, ours wins. */
function renamed(body: Record<string, unknown>, names: Readonly<Record<string, string>>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const name = names[key] ?? key;
    if (!(name in out) || key === name) out[name] = value;
  }
  return out;
}

/** `schema`, taking the old clients' names (`names`) as well as ours. */
const withOldNames = <S extends z.ZodType>(names: Readonly<Record<string, string>>, schema: S) =>
  z.preprocess(
    (v) => (v && typeof v === 'object' ? renamed(v as Record<string, unknown>, names) : v),
    schema,
  );

export const saveUserRequest = withOldNames(USER_FORM_FIELD_NAMES, withUserRules(userFields));
export const updateUserRequest = withOldNames(
  USER_FORM_FIELD_NAMES,
  withUserRules(userFields.extend({ user_id: id })),
);
/** UpdateProfile: the profile plus the current password, asked for on Save; old names accepted. */
export const updateProfileRequest = withOldNames(
  ACCOUNT_FIELD_NAMES,
  withRealBirthday(
    profileFields.extend({
      verify_password: currentPassword,
    }),
  ),
);

/** A call about one user: deleteUser, GetUserById, sendVerifyOTP. */
export const userIdRequest = z.looseObject({ user_id: id });

/** changeUserStatus: the reason (none when blank) is kept in the user's status history. */
export const changeUserStatusRequest = z.looseObject({
  user_id: id,
  status,
  reason: statusReason,
});

export const verifyOtpRequest = z.looseObject({
  user_id: id,
  verify_otp: textOrNumber(MESSAGES.otpLength, MESSAGES.required)
    .transform(String)
    .pipe(filledAnd(MESSAGES.required, z.string().regex(/^\d{6}$/, MESSAGES.otpLength))),
});
