import { useMemo, type ReactElement } from 'react';
import { useController, type Control, type FieldValues } from 'react-hook-form';
import type { ZodType } from 'zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { ADDRESS_NAMES, addressPanel, type AddressNames } from '../../components/AddressBlock.tsx';
import { EntityForm, EntityFormPage, FullRow } from '../../components/EntityFormPage.tsx';
import { formValues, type FieldKinds } from '../../components/entity-values.ts';
import { FormTextField, FormTextFields, SearchedIdSelect } from '../../components/FormInputs.tsx';
import { IdMultiSelect } from '../../components/IdMultiSelect.tsx';
import { RelatedRecords } from '../../components/RelatedRecords.tsx';
import type { IdSelectProps } from '../../components/IdSelect.tsx';
import { fieldRuleIn, isRequiredIn } from '../../lib/field-rules.ts';
import { organisationRecordQuery } from './api.ts';
import {
  SEARCHED,
  useCapabilityOptions,
  useProvinceOptions,
  useSpecializationOptions,
  type IdName,
} from '../../lib/lookups.ts';
import {
  ORGANISATIONS,
  type LookupSource,
  type MultiFieldDecl,
  type OrganisationDef,
  type OrganisationKey,
} from './definitions.ts';

/** The form's values, by field name (the request is built from them: entity-values.ts). */
type Values = Record<string, unknown>;

/** The address block of every organisation (its province is `address_province_id`). */
const ADDRESS: AddressNames<Values> = { ...ADDRESS_NAMES, province: 'address_province_id' };

const kindsOf = (
  def: Pick<OrganisationDef<object, Record<string, unknown>>, 'basic' | 'notes' | 'multi'>,
): FieldKinds => ({
  text: [
    ...def.basic.map((f) => f.name),
    ...(def.notes ? [def.notes.name] : []),
    ADDRESS.zip,
    ADDRESS.street,
    ADDRESS.house,
    ADDRESS.unit,
    ADDRESS.building!,
    ADDRESS.floor!,
    'reason_for_inactive',
  ],
  ids: [ADDRESS.province, ADDRESS.town, ADDRESS.barangay, ADDRESS.subdivision],
  lists: def.multi.map((f) => f.name),
});

/** The master lookups of the multi-selects: short lists, loaded whole. */
const LOOKUPS: Record<
  Exclude<LookupSource, 'brokerAssociation'>,
  () => { options: IdName[]; isFetching: boolean }
> = {
  specialization: useSpecializationOptions,
  capability: useCapabilityOptions,
  province: useProvinceOptions,
};

/** A multi-select whose options come from its lookup; broker associations, which grow, are searched. */
function LookupMultiSelect<T extends FieldValues>({
  control,
  decl,
  required,
}: {
  control: Control<T>;
  decl: MultiFieldDecl;
  required: boolean;
}) {
  const props = { control, name: decl.name as never, label: decl.label, required };
  if (decl.source === 'brokerAssociation')
    return <SearchedIdSelect<T> {...props} lookup={SEARCHED.brokerAssociations} multiple />;
  return <MasterMultiSelect<T> {...props} useOptions={LOOKUPS[decl.source]} />;
}

function MasterMultiSelect<T extends FieldValues>({
  useOptions,
  ...props
}: Omit<IdSelectProps<T>, 'options' | 'multiple'> & {
  useOptions: () => { options: IdName[]; isFetching: boolean };
}) {
  const { options, isFetching } = useOptions();
  return <IdMultiSelect<T> {...props} options={options} loading={isFetching} />;
}

