import { useMemo } from 'react';
import type { Control } from 'react-hook-form';
import type { ZodType } from 'zod';
import { requiredId, seesAllAgencies, sellerFields } from '@app/contract';
import { addressPanel, type AddressNames } from '../../components/AddressBlock.tsx';
import { EntityForm, EntityFormPage, FullRow } from '../../components/EntityFormPage.tsx';
import { formValues, type FieldKinds } from '../../components/entity-values.ts';
import { EMAIL_FIELD, PHONE_FIELDS, type TextFieldDecl } from '../../components/field-decls.ts';
import { FormTextFields, SearchedIdSelect } from '../../components/FormInputs.tsx';
import { RelatedRecords } from '../../components/RelatedRecords.tsx';
import { useSession } from '../../lib/auth.ts';
import { SEARCHED } from '../../lib/lookups.ts';
import { sellerRecordQuery } from './api.ts';
import { CALLS, nameOf, PERMISSIONS, SELLER_LIST_PATH, type SellerRecord } from './seller.ts';

/** The form's values, by field name (the request is built from them: entity-values.ts). */
type Values = Record<string, unknown>;

const ADDRESS: AddressNames<Values> = {
  province: 'province_id',
  town: 'town_id',
  barangay: 'barangay_id',
  subdivision: 'subdivision_id',
  zip: 'zipcode',
  street: 'street_name',
  house: 'house_no',
  unit: 'unit_number',
};

const BASIC: readonly TextFieldDecl[] = [
  { name: 'seller_name', label: 'Seller Name' },
  { name: 'property_owner_name', label: 'Property Owner Name' },
  ...PHONE_FIELDS,
  EMAIL_FIELD,
];
const NOTES: TextFieldDecl = {
  name: 'notes_about_seller',
  label: 'Notes About Seller',
  kind: 'notes',
};

const KINDS: FieldKinds = {
  text: [...[...BASIC, NOTES].map((f) => f.name), ADDRESS.zip, ADDRESS.street, ADDRESS.house, ADDRESS.unit],
  ids: [ADDRESS.province, ADDRESS.town, ADDRESS.barangay, ADDRESS.subdivision, 'agency_id'],
  lists: [],
};

/**
 * The agency chooser, for those who choose a seller's agency. The lookup offers Active agencies; the
 * seller's own agency stays shown by name when it has become Inactive.
 */
function AgencySelect({ control, record }: { control: Control<Values>; record: SellerRecord | null }) {
  const currentId = record?.agency_id ?? 0;
  const known = currentId > 0 && record?.agency_name ? [{ id: currentId, name: record.agency_name }] : [];
  return (
    <SearchedIdSelect<Values>
      control={control}
      name="agency_id"
      label="Agency"
      lookup={SEARCHED.agencies}
      known={known}
      required
    />
  );
}

/**
 * The seller form. Operators, Admins and Super Admins choose the agency (required); an Agent's or
 * Owner-Agent's seller belongs to their own agency, set by the server.
 */
function SellerForm({ record, choosesAgency }: { record: SellerRecord | null; choosesAgency: boolean }) {
  const editing = record !== null;
  const shape: Record<string, ZodType> = sellerFields.shape;
  const schema = useMemo(() => {
    const request = editing ? CALLS.update.input : CALLS.save.input;
    // The contract requires the chosen agency by a refinement of the whole request, which zod runs
    // only once every field is valid; the same rule on the field shows its message with the others.
    return choosesAgency ? request.extend({ agency_id: requiredId }) : request;
  }, [editing, choosesAgency]);
  const defaultValues = useMemo(() => {
    const values = formValues(KINDS, record);
    if (record) values.seller_id = record.seller_id;
    return values;
  }, [record]);

  // An Agent's seller stays in the Agent's agency: the server decides, nothing is sent.
  const adjust = (body: Values) => {
    if (!choosesAgency) delete body.agency_id;
  };

  return (
    <EntityForm<Values>
      schema={schema}
      defaultValues={defaultValues}
      saveLabel="Save"
      editing={editing}
      calls={CALLS}
      reloads={[CALLS.list, CALLS.lookup, CALLS.byId]}
      adjust={adjust}
      backTo={SELLER_LIST_PATH}
      panels={(form) => [
        {
          title: 'Basic Information',
          content: (
            <>
              <FormTextFields<Values> control={form.control} fields={BASIC} shape={shape} />
              {choosesAgency && <AgencySelect control={form.control} record={record} />}
              <FullRow>
                <FormTextFields<Values> control={form.control} fields={[NOTES]} shape={shape} />
              </FullRow>
            </>
          ),
        },
        addressPanel(form, { names: ADDRESS, shape, zipLength: 6 }),
      ]}
    />
  );
}

/** Add/edit seller page: `/home/Broker/add-seller/{sellerId}`, 0 adds. */
export function SellerFormPage() {
  const { data: session } = useSession();
  const choosesAgency = seesAllAgencies(session?.userRoleId ?? 0);
  return (
    <EntityFormPage<SellerRecord>
      section="Entity"
      title="Seller Details"
      entity="Seller"
      routeParam="sellerId"
      load={sellerRecordQuery}
      permissions={PERMISSIONS}
      nameOf={nameOf}
    >
      {(record) => (
        <>
          <SellerForm record={record} choosesAgency={choosesAgency} />
          {record && (
            <RelatedRecords
              tables={[
                {
                  kind: 'listings',
                  title: 'Listings',
                  filter: { seller_id: record.seller_id },
                  emptyText: 'This seller has no listings.',
                },
              ]}
            />
          )}
        </>
      )}
    </EntityFormPage>
  );
}
