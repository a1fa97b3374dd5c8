import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { IdName } from '../lib/lookups.ts';

interface IdMultiSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly IdName[];
  loading?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/** Parses a form value (array of ids, or the wire's '4,7,9') into ids. */
export const toIds = (value: unknown): number[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * A multi-select of lookup options bound to a form field holding an array of ids (the wire's comma
 * lists). Ids the lookup no longer offers (an inactive record) are kept and shown by number, so that
 * saving a form does not silently drop them.
 */
export function IdMultiSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  loading = false,
  required = false,
  disabled = false,
}: IdMultiSelectProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const ids = toIds(field.value);
  const byId = new Map(options.map((o) => [o.id, o]));
  const selected = ids.map((id) => byId.get(id) ?? { id, name: loading ? '…' : `#${id}` });
  const message = fieldState.error?.message;
  return (
    <Autocomplete<IdName, true>
      multiple
      options={options as IdName[]}
      value={selected}
      loading={loading}
      disabled={disabled}
      filterSelectedOptions
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, picked) => field.onChange(picked.map((o) => o.id))}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          name={field.name}
          label={label}
          required={required}
          error={!!message}
          helperText={message ?? ' '}
        />
      )}
    />
  );
}
