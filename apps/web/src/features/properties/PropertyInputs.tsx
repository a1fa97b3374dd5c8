import type { ChangeEvent } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DateInput, NOT_A_DATE } from '../../components/DateInput.tsx';
import { lookupInput } from '../../components/lookup-input.tsx';

interface InputProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
}

/** A date (YYYY-MM-DD) with an optional latest day. */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  max,
  hint,
}: InputProps<T> & { max?: string; hint?: string }) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <DateInput
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      label={label}
      required={required}
      error={!!message}
      helperText={message ?? hint ?? ' '}
      max={max}
      // Refused by the form's rule, so that a listing is not saved as having no date.
      invalidValue={NOT_A_DATE}
    />
  );
}

/** A text answer with suggestions (heating type, exterior...): any text may be typed. */
export function FreeSoloField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  hint,
}: InputProps<T> & { options: readonly string[]; hint?: string }) {
  const { field, fieldState } = useController({ control, name });
  const value =
    typeof field.value === 'string' ? field.value : field.value == null ? '' : String(field.value);
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={options as string[]}
      value={value}
      inputValue={value}
      onInputChange={(_, text) => field.onChange(text)}
      onChange={(_, picked) => field.onChange(picked ?? '')}
      onBlur={field.onBlur}
      renderInput={lookupInput(field, fieldState, label, false, hint)}
    />
  );
}

/** A tick box (features) or a switch (rental / sale switched on), bound to a boolean. */
export function FlagField<T extends FieldValues>({
  control,
  name,
  label,
  variant = 'checkbox',
}: InputProps<T> & { variant?: 'checkbox' | 'switch' }) {
  const { field } = useController({ control, name });
  const props = {
    name: field.name,
    inputRef: field.ref,
    checked: !!field.value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => field.onChange(e.target.checked),
    onBlur: field.onBlur,
  };
  return (
    <FormControlLabel
      label={label}
      sx={{ mb: 2 }}
      control={variant === 'switch' ? <Switch {...props} /> : <Checkbox {...props} />}
    />
  );
}

/** A read-only value shown like an input (the computed price per SqM). */
export function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      helperText={hint ?? ' '}
      slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
    />
  );
}
