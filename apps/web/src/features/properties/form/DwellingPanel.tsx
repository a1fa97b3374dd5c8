import type { Control } from 'react-hook-form';
import { COUNT_CHOICES, FURNISHING_CHOICES } from '@app/contract';
import { FormNumberSelectField, FormSelectField } from '../../../components/FormInputs.tsx';
import type { PropertyValues } from './form-values.ts';

const COUNTS = COUNT_CHOICES.map((n) => ({ value: n, label: String(n) }));

/** Property: Dwelling (a dwelling type): bedrooms and toilets are required then (a rule across fields). */
export function DwellingPanel({ control }: { control: Control<PropertyValues> }) {
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
