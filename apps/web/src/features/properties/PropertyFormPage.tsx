import { useMemo } from 'react';
import { useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  COUNT_CHOICES,
  DOMAINS,
  FLOOR_LEVELS,
  FURNISHING_CHOICES,
  MAXIMUM_RENTAL_PERIODS,
  MESSAGES,
  MINIMUM_RENTAL_PERIODS,
  PRICING_UNITS,
  PROPERTY_STATUSES,
  RENT_DUE_DAYS,
  ROLE,
  YES_NO,
  FEATURE_CHECKED,
  pricePerSqM,
  propertyApi,
  propertyDefaults,
  propertyFields,
  propertyIssues,
  propertyPanels,
  propertyUpdateFields,
  rentalExpiryLimit,
  seesAllAgencies,
  type AnswerOf,
  type PropertyFields,
} from '@app/contract';
import { AddressBlock, type AddressNames } from '../../components/AddressBlock.tsx';
import { EntityForm, EntityFormPage, FullRow, type FormPanelDef } from '../../components/EntityFormPage.tsx';
import { formValues, type FieldKinds } from '../../components/entityValues.ts';
import {
  FormNumberSelectField,
  FormSelectField,
  FormTextField,
  isRequiredIn,
  SearchedIdSelect,
} from '../../components/FormInputs.tsx';
import { IdSelect } from '../../components/IdSelect.tsx';
import { useSession } from '../../lib/auth.ts';
import { resolverWithCrossRules } from '../../lib/forms.ts';
import {
  SEARCHED,
  useAgencyAgentOptions,
  useAgriTypeOptions,
  useProductCategoryOptions,
  useProductModeOptions,
  usePropertyClassificationOptions,
  usePropertyTypes,
  useZoningCodeOptions,
  type IdName,
  type SearchedLookup,
} from '../../lib/lookups.ts';
import { notify } from '../../lib/notify.ts';
import { PROPERTY_LIST_PATH, PROPERTY_RELOADS } from './api.ts';
import { DateField, FlagField, FreeSoloField, ReadOnlyField } from './PropertyInputs.tsx';

