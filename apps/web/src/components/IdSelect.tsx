import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete, { type AutocompleteProps } from '@mui/material/Autocomplete';
import type { IdName } from '../lib/lookups.ts';
import { lookupInput } from './lookup-input.tsx';

export interface IdSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly IdName[];
  loading?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** The field holds a list of ids (the wire's comma lists) rather than one id. */
  multiple?: boolean;
  /** The name of a chosen id (default: from the options); `namesLoading` while names are on their way. */
  nameOf?: (id: number) => string | undefined;
  namesLoading?: boolean;
  /** How the options follow what is typed (a lookup the server searches), passed to the Autocomplete. */
  searching?: Pick<
    AutocompleteProps<IdName, boolean, false, false>,
    'filterOptions' | 'onOpen' | 'onClose' | 'onInputChange'
  >;
}

/** Parses a form value (array of ids, or the wire's '4,7,9') into ids. */
export const toIds = (value: unknown): number[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * A searchable select of lookup options bound to a form field holding one id (null when none), or
 * with `multiple` an array of ids. Ids the lookup no longer offers (an inactive record) are kept and
 * shown by number, so that saving a form does not silently drop them.
 */
export function IdSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  loading = false,
  required = false,
  disabled = false,
  multiple = false,
  nameOf,
  namesLoading = loading,
  searching,
}: IdSelectProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const known = new Map(options.map((o) => [o.id, o.name]));
  const optionOf = (id: number): IdName => ({
    id,
    name: (nameOf ?? ((i: number) => known.get(i)))(id) ?? (namesLoading ? '…' : `#${id}`),
  });
  const shared = {
    ...searching,
    options: options as IdName[],
    loading,
    disabled,
    getOptionLabel: (o: IdName) => o.name,
    getOptionKey: (o: IdName) => o.id,
    isOptionEqualToValue: (a: IdName, b: IdName) => a.id === b.id,
    onBlur: field.onBlur,
    renderInput: lookupInput(field, fieldState, label, required),
  };
  if (multiple) {
    return (
      <Autocomplete<IdName, true>
        {...shared}
        multiple
        // Open for the next pick; Escape closes the list only (not the dialog around it).
        disableCloseOnSelect
        filterSelectedOptions
        value={toIds(field.value).map(optionOf)}
        onChange={(_, picked) => field.onChange(picked.map((o) => o.id))}
      />
    );
  }
  const [id] = toIds([field.value]);
  return (
    <Autocomplete<IdName>
      {...shared}
      value={id === undefined ? null : optionOf(id)}
      onChange={(_, picked) => field.onChange(picked ? picked.id : null)}
    />
  );
}
