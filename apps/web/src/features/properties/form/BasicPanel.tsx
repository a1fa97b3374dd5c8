import type { Control } from 'react-hook-form';
import { DOMAINS, YES_NO } from '@app/contract';
import { FullRow } from '../../../components/EntityFormPage.tsx';
import { FormSelectField, FormTextField, SearchedIdSelect } from '../../../components/FormInputs.tsx';
import { IdSelect } from '../../../components/IdSelect.tsx';
import {
  SEARCHED,
  useAgencyAgentOptions,
  useAgriTypeOptions,
  useProductCategoryOptions,
  usePropertyClassificationOptions,
  type IdName,
  type SearchedLookup,
} from '../../../lib/lookups.ts';
import type { PropertyValues } from './form-values.ts';
import { amountInput, propertyInput } from './input-rules.ts';

type Lookup = { options: IdName[]; isFetching: boolean };

/** Basic Information: name, texts, classification, category, type, people, areas and year. */
export function BasicPanel({
  control,
  agriType,
  showSeller,
  everyAgency,
  typeOptions,
  typesLoading,
}: {
  control: Control<PropertyValues>;
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
  const types: Lookup = { options: typeOptions, isFetching: typesLoading };
  // The lookup selects in their order on the panel; Featured and Domain sit between them and `people`.
  // The agricultural type is required whenever it is shown (a rule across fields).
  const selects: { name: string; label: string; lookup: Lookup; required?: boolean; shown?: boolean }[] = [
    { name: 'property_classification_id', label: 'Property Classification', lookup: classifications },
    { name: 'product_category_id', label: 'Product Category', lookup: categories },
    { name: 'property_type_id', label: 'Property Type', lookup: types },
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
      <IdSelect<PropertyValues>
        key={s.name}
        control={control}
        name={s.name}
        label={s.label}
        options={s.lookup.options}
        loading={s.lookup.isFetching}
        required={s.required ?? propertyInput(s.name).required}
      />
    );
  const personSelect = ({ name, label, lookup, shown }: (typeof people)[number]) =>
    shown !== false &&
    ('call' in lookup ? (
      <SearchedIdSelect<PropertyValues>
        key={name}
        control={control}
        name={name}
        label={label}
        lookup={lookup}
      />
    ) : (
      lookupSelect({ name, label, lookup })
    ));
  return (
    <>
      <FormTextField
        control={control}
        name="property_name"
        label="Property Name"
        {...propertyInput('property_name')}
        hint="Up to 6 words"
      />
      <FullRow>
        <FormTextField
          control={control}
          name="property_headline"
          label="Property Headline"
          {...propertyInput('property_headline')}
          hint="Up to 25 words"
        />
      </FullRow>
      <FullRow>
        <FormTextField
          control={control}
          name="property_description"
          label="Property Description"
          kind="notes"
          {...propertyInput('property_description')}
          hint="Up to 500 words"
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
        {...amountInput('land_area')}
      />
      <FormTextField
        control={control}
        name="building_area"
        label="Building Area (SqM)"
        {...amountInput('building_area')}
      />
      <FormTextField control={control} name="year" label="Year" kind="digits" {...propertyInput('year', 4)} />
    </>
  );
}
