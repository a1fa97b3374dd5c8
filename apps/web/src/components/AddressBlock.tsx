import type { Control, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { profileFields } from '@app/contract';
import { AddressFields, type AddressLevel } from './AddressFields.tsx';
import type { TextFieldDecl } from './field-decls.ts';
import { fieldRuleIn, isRequiredIn } from '../lib/field-rules.ts';
import { FormSelectField, FormTextFields } from './FormInputs.tsx';

/** Floor choices of an address (spec 2, section 5). */
export const FLOOR_OPTIONS = ['Basement', 'Ground', 'First', 'Second'] as const;

/** Form field of each part of a postal address; parts left out are not shown. */
export interface AddressNames<T extends FieldValues> {
  province: Path<T>;
  town: Path<T>;
  barangay: Path<T>;
  subdivision: Path<T>;
  zip: Path<T>;
  street: Path<T>;
  house: Path<T>;
  unit: Path<T>;
  building?: Path<T>;
  floor?: Path<T>;
}

/**
 * The address under its usual wire names (users, agencies, brokers, associations); a form whose names
 * differ overrides those parts, e.g. `{ ...ADDRESS_NAMES, province: 'address_province_id' }`.
 */
export const ADDRESS_NAMES = {
  province: 'province_id',
  town: 'town_id',
  barangay: 'barangay_id',
  subdivision: 'subdivision_id',
  zip: 'zip_code',
  street: 'street_name',
  house: 'house_number',
  unit: 'unit_number',
  building: 'building_name',
  floor: 'floor',
} as const satisfies AddressNames<FieldValues>;

const LEVELS: readonly AddressLevel[] = ['province', 'town', 'barangay', 'subdivision'];
/** The free-text parts after the cascade, in the order they are shown. */
const TEXT_PARTS = [
  { part: 'zip', label: 'Zip Code', kind: 'digits' },
  { part: 'street', label: 'Street Name' },
  { part: 'house', label: 'House/Lot Number' },
  { part: 'unit', label: 'Unit Number' },
  { part: 'building', label: 'Building Name' },
] as const satisfies readonly (Omit<TextFieldDecl, 'name'> & { part: keyof AddressNames<FieldValues> })[];

/**
 * The longest text of each part as the contract's profile declares it under the usual names: the
 * limit of a part that `shape` does not bound (a form that passes no schema).
 */
const usualMaxLength = (part: keyof typeof ADDRESS_NAMES) =>
  fieldRuleIn(profileFields.shape, ADDRESS_NAMES[part]).maxLength;

interface AddressBlockProps<T extends FieldValues> {
  control: Control<T>;
  setValue: UseFormReturn<T>['setValue'];
  names: AddressNames<T>;
  /** The contract schema's fields: which parts are required, and how long they may be. */
  shape: Record<string, z.ZodType>;
  /** The parts required by a rule across fields (the user form's), instead of the schema's marks. */
  requiredNames?: readonly string[];
  /** Longest zip code (4 for a PHLPost code, 6 where the spec allows more). */
  zipLength: number;
  /** The zip code only comes from the chosen place (the property form). */
  zipReadOnly?: boolean;
}

/**
 * A Philippine address inside a react-hook-form form: the province → town → barangay → subdivision
 * cascade (picking a barangay fills the zip code), then zip, street, house/lot, unit, building and
 * floor. Renders its inputs side by side, one per cell of the surrounding grid.
 */
export function AddressBlock<T extends FieldValues>({
  control,
  setValue,
  names,
  shape,
  zipLength,
  zipReadOnly = false,
  requiredNames,
}: AddressBlockProps<T>) {
  const required = (name: Path<T> | undefined) =>
    !!name && (requiredNames ? requiredNames.includes(name) : isRequiredIn(shape, name));
  const texts = TEXT_PARTS.flatMap(({ part, ...decl }): TextFieldDecl[] => {
    const name = names[part];
    const zip = {
      maxLength: zipLength,
      disabled: zipReadOnly,
      ...(zipReadOnly && { hint: 'From the barangay' }),
    };
    return name ? [{ ...decl, name, ...(part === 'zip' ? zip : { maxLength: usualMaxLength(part) }) }] : [];
  });
  return (
    <>
      <AddressFields<T>
        control={control}
        names={names}
        required={Object.fromEntries(LEVELS.map((l) => [l, required(names[l])]))}
        onZip={(zip) =>
          // A cleared zip waits for the save to be checked, as the cleared town and barangay do.
          setValue(names.zip, zip.slice(0, zipLength) as PathValue<T, Path<T>>, {
            shouldValidate: zip !== '',
            shouldDirty: true,
          })
        }
      />
      <FormTextFields<T>
        control={control}
        fields={texts}
        shape={shape}
        isRequired={(name) => required(name as Path<T>)}
      />
      {names.floor && (
        <FormSelectField
          control={control}
          name={names.floor}
          label="Floor"
          options={FLOOR_OPTIONS}
          required={required(names.floor)}
        />
      )}
    </>
  );
}

/** The 'Address Details' panel of an entity form. */
export const addressPanel = <T extends FieldValues>(
  { control, setValue }: UseFormReturn<T>,
  props: Omit<AddressBlockProps<T>, 'control' | 'setValue'>,
) => ({
  title: 'Address Details',
  content: <AddressBlock<T> control={control} setValue={setValue} {...props} />,
});
