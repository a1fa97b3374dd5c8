import { useWatch, type UseFormReturn } from 'react-hook-form';
import { pricePerSqM } from '@app/contract';
import { FormTextField } from '../../../components/FormInputs.tsx';
import { IdSelect } from '../../../components/IdSelect.tsx';
import { useProductModeOptions } from '../../../lib/lookups.ts';
import { formatMoney } from '../../../lib/format.ts';
import { FlagField, ReadOnlyField } from '../PropertyInputs.tsx';
import type { PropertyValues } from './form-values.ts';
import { amountInput } from './input-rules.ts';

/** For Sale: the asked price is required then (a rule across fields); the price per SqM follows it. */
export function SalePanel({ form }: { form: UseFormReturn<PropertyValues> }) {
  const { control } = form;
  const modes = useProductModeOptions();
  // Follows the sale price and the land area as typed, thousands separators and all.
  const [salePrice, landArea] = useWatch({ control, name: ['sale_price', 'land_area'] }) as unknown[];
  const perSqM = pricePerSqM(salePrice as string | null, landArea as string | null);
  return (
    <>
      <FormTextField
        control={control}
        name="sale_price"
        label="Sale Price Asked"
        {...amountInput('sale_price')}
        required
      />
      <ReadOnlyField label="Price per SqM" value={formatMoney(perSqM)} hint="Sale price / land area" />
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