/** The edit-mode switch ('Inactive Broker') and, while Inactive, the required reason. */
function StatusFields({
  control,
  label,
  shape,
}: {
  control: Control<Values>;
  label: string;
  shape: Record<string, ZodType>;
}) {
  const { field } = useController({ control, name: 'status' });
  const inactive = field.value === 'Inactive';
  return (
    <>
      <FullRow>
        <FormControlLabel
          control={
            <Switch
              checked={inactive}
              onChange={(e) => field.onChange(e.target.checked ? 'Inactive' : 'Active')}
            />
          }
          label={label}
        />
      </FullRow>
      {inactive && (
        <FullRow>
          <FormTextField
            control={control}
            name="reason_for_inactive"
            label="Reason for Inactive"
            kind="notes"
            maxLength={fieldRuleIn(shape, 'reason_for_inactive').maxLength}
            // Required whenever Inactive (a rule across fields).
            required
          />
        </FullRow>
      )}
    </>
  );
}

/** The add/edit form of one organisation (record null: a new one). */
function OrganisationForm<R extends object, Rec extends Record<string, unknown>>({
  def,
  record,
}: {
  def: OrganisationDef<R, Rec>;
  record: Rec | null;
}) {
  const editing = record !== null;
  const shape = def.fields.shape as Record<string, ZodType>;
  const required = (name: string) => isRequiredIn(shape, name);

  const defaultValues = useMemo(() => {
    const values = formValues(kindsOf(def), record);
    if (record) {
      const { idColumn } = def.api.def;
      values[idColumn] = record[idColumn];
      values.status = record.status;
    }
    return values;
  }, [def, record]);

  // The reason belongs to an Inactive record only.
  const adjust = (body: Values) => {
    if (body.status !== 'Inactive') body.reason_for_inactive = null;
  };

  return (
    <EntityForm<Values>
      schema={editing ? def.api.update.input : def.api.save.input}
      defaultValues={defaultValues}
      saveLabel={def.saveLabel}
      editing={editing}
      calls={def.api}
      reloads={[def.api.list, def.api.lookup, def.api.byId]}
      adjust={adjust}
      backTo={def.listPath}
      panels={(form) => [
        {
          title: 'Basic Information',
          content: (
            <>
              <FormTextFields<Values> control={form.control} fields={def.basic} shape={shape} />
              <FullRow pairs>
                {def.multi.map((f) => (
                  <LookupMultiSelect<Values>
                    key={f.name}
                    control={form.control}
                    decl={f}
                    required={required(f.name)}
                  />
                ))}
              </FullRow>
              {def.notes && (
                <FullRow>
                  <FormTextFields<Values> control={form.control} fields={[def.notes]} shape={shape} />
                </FullRow>
              )}
              {editing && <StatusFields control={form.control} label={def.statusLabel} shape={shape} />}
            </>
          ),
        },
        addressPanel(form, { names: ADDRESS, shape, zipLength: def.zipLength }),
      ]}
    />
  );
}

/** The add/edit page of one organisation: `/…/add-agency/{id}`, 0 adds. */
function OrganisationFormPage<R extends object, Rec extends Record<string, unknown>>({
  def,
}: {
  def: OrganisationDef<R, Rec>;
}) {
  return (
    <EntityFormPage<Rec>
      section="Entity"
      title={def.formTitle}
      entity={def.entity}
      routeParam={def.routeParam}
      load={organisationRecordQuery(def)}
      permissions={def.permissions}
      nameOf={def.nameOf}
    >
      {(record) => (
        <>
          <OrganisationForm def={def} record={record} />
          {record && def.related && (
            <RelatedRecords tables={def.related(record[def.api.def.idColumn] as number)} />
          )}
        </>
      )}
    </EntityFormPage>
  );
}

/** Each organisation's form page, typed by its own record. */
const FORMS: Record<OrganisationKey, () => ReactElement> = {
  agency: () => <OrganisationFormPage def={ORGANISATIONS.agency} />,
  brokerAssociation: () => <OrganisationFormPage def={ORGANISATIONS.brokerAssociation} />,
  broker: () => <OrganisationFormPage def={ORGANISATIONS.broker} />,
};

/** The add/edit page of an agency, broker association or broker. */
export function OrganisationFormScreen({ kind }: { kind: OrganisationKey }) {
  return FORMS[kind]();
}
