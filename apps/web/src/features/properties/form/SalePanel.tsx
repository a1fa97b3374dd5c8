import { useWatch, type UseFormReturn } from 'react-hook-form';
import { pricePerSqM } from '@app/contract';
import { FormTextField } from '../../../components/FormInputs.tsx';
import { IdSelect } from '../../../components/IdSelect.tsx';
import { useProductModeOptions } from '../../../lib/lookups.ts';
import { formatMoney } from '../../../lib/format.ts';
import { FlagField, ReadOnlyField } from '../PropertyInputs.tsx';
import type { PropertyValues } from './form-values.ts';
import { AMOUNT_LENGTH, propertyInput } from './input-rules.ts';

/** For Sale: the asked price is required then (a rule across fields); the price per SqM follows it. */
export function SalePanel({ form }: { form: UseFormReturn<PropertyValues> }) {
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
        <FormTextField
          control={control}
          name="sale_price"
          label="Sale Price Asked"
          {...propertyInput('sale_price', AMOUNT_LENGTH)}
          required
        />
      </div>
      <ReadOnlyField
        label="Price per SqM"
        value={formatMoney(Number(perSqM) || 0)}
        hint="Sale price / land area"
      />
      <IdSelect<PropertyValues>
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