/** The form's values by wire name (the request schema parses them). */
type Values = Record<string, unknown>;
/** A history row names a database column ('land_area'); people read 'Land area'. */
const fieldLabel = (column: string) => {
  const words = column.replace(/_id$/, '').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A property as GetPropertyById declares it: the record and its modification history. */
type PropertyRecord = AnswerOf<typeof propertyApi.GetPropertyById>['resultData'][number];

const ADDRESS: AddressNames<Values> = {
  province: 'province_id',
  town: 'town_id',
  barangay: 'barangay_id',
  subdivision: 'subdivison_id',
  zip: 'zipcode',
  street: 'street_name',
  house: 'house_lot_no',
  unit: 'unit_no',
  building: 'property_building_name',
};

const DWELLING_FIELDS = [
  'no_bedrooms',
  'no_toilets',
  'car_spaces_uncovered_property',
  'garage_spaces_covered_property',
  'furnishing',
] as const;
const RENT_FIELDS = [
  'rental_price_asked',
  'rental_pricing_unit',
  'minimum_rental_period_rent',
  'car_spaces_rent',
  'date_of_month_rent_due',
  'period_can_extend',
  'current_rental_expires',
  'date_rental_started',
] as const;
const SALE_FIELDS = ['sale_price', 'minimum_rental_period_sale'] as const;
const FEATURE_FLAGS = [
  { name: 'garage', label: 'Garage' },
  { name: 'elevator', label: 'Elevator' },
  { name: 'freewifi', label: 'Free Wi-Fi' },
  { name: 'fireplace', label: 'Fireplace' },
  { name: 'swimming_pool', label: 'Swimming Pool' },
] as const;
const SWITCHES = ['rental_switch_on', 'sale_switch_on'] as const;
const DATES = ['date_rental_started', 'current_rental_expires', 'active_date'] as const;
/** The status panel's fields: an update sends them, a new property starts Open on the server. */
const STATUS_FIELDS = [
  'status',
  'suspendedReason',
  'priceRented',
  'priceSoldFor',
  'zonalValue',
  'zonningCode',
  'active_date',
] as const;
const NUMBER_CHOICES = [
  'no_bedrooms',
  'no_toilets',
  'car_spaces_uncovered_property',
  'garage_spaces_covered_property',
  'date_of_month_rent_due',
] as const;

const KINDS: FieldKinds = {
  text: [
    'property_name',
    'property_headline',
    'property_description',
    'domain',
    'land_area',
    'building_area',
    'year',
    ADDRESS.zip,
    ADDRESS.street,
    ADDRESS.house,
    ADDRESS.unit,
    ADDRESS.building!,
    'longitude',
    'latitude',
    'furnishing',
    'select_floor_level',
    'rental_price_asked',
    'rental_pricing_unit',
    'minimum_rental_period_rent',
    'car_spaces_rent',
    'period_can_extend',
    'sale_price',
    'cooling',
    'heatingtype',
    'exteriour',
    'kitchen',
    'status',
    'suspendedReason',
    'priceRented',
    'priceSoldFor',
    'zonalValue',
    ...DATES,
  ],
  ids: [
    'seller_id',
    'associatedBroker',
    'agent_id',
    'secondary_agent_id',
    'third_agent_id',
    'property_classification_id',
    'product_category_id',
    'property_type_id',
    'agri_type',
    ADDRESS.province,
    ADDRESS.town,
    ADDRESS.barangay,
    ADDRESS.subdivision,
    'minimum_rental_period_sale',
    'zonningCode',
  ],
  lists: [],
};

const money = (n: number) => n.toFixed(2);
const asChoices = (ns: readonly number[]) => ns.map((n) => ({ value: n, label: String(n) }));
const COUNTS = asChoices(COUNT_CHOICES);
const DUE_DAYS = asChoices(RENT_DUE_DAYS);

function initialValues(record: PropertyRecord | null): Values {
  const values = formValues(KINDS, record);
  if (!record) {
    const d = propertyDefaults();
    Object.assign(values, { ...d, year: String(d.year) });
  } else {
    values.id = record.id;
    values.isFeatured = record.isFeatured ? 'Yes' : 'No';
  }
  for (const name of NUMBER_CHOICES) values[name] = record?.[name] ?? null;
  for (const { name } of FEATURE_FLAGS) values[name] = record?.[name] ?? false;
  for (const name of SWITCHES) values[name] = record?.[name] ?? false;
  values.price_per_sq_m = record ? pricePerSqM(record.sale_price, record.land_area) : 0;
  return values;
}

/** Add/Edit Property (Property > Property List): `/home/Property/add-property?id={id}`, none adds. */
export default function PropertyFormPage() {
  return (
    <EntityFormPage<PropertyRecord>
      section="Property"
      title="Property Details"
      entity="Property"
      routeParam="id"
      load={{ call: propertyApi.GetPropertyById, param: 'id' }}
      permissions={{ add: 'Add Property', edit: 'Edit Property' }}
      nameOf={(r) => r.property_name}
    >
      {(record) => <PropertyForm record={record} />}
    </EntityFormPage>
  );
}

function PropertyForm({ record }: { record: PropertyRecord | null }) {
  const { data: session } = useSession();
  const roleId = session?.userRoleId ?? 0;
  const editing = record !== null;
  const types = usePropertyTypes();
  const dwellingOf = (typeId: unknown) =>
    types.data?.find((t) => t.property_type_id === Number(typeId))?.dwelling_type === 'Yes';

  // Which types are dwellings comes from the type lookup: the resolver follows it once loaded.
  const typeRows = types.data;
  const resolver = useMemo(() => {
    const fields = editing ? propertyUpdateFields : propertyFields;
    const dwellings = new Set(
      (typeRows ?? []).filter((t) => t.dwelling_type === 'Yes').map((t) => t.property_type_id),
    );
    return resolverWithCrossRules(fields, (v: PropertyFields & { property_type_id: number }) =>
      propertyIssues(v, { dwelling: dwellings.has(v.property_type_id) }),
    );
  }, [editing, typeRows]);
  const defaultValues = useMemo(() => initialValues(record), [record]);

  return (
    <EntityForm<Values>
      schema={editing ? propertyUpdateFields : propertyFields}
      resolver={resolver}
      defaultValues={defaultValues}
      saveLabel={editing ? 'Update Property' : 'Save Property'}
      editing={editing}
      calls={{ save: propertyApi.saveproperty, update: propertyApi.updateproperty }}
      reloads={PROPERTY_RELOADS}
      backTo={PROPERTY_LIST_PATH}
      onInvalid={() => notify.error(MESSAGES.missingInTabs)}
      adjust={(body) => {
        const shown = propertyPanels(
          body as Parameters<typeof propertyPanels>[0],
          dwellingOf(body.property_type_id),
        );
        // What a hidden panel holds is not part of this property.
        const clear = (names: readonly string[]) => names.forEach((n) => (body[n] = null));
        if (!shown.dwelling) clear(DWELLING_FIELDS);
        if (!shown.rent) clear([...RENT_FIELDS, 'rental_switch_on']);
        if (!shown.sale) clear([...SALE_FIELDS, 'sale_switch_on']);
        if (!shown.agriType) clear(['agri_type']);
        if (editing && !shown.suspendedReason) clear(['suspendedReason']);
        if (!editing) STATUS_FIELDS.forEach((n) => delete body[n]);
        if (roleId === ROLE.Individual) delete body.seller_id;
        delete body.price_per_sq_m;
        body.isFeatured = body.isFeatured ? 1 : 0;
        for (const name of SWITCHES) body[name] = body[name] ? 1 : 0;
        for (const { name } of FEATURE_FLAGS) body[name] = body[name] ? FEATURE_CHECKED : 'No';
      }}
      panels={(form) => {
        const [category, classification, typeId, status] = form.watch([
          'product_category_id',
          'property_classification_id',
          'property_type_id',
          'status',
        ]);
        const shown = propertyPanels(
          {
            product_category_id: Number(category) || null,
            property_classification_id: Number(classification) || null,
            status: typeof status === 'string' ? status : null,
          },
          dwellingOf(typeId),
        );
        const panels: (FormPanelDef | false)[] = [
          {
            title: 'Basic Information',
            content: (
              <BasicPanel
                control={form.control}
                agriType={shown.agriType}
                showSeller={roleId !== ROLE.Individual}
                everyAgency={seesAllAgencies(roleId)}
                typesLoading={types.isFetching}
                typeOptions={types.options}
              />
            ),
          },
          editing && {
            title: 'Property Status and Modification History Tracking',
            content: <StatusPanel control={form.control} suspended={shown.suspendedReason} record={record} />,
          },
          {
            title: 'Address Details',
            content: (
              <AddressBlock<Values>
                control={form.control}
                setValue={form.setValue}
                names={ADDRESS}
                shape={propertyFields.shape}
                zipLength={4}
                zipReadOnly
              />
            ),
          },
          shown.dwelling && {
            title: 'Property: Dwelling',
            content: <DwellingPanel control={form.control} />,
          },
          shown.rent && {
            title: 'Product Category = For Rent',
            content: <RentPanel control={form.control} />,
          },
          shown.sale && { title: 'For Sale', content: <SalePanel form={form} /> },
          { title: 'Detail & Features', content: <FeaturesPanel control={form.control} /> },
        ];
        return panels.filter((p): p is FormPanelDef => !!p);
      }}
    />
  );
}

const required = (name: string) => isRequiredIn(propertyFields.shape, name);

function BasicPanel({
  control,
  agriType,
  showSeller,
  everyAgency,
  typeOptions,
  typesLoading,
}: {
  control: Control<Values>;
  agriType: boolean;
  showSeller: boolean;
  everyAgency: boolean;
  typeOptions: IdName[];
  typesLoading: boolean;
}) {
  const classifications = usePropertyClassificationOptions();
  const categories = useProductCategoryOptions();
  const agriTypes = useAgriTypeOptions(agriType);
  const agencyAgents = useAgencyAgentOptions(!everyAgency);
  type Lookup = { options: IdName[]; isFetching: boolean };
  const types: Lookup = { options: typeOptions, isFetching: typesLoading };
  // The lookup selects in their order on the panel; Featured and Domain sit between them and `people`.
  const selects: { name: string; label: string; lookup: Lookup; required?: boolean; shown?: boolean }[] = [
    {
      name: 'property_classification_id',
      label: 'Property Classification',
      lookup: classifications,
      required: true,
    },
    { name: 'product_category_id', label: 'Product Category', lookup: categories, required: true },
    { name: 'property_type_id', label: 'Property Type', lookup: types, required: true },
    { name: 'agri_type', label: 'Agricultural Type', lookup: agriTypes, required: true, shown: agriType },
  ];
  // Sellers, agents of every agency and brokers are searched: there can be many thousands.
  const agents = everyAgency ? SEARCHED.agents : agencyAgents;
  const people: { name: string; label: string; lookup: SearchedLookup | Lookup; shown?: boolean }[] = [
    { name: 'seller_id', label: 'Seller', lookup: SEARCHED.sellers, shown: showSeller },
    { name: 'agent_id', label: 'Agent', lookup: agents },
    { name: 'secondary_agent_id', label: 'Agent 2', lookup: agents },
    { name: 'third_agent_id', label: 'Agent 3', lookup: agents },
    { name: 'associatedBroker', label: 'Associated Broker', lookup: SEARCHED.brokers },
  ];
  const lookupSelect = (s: (typeof selects)[number]) =>
    s.shown !== false && (
      <IdSelect<Values>
        key={s.name}
        control={control}
        name={s.name}
        label={s.label}
        options={s.lookup.options}
        loading={s.lookup.isFetching}
        required={!!s.required}
      />
    );
  const personSelect = ({ name, label, lookup, shown }: (typeof people)[number]) =>
    shown !== false &&
    ('call' in lookup ? (
      <SearchedIdSelect<Values> key={name} control={control} name={name} label={label} lookup={lookup} />
    ) : (
      lookupSelect({ name, label, lookup })
    ));
  return (
    <>
      <FormTextField
        control={control}
        name="property_name"
        label="Property Name"
        maxLength={200}
        hint="Up to 6 words"
        required
      />
      <FullRow>
        <FormTextField
          control={control}
          name="property_headline"
          label="Property Headline"
          maxLength={500}
          hint="Up to 25 words"
          required
        />
      </FullRow>
      <FullRow>
        <FormTextField
          control={control}
          name="property_description"
          label="Property Description"
          kind="notes"
          maxLength={6000}
          hint="Up to 500 words"
          required
        />
      </FullRow>
      {selects.map(lookupSelect)}
      <FormSelectField control={control} name="isFeatured" label="Featured" options={YES_NO} required />
      <FormSelectField control={control} name="domain" label="Domain" options={DOMAINS} />
      {people.map(personSelect)}
      <FormTextField
        control={control}
        name="land_area"
        label="Land Area (SqM)"
        maxLength={15}
        required={required('land_area')}
      />
      <FormTextField control={control} name="building_area" label="Building Area (SqM)" maxLength={15} />
      <FormTextField control={control} name="year" label="Year" kind="digits" maxLength={4} />
    </>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString();
/** The day of a moment the record holds (an ISO timestamp), or a dash. */
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '–');

function StatusPanel({
  control,
  suspended,
  record,
}: {
  control: Control<Values>;
  suspended: boolean;
  record: PropertyRecord | null;
}) {
  const zoning = useZoningCodeOptions();
  const history = record?.history ?? [];
  return (
    <>
      <FormSelectField control={control} name="status" label="Status" options={PROPERTY_STATUSES} required />
      {suspended && (
        <FormTextField
          control={control}
          name="suspendedReason"
          label="Suspended Reason"
          maxLength={500}
          required
        />
      )}
      <FormTextField control={control} name="priceRented" label="Price Rented" maxLength={15} />
      <FormTextField control={control} name="priceSoldFor" label="Price Sold For" maxLength={15} />
      <FormTextField control={control} name="zonalValue" label="Zonal Value" maxLength={15} />
      <IdSelect<Values>
        control={control}
        name="zonningCode"
        label="Zoning Code"
        options={zoning.options}
        loading={zoning.isFetching}
      />
      <DateField control={control} name="active_date" label="Active Date" />
      {record && (
        <FullRow>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            First added {day(record.date_first_added)} · Last modified {day(record.date_last_modified)} · Last
            status change {day(record.date_last_status_change)} · Sold {day(record.date_sold)} · Suspended{' '}
            {day(record.date_suspended)}
          </Typography>
        </FullRow>
      )}
      <FullRow>
        <Typography component="h3" variant="subtitle2" sx={{ mt: 1, mb: 0.5 }}>
          Modification history
        </Typography>
        {history.length === 0 ? (
          <Typography variant="body2">{MESSAGES.noData}</Typography>
        ) : (
          <Table size="small" aria-label="Modification history">
            <TableHead>
              <TableRow>
                <TableCell>Field</TableCell>
                <TableCell>Old</TableCell>
                <TableCell>New</TableCell>
                <TableCell>By</TableCell>
                <TableCell>When</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.map((h, i) => (
                <TableRow key={`${h.changed_at}-${h.field}-${i}`}>
                  <TableCell>{fieldLabel(h.field)}</TableCell>
                  <TableCell>{h.old_value ?? ''}</TableCell>
                  <TableCell>{h.new_value ?? ''}</TableCell>
                  <TableCell>{h.changed_by_name ?? ''}</TableCell>
                  <TableCell>{when(h.changed_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </FullRow>
    </>
  );
}

function DwellingPanel({ control }: { control: Control<Values> }) {
  return (
    <>
      <FormNumberSelectField
        control={control}
        name="no_bedrooms"
        label="Bedrooms"
        options={COUNTS}
        required
      />
      <FormNumberSelectField control={control} name="no_toilets" label="Toilets" options={COUNTS} required />
      <FormNumberSelectField
        control={control}
        name="car_spaces_uncovered_property"
        label="Uncovered Car Spaces"
        options={COUNTS}
      />
      <FormNumberSelectField
        control={control}
        name="garage_spaces_covered_property"
        label="Covered Garage Spaces"
        options={COUNTS}
      />
      <FormSelectField control={control} name="furnishing" label="Furnishing" options={FURNISHING_CHOICES} />
    </>
  );
}

function RentPanel({ control }: { control: Control<Values> }) {
  const limit = rentalExpiryLimit();
  return (
    <>
      <FormTextField
        control={control}
        name="rental_price_asked"
        label="Rental Price Asked"
        maxLength={15}
        required
      />
      <FormSelectField
        control={control}
        name="rental_pricing_unit"
        label="Pricing Unit"
        options={PRICING_UNITS}
      />
      <FreeSoloField
        control={control}
        name="minimum_rental_period_rent"
        label="Minimum Rental Period"
        options={MINIMUM_RENTAL_PERIODS}
        hint="Pricing units, or Day, Week, Month, Negotiable"
      />
      <FreeSoloField
        control={control}
        name="car_spaces_rent"
        label="Maximum Rental Period"
        options={MAXIMUM_RENTAL_PERIODS}
        hint="Pricing units, or Day, Week, Month"
      />
      <FormNumberSelectField
        control={control}
        name="date_of_month_rent_due"
        label="Rent Due Day"
        options={DUE_DAYS}
      />
      <FormSelectField
        control={control}
        name="period_can_extend"
        label="Period Can Extend"
        options={YES_NO}
      />
      <DateField
        control={control}
        name="current_rental_expires"
        label="Current Rental Expires"
        max={limit}
        hint={`At the latest ${limit}`}
      />
      <DateField control={control} name="date_rental_started" label="Date Rental Started" />
      <FlagField control={control} name="rental_switch_on" label="Rental Switch On" variant="switch" />
    </>
  );
}

function SalePanel({ form }: { form: UseFormReturn<Values> }) {
  const { control, getValues, setValue } = form;
  const modes = useProductModeOptions();
  const perSqM = useWatch({ control, name: 'price_per_sq_m' });
  const recompute = () =>
    setValue(
      'price_per_sq_m',
      pricePerSqM(getValues('sale_price') as string, getValues('land_area') as string),
    );
  return (
    <>
      <div onBlur={recompute}>
        <FormTextField control={control} name="sale_price" label="Sale Price Asked" maxLength={15} required />
      </div>
      <ReadOnlyField label="Price per SqM" value={money(Number(perSqM) || 0)} hint="Sale price / land area" />
      <IdSelect<Values>
        control={control}
        name="minimum_rental_period_sale"
        label="Product Mode"
        options={modes.options}
        loading={modes.isFetching}
      />
      <FlagField control={control} name="sale_switch_on" label="Sale Switch On" variant="switch" />
    </>
  );
}

const SUGGESTIONS = {
  heatingtype: ['None', 'Electric', 'Gas', 'Solar Water Heater', 'Central Heating'],
  exteriour: ['Concrete', 'Brick', 'Wood', 'Stone', 'Glass', 'Fiber Cement'],
  kitchen: ['Modular Kitchen', 'Kitchen Island', 'Open Plan', 'Pantry', 'Dirty Kitchen', 'Range Hood'],
  cooling: ['Split-type Aircon', 'Window Aircon', 'Central Aircon', 'Ceiling Fans', 'None'],
} as const;

function FeaturesPanel({ control }: { control: Control<Values> }) {
  return (
    <>
      <FormSelectField
        control={control}
        name="select_floor_level"
        label="Floor Level"
        options={FLOOR_LEVELS}
      />
      <FreeSoloField
        control={control}
        name="heatingtype"
        label="Heating Type"
        options={SUGGESTIONS.heatingtype}
      />
      <FreeSoloField control={control} name="exteriour" label="Exterior" options={SUGGESTIONS.exteriour} />
      <FreeSoloField
        control={control}
        name="kitchen"
        label="Kitchen Features"
        options={SUGGESTIONS.kitchen}
      />
      <FreeSoloField control={control} name="cooling" label="Cooling" options={SUGGESTIONS.cooling} />
      <FormTextField control={control} name="longitude" label="Longitude" maxLength={20} />
      <FormTextField control={control} name="latitude" label="Latitude" maxLength={20} />
      <FullRow>
        {FEATURE_FLAGS.map((f) => (
          <FlagField key={f.name} control={control} name={f.name} label={f.label} />
        ))}
      </FullRow>
    </>
  );
}
