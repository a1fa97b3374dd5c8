import { useEffect, useId, useState } from 'react';
import { useController, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { BIRTH_YEARS, daysInMonth, MESSAGES, profileFields } from '@app/contract';
import { fieldRule } from '../lib/field-rules.ts';
import { IMAGE_ACCEPT, imageFileProblem } from '../lib/image-file.ts';
import { useUserSkillOptions } from '../lib/lookups.ts';
import { ADDRESS_NAMES } from './AddressBlock.tsx';
import { FullRow } from './EntityFormPage.tsx';
import type { FieldKinds } from './entity-values.ts';
import { FormNumberSelectField as NumberSelect, FormTextField } from './FormInputs.tsx';
import { IdMultiSelect } from './IdMultiSelect.tsx';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const YEARS = Array.from({ length: BIRTH_YEARS.to - BIRTH_YEARS.from + 1 }, (_, i) => BIRTH_YEARS.from + i);

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** Day, month and year of birth; the day list has only the days of the chosen month (and year). */
export function BirthdayFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  const [month, year] = useWatch({ control, name: ['birth_month', 'birth_year'] as Path<T>[] }) as unknown[];
  const days = daysInMonth(numberOrNull(month) ?? 1, numberOrNull(year));
  const { field: day } = useController({ control, name: 'birth_day' as Path<T> });
  const { onChange: setDay, value: dayValue } = day;
  // A day the new month lacks (31 after choosing April) is cleared rather than kept invalid.
  useEffect(() => {
    if (numberOrNull(dayValue) !== null && Number(dayValue) > days) setDay(null);
  }, [days, dayValue, setDay]);
  return (
    <>
      <NumberSelect
        control={control}
        name={'birth_month' as Path<T>}
        label="Birth Month"
        options={MONTHS.map((label, i) => ({ value: i + 1, label }))}
      />
      <NumberSelect
        control={control}
        name={'birth_day' as Path<T>}
        label="Birth Day"
        options={Array.from({ length: days }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
      />
      <NumberSelect
        control={control}
        name={'birth_year' as Path<T>}
        label="Birth Year"
        options={YEARS.map((y) => ({ value: y, label: String(y) }))}
      />
    </>
  );
}

/** How long a profile's texts may be, as the contract's profile declares them. */
const maxLengthOf = (name: string) => fieldRule(profileFields, name).maxLength;

/** The Other Details of a user: licence, website, skills, birthday and profile statement. */
export function OtherDetailsFields<T extends FieldValues>({
  control,
  licenceRequired = false,
}: {
  control: Control<T>;
  licenceRequired?: boolean;
}) {
  const skills = useUserSkillOptions();
  return (
    <>
      <FormTextField
        control={control}
        name={'re_license' as Path<T>}
        label="RE Licence"
        maxLength={maxLengthOf('re_license')}
        required={licenceRequired}
      />
      <FormTextField
        control={control}
        name={'website' as Path<T>}
        label="Website"
        maxLength={maxLengthOf('website')}
      />
      <IdMultiSelect
        control={control}
        name={'user_skills' as Path<T>}
        label="Skills"
        options={skills.options}
        loading={skills.isFetching}
      />
      <BirthdayFields control={control} />
      <FullRow>
        <FormTextField
          control={control}
          name={'profile_statement' as Path<T>}
          label="Profile Statement"
          kind="notes"
          maxLength={maxLengthOf('profile_statement')}
          hint="Up to 100 words"
        />
      </FullRow>
    </>
  );
}

/**
 * The profile picture: the current one (or the chosen file's preview) and a button to choose a
 * .jpg or .png of at most 1 MB. The server checks the bytes again.
 */
export function ProfileImageInput({
  current,
  name,
  onFile,
}: {
  current: string | null | undefined;
  name: string;
  onFile: (file: File | null) => void;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <FullRow>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Avatar
          src={preview ?? current ?? undefined}
          alt={name ? `Profile picture of ${name}` : ''}
          sx={{ width: 72, height: 72 }}
        />
        <Box>
          <Button component="label" htmlFor={id} variant="outlined" startIcon={<PhotoCameraIcon />}>
            Upload Photo
          </Button>
          <input
            id={id}
            type="file"
            hidden
            accept={IMAGE_ACCEPT}
            aria-label="Profile picture"
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              e.target.value = '';
              if (!file) return;
              const problem = imageFileProblem(file, MESSAGES.profileImageLimit);
              setError(problem);
              if (problem) return;
              setPreview(URL.createObjectURL(file));
              onFile(file);
            }}
          />
          <FormHelperText error={!!error}>{error ?? '.jpg or .png, at most 1 MB'}</FormHelperText>
        </Box>
      </Box>
    </FullRow>
  );
}

/** A multipart body: the request's fields and, when chosen, the picture. */
export function withImage(
  body: Record<string, unknown>,
  file: File | null,
): Record<string, unknown> | FormData {
  if (!file) return body;
  const data = new FormData();
  for (const [k, v] of Object.entries(body)) if (v !== null && v !== undefined) data.append(k, String(v));
  data.append('profile_image', file);
  return data;
}

const ADDRESS_TEXT: readonly string[] = [
  ADDRESS_NAMES.zip,
  ADDRESS_NAMES.street,
  ADDRESS_NAMES.house,
  ADDRESS_NAMES.unit,
  ADDRESS_NAMES.building,
  ADDRESS_NAMES.floor,
];
const ADDRESS_IDS: readonly string[] = [
  ADDRESS_NAMES.province,
  ADDRESS_NAMES.town,
  ADDRESS_NAMES.barangay,
  ADDRESS_NAMES.subdivision,
];

/** The form fields of a user's own profile by kind: the Account Details form, extended by the user form. */
export const PROFILE_KINDS = {
  text: [
    'first_name',
    'last_name',
    'nick_name',
    'user_email',
    'phone_1',
    'phone_2',
    're_license',
    'website',
    'profile_statement',
    ...ADDRESS_TEXT,
  ],
  ids: ['birth_day', 'birth_month', 'birth_year', ...ADDRESS_IDS],
  lists: ['user_skills'],
  address: { text: ADDRESS_TEXT, ids: ADDRESS_IDS },
} as const satisfies FieldKinds & { address: { text: readonly string[]; ids: readonly string[] } };
