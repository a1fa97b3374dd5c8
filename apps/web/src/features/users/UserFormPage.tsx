import { useEffect, useMemo, useRef } from 'react';
import { useController, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import {
  defaultOpenPropertyLimit,
  entityApi,
  isAdminRole,
  isAgentRole,
  hasOpenPropertyLimit,
  openPropertyLimitAfterRoleChange,
  ROLE,
  userApi,
  userFields,
  userIssues,
  type AnswerOf,
  type UserFields,
} from '@app/contract';
import { ADDRESS_NAMES, AddressBlock } from '../../components/AddressBlock.tsx';
import { EntityForm, EntityFormPage, FullRow } from '../../components/EntityFormPage.tsx';
import { formValues, type FieldKinds } from '../../components/entityValues.ts';
import { FormTextField, SearchedIdSelect } from '../../components/FormInputs.tsx';
import { IdSelect } from '../../components/IdSelect.tsx';
import { apiGet } from '../../lib/api.ts';
import { useSession } from '../../lib/auth.ts';
import { resolverWithCrossRules } from '../../lib/forms.ts';
import { SEARCHED, useRoleChoices } from '../../lib/lookups.ts';
import { USERS_PATH } from '../../lib/paths.ts';
import { USER_LISTS } from './api.ts';
import { OtherDetailsFields, PROFILE_KINDS, ProfileImageInput, withImage } from './ProfileInputs.tsx';

type Values = Record<string, unknown>;
/** A user as GetUserById declares it: the record and its status history. */
type UserRecord = AnswerOf<typeof userApi.GetUserById>['resultData'][number];
type StatusChange = UserRecord['status_history'][number];

const CALLS = { save: userApi.SaveUser, update: userApi.UpdateUser };

const ADDRESS_TEXT = PROFILE_KINDS.address.text;
const ADDRESS_IDS = PROFILE_KINDS.address.ids;

const KINDS: FieldKinds = {
  text: [...PROFILE_KINDS.text, 'reason', 'user_status'],
  ids: [...PROFILE_KINDS.ids, 'role_id', 'associated_agency_id'],
  lists: [...PROFILE_KINDS.lists, 'associated_broker_id'],
};

const resolver = resolverWithCrossRules(userFields, (v: UserFields) => userIssues(v));

const fullName = (r: UserRecord) => `${r.first_name} ${r.last_name}`;

/** Add/Edit User (Entity > Users): `/home/users/AgentOperator/add-agent-operator?userId={id}`, none adds. */
export default function UserFormPage() {
  return (
    <EntityFormPage<UserRecord>
      section="Entity"
      title="Users"
      entity="User"
      routeParam="userId"
      load={{ call: userApi.GetUserById, param: 'user_id' }}
      permissions={{ add: 'Add User', edit: 'Edit User' }}
      nameOf={fullName}
    >
      {(record) => <UserForm record={record} />}
    </EntityFormPage>
  );
}

function UserForm({ record }: { record: UserRecord | null }) {
  const { data: session } = useSession();
  const actorRole = session?.userRoleId ?? 0;
  const roles = useRoleChoices();
  // The server says which types you may give (decision 25); the user's own stays shown.
  const userTypes = (roles.data ?? []).filter((r) => r.id === record?.role_id || r.assignable);
  const image = useRef<File | null>(null);
  const editing = record !== null;

  const defaultValues = useMemo(() => {
    const values = formValues(KINDS, record);
    values.is_address_same_as_agency = !!record?.is_address_same_as_agency;
    values.self_broker = !!record?.self_broker;
    values.open_property_limit = record?.open_property_limit ?? defaultOpenPropertyLimit(ROLE.Agent);
    if (!record) {
      values.role_id = ROLE.Agent;
      values.user_status = 'Active';
    }
    return values;
  }, [record]);

  return (
    <EntityForm<Values>
      resolver={resolver}
      schema={userFields}
      defaultValues={defaultValues}
      saveLabel={editing ? 'Update User' : 'Save User'}
      editing={editing}
      calls={CALLS}
      reloads={[...USER_LISTS, userApi.GetUserById]}
      adjust={(body) => {
        if (record) body.user_id = record.user_id;
        body.is_address_same_as_agency = body.is_address_same_as_agency ? 1 : 0;
        body.self_broker = body.self_broker ? 1 : 0;
        if (!isAdminRole(actorRole)) delete body.open_property_limit;
      }}
      encode={(body) => withImage(body, image.current)}
      backTo={USERS_PATH}
      panels={(form) => [
        {
          title: 'Basic Information',
          content: (
            <>
              <ProfileImageInput
                current={record?.profileImage}
                name={record ? fullName(record) : ''}
                onFile={(file) => {
                  image.current = file;
                }}
              />
              <FormTextField
                control={form.control}
                name="first_name"
                label="First Name"
                maxLength={60}
                required
              />
              <FormTextField
                control={form.control}
                name="last_name"
                label="Last Name"
                maxLength={60}
                required
              />
              <FormTextField control={form.control} name="nick_name" label="Nick Name" maxLength={100} />
              <IdSelect<Values>
                control={form.control}
                name="role_id"
                label="User Type"
                options={userTypes}
                loading={roles.isFetching}
                required
              />
              <LimitFollowsType form={form} />
              <FormTextField
                control={form.control}
                name="user_email"
                label="Email"
                kind="email"
                maxLength={254}
                required
              />
              <FormTextField
                control={form.control}
                name="phone_1"
                label="Primary Phone"
                kind="phone"
                maxLength={12}
                required
              />
              <FormTextField
                control={form.control}
                name="phone_2"
                label="Secondary Phone"
                kind="phone"
                maxLength={12}
              />
            </>
          ),
        },
        { title: 'Address Details', content: <AddressPanel form={form} /> },
        { title: 'Other Details', content: <OtherDetailsPanel control={form.control} /> },
        {
          title: 'Settings',
          content: (
            <SettingsPanel
              control={form.control}
              mayEditLimit={isAdminRole(actorRole)}
              history={record?.status_history ?? []}
            />
          ),
        },
      ]}
    />
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

/** The address, or the agency's when 'same as agency' is ticked (copied in, then kept read-only). */
function AddressPanel({ form }: { form: UseFormReturn<Values> }) {
  const { control, setValue, getValues } = form;
  const [sameAsAgency, agencyId, roleId] = useWatch({
    control,
    name: ['is_address_same_as_agency', 'associated_agency_id', 'role_id'],
  });
  const { field } = useController({ control, name: 'is_address_same_as_agency' });

  const copyAgencyAddress = async (agency: number) => {
    const answer = await apiGet(entityApi.GetAssociatedAgencyAddressWithoutPagination, {
      associated_agency_id: agency,
    });
    const address = answer.resultData[0];
    if (!address) return;
    // The form's fields in its order (place by place down the cascade), each from the answer's field.
    const fields = new Map(Object.entries(address));
    for (const name of [...ADDRESS_TEXT, ...ADDRESS_IDS]) {
      const value = fields.get(name);
      setValue(name, ADDRESS_IDS.includes(name) ? (value ?? null) : value == null ? '' : String(value), {
        shouldValidate: true,
      });
    }
  };

  return (
    <>
      <FullRow>
        <FormControlLabel
          control={
            <Checkbox
              checked={!!sameAsAgency}
              disabled={!agencyId}
              onChange={(e) => {
                field.onChange(e.target.checked);
                const agency = Number(getValues('associated_agency_id'));
                if (e.target.checked && agency > 0) void copyAgencyAddress(agency);
              }}
            />
          }
          label={
            agencyId
              ? 'Address same as agency'
              : 'Address same as agency (choose an agency under Other Details)'
          }
        />
      </FullRow>
      <fieldset disabled={!!sameAsAgency} style={{ display: 'contents', border: 0 }}>
        <AddressBlock<Values>
          control={control}
          setValue={setValue}
          names={ADDRESS_NAMES}
          shape={Number(roleId) === ROLE.Individual ? {} : ADDRESS_REQUIRED}
          zipLength={4}
        />
      </fieldset>
    </>
  );
}

/**
 * Required marks of the address, in the shape AddressBlock reads (a schema refusing a missing value
 * marks its field). The rule itself is the contract's userIssues.
 */
const ADDRESS_REQUIRED = Object.fromEntries(
  ['house_number', 'street_name', 'province_id', 'town_id', 'barangay_id', 'zip_code'].map((n) => [
    n,
    z.string(),
  ]),
);

function OtherDetailsPanel({ control }: { control: Control<Values> }) {
  const roleId = Number(useWatch({ control, name: 'role_id' }));
  const agent = isAgentRole(roleId);
  return (
    <>
      <SearchedIdSelect<Values>
        control={control}
        name="associated_agency_id"
        label="Associated Agency"
        lookup={SEARCHED.agencies}
        required={agent}
      />
      <FullRow>
        <SearchedIdSelect<Values>
          control={control}
          name="associated_broker_id"
          label="Associated Brokers"
          lookup={SEARCHED.brokers}
          required={agent}
          multiple
        />
      </FullRow>
      <OtherDetailsFields control={control} licenceRequired={agent} />
    </>
  );
}

function SettingsPanel({
  control,
  mayEditLimit,
  history,
}: {
  control: Control<Values>;
  mayEditLimit: boolean;
  history: StatusChange[];
}) {
  const { field: status, fieldState } = useController({ control, name: 'user_status' });
  const { field: limit, fieldState: limitState } = useController({ control, name: 'open_property_limit' });
  const limited = hasOpenPropertyLimit(Number(useWatch({ control, name: 'role_id' })));
  return (
    <>
      <TextField
        select
        label="Status"
        name={status.name}
        inputRef={status.ref}
        value={status.value ?? 'Active'}
        onChange={(e) => status.onChange(e.target.value)}
        onBlur={status.onBlur}
        error={!!fieldState.error}
        helperText={fieldState.error?.message ?? ' '}
      >
        {status.value === 'New' && <MenuItem value="New">New</MenuItem>}
        <MenuItem value="Active">Active</MenuItem>
        <MenuItem value="Inactive">Inactive</MenuItem>
      </TextField>
      <TextField
        label="Open Property Limit"
        name={limit.name}
        inputRef={limit.ref}
        value={limit.value ?? ''}
        onChange={(e) => limit.onChange(e.target.value.replace(/\D/g, '').slice(0, 3))}
        onBlur={limit.onBlur}
        required
        disabled={!mayEditLimit}
        error={!!limitState.error}
        helperText={
          limitState.error?.message ??
          (!limited ? 'Admins are not limited' : mayEditLimit ? ' ' : 'Set by an Admin')
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
      />
      {status.value === 'Inactive' && (
        <FullRow>
          <FormTextField
            control={control}
            name="reason"
            label="Reason for Inactive"
            kind="notes"
            maxLength={500}
            required
          />
        </FullRow>
      )}
      {history.length > 0 && (
        <FullRow>
          <Typography component="h3" variant="subtitle2" sx={{ mt: 1, mb: 0.5 }}>
            Status history
          </Typography>
          <Table size="small" aria-label="Status history">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Change</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>By</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.map((h) => (
                <TableRow key={`${h.changed_at}-${h.new_status}`}>
                  <TableCell>{new Date(h.changed_at).toLocaleString()}</TableCell>
                  <TableCell>
                    {h.old_status} → {h.new_status}
                  </TableCell>
                  <TableCell>{h.reason ?? ''}</TableCell>
                  <TableCell>{h.changed_by_name ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </FullRow>
      )}
    </>
  );
}
