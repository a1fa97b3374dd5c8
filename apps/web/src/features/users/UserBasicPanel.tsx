import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { openPropertyLimitAfterRoleChange, userFields } from '@app/contract';
import { PHONE_FIELDS, type TextFieldDecl } from '../../components/field-decls.ts';
import { FormTextFields } from '../../components/FormInputs.tsx';
import { IdSelect } from '../../components/IdSelect.tsx';
import { ProfileImageInput } from '../../components/ProfileInputs.tsx';
import type { IdName } from '../../lib/lookups.ts';

type Values = Record<string, unknown>;

const NAMES: readonly TextFieldDecl[] = [
  { name: 'first_name', label: 'First Name' },
  { name: 'last_name', label: 'Last Name' },
  { name: 'nick_name', label: 'Nick Name' },
];
const CONTACTS: readonly TextFieldDecl[] = [
  { name: 'user_email', label: 'Email', kind: 'email' },
  ...PHONE_FIELDS,
];

/** Basic Information: picture, names, user type, e-mail and phones. */
export function UserBasicPanel({
  form,
  currentImage,
  fullName,
  onImage,
  userTypes,
  userTypesLoading,
}: {
  form: UseFormReturn<Values>;
  currentImage: string | null | undefined;
  fullName: string;
  onImage: (file: File | null) => void;
  userTypes: IdName[];
  userTypesLoading: boolean;
}) {
  return (
    <>
      <ProfileImageInput current={currentImage} name={fullName} onFile={onImage} />
      <FormTextFields<Values> control={form.control} fields={NAMES} shape={userFields.shape} />
      <IdSelect<Values>
        control={form.control}
        name="role_id"
        label="User Type"
        options={userTypes}
        loading={userTypesLoading}
        required
      />
      <LimitFollowsType form={form} />
      <FormTextFields<Values> control={form.control} fields={CONTACTS} shape={userFields.shape} />
    </>
  );
}

/**
 * A change of type takes the open property limit to the new type's default (5 for agents, 999 for the
 * others) while it is still the old type's default; a limit somebody typed stays. The server's rule too
 * (decision 29).
 */
function LimitFollowsType({ form }: { form: UseFormReturn<Values> }) {
  const { control, getValues, setValue } = form;
  const roleId = Number(useWatch({ control, name: 'role_id' }));
  const previous = useRef(roleId);
  useEffect(() => {
    const before = previous.current;
    previous.current = roleId;
    if (!before || !roleId || before === roleId) return;
    const limit = Number(getValues('open_property_limit'));
    const next = openPropertyLimitAfterRoleChange(limit, before, roleId);
    if (next !== limit) setValue('open_property_limit', next, { shouldDirty: true, shouldValidate: true });
  }, [roleId, getValues, setValue]);
  return null;
}
