import type { ControllerFieldState, ControllerRenderProps, FieldValues, Path } from 'react-hook-form';
import type { ReactNode } from 'react';
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/**
 * The text input of a lookup select bound to a form field: its label, required mark, and the field's
 * message under it (the hint, or a blank line otherwise, so that the layout does not jump). Whenever
 * there is text its label sits above it, there at once: a value that arrives after the form shows (a
 * record's place, once the places are loaded) would else have its label slide up over the text, which
 * on a busy page is seen for up to a second. Focus on an empty input still moves the label as usual.
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
      slotProps={{
        ...params.slotProps,
        inputLabel: {
          ...params.slotProps.inputLabel,
          ...(params.slotProps.htmlInput.value ? { shrink: true, disableAnimation: true } : {}),
        },
      }}
      inputRef={field.ref}
      name={field.name}
      label={label}
      required={required}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? hint ?? ' '}
    />
  );
