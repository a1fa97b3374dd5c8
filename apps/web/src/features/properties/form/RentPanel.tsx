import type { Control } from 'react-hook-form';
import {
  MAXIMUM_RENTAL_PERIODS,
  MINIMUM_RENTAL_PERIODS,
  PRICING_UNITS,
  RENT_DUE_DAYS,
  rentalExpiryLimit,
  YES_NO,
} from '@app/contract';
import { FormNumberSelectField, FormSelectField, FormTextField } from '../../../components/FormInputs.tsx';
import { formatDate } from '../../../lib/format.ts';
import { DateField, FlagField, FreeSoloField } from '../PropertyInputs.tsx';
import type { PropertyValues } from './form-values.ts';
import { amountInput } from './input-rules.ts';

const DUE_DAYS = RENT_DUE_DAYS.map((n) => ({ value: n, label: String(n) }));

/** Product Category = For Rent: the asked rent is required then (a rule across fields). */
export function RentPanel({ control }: { control: Control<PropertyValues> }) {
  const limit = rentalExpiryLimit();
  return (
    <>
      <FormTextField
        control={control}
        name="rental_price_asked"
        label="Rental Price Asked"
        {...amountInput('rental_price_asked')}
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
        hint={`At the latest ${formatDate(limit)}`}
      />
      <DateField control={control} name="date_rental_started" label="Date Rental Started" />
      <FlagField control={control} name="rental_switch_on" label="Rental Switch On" variant="switch" />
    </>
  );
}
