import type { ControllerFieldState, ControllerRenderProps, FieldValues, Path } from 'react-hook-form';
import type { ReactNode } from 'react';
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/**
 * The text input of a lookup select bound to a form field: its label, required mark, and the field's
 * message under it (the hint, or a blank line otherwise, so that the layout does not jump).
 */
export const lookupInput =
  <T extends FieldValues>(
    field: ControllerRenderProps<T, Path<T>>,
    fieldState: ControllerFieldState,
    label: string,
    required: boolean,
    hint?: ReactNode,
  ) =>
  (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      inputRef={field.ref}
      name={field.name}
      label={label}
      required={required}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? hint ?? ' '}
    />
  );
