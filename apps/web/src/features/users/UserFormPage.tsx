import { useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import {
  defaultOpenPropertyLimit,
  isAdminRole,
  isAgentRole,
  ROLE,
  userApi,
  userFields,
  userIssues,
  type AnswerOf,
  type UserFields,
} from '@app/contract';
import { EntityForm, EntityFormPage, FullRow } from '../../components/EntityFormPage.tsx';
import { formValues, type FieldKinds } from '../../components/entity-values.ts';
import { SearchedIdSelect } from '../../components/FormInputs.tsx';
import { OtherDetailsFields, PROFILE_KINDS, withImage } from '../../components/ProfileInputs.tsx';
import { useSession } from '../../lib/auth.ts';
import { resolverWithCrossRules } from '../../lib/forms.ts';
import { SEARCHED, useRoleChoices } from '../../lib/lookups.ts';
import { USERS_PATH } from '../../lib/paths.ts';
import { USER_LISTS, userRecordQuery } from './api.ts';
import { UserAddressPanel } from './UserAddressPanel.tsx';
import { UserBasicPanel } from './UserBasicPanel.tsx';
import { UserSettingsPanel } from './UserSettingsPanel.tsx';

type Values = Record<string, unknown>;
/** A user as GetUserById declares it: the record and its status history. */
type UserRecord = AnswerOf<typeof userApi.GetUserById>['resultData'][number];

const CALLS = { save: userApi.SaveUser, update: userApi.UpdateUser };

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
      load={userRecordQuery}
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
  const [image, setImage] = useState<File | null>(null);
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
      encode={(body) => withImage(body, image)}
      changedOutside={image !== null}
      backTo={USERS_PATH}
      panels={(form) => [
        {
          title: 'Basic Information',
          content: (
            <UserBasicPanel
              form={form}
              currentImage={record?.profileImage}
              fullName={record ? fullName(record) : ''}
              onImage={setImage}
              userTypes={userTypes}
              userTypesLoading={roles.isFetching}
            />
          ),
        },
        { title: 'Address Details', content: <UserAddressPanel form={form} /> },
        { title: 'Other Details', content: <OtherDetailsPanel control={form.control} /> },
        {
          title: 'Settings',
          content: (
            <UserSettingsPanel
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
