import { useState, type ReactNode } from 'react';
import { useController, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { fieldRuleIn } from '../lib/field-rules.ts';
import { groupThousands, keepTyped, type NumberKind } from '../lib/number-input.ts';
import { useSearchedOptions, type IdName, type SearchedLookup } from '../lib/lookups.ts';
import type { TextFieldDecl, TextKind } from './field-decls.ts';
import { IdSelect, toIds, type IdSelectProps } from './IdSelect.tsx';

interface FormTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
  kind?: TextKind;
  /** Longest input; digits and phone fields drop what goes beyond it. */
  maxLength?: number;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  disabled?: boolean;
}

/** What a numeric kind of input keeps of what is typed (none: any text). */
const NUMBER_KINDS: Partial<Record<TextKind, NumberKind>> = {
  digits: 'digits',
  phone: 'digits',
  amount: 'amount',
  coordinate: 'coordinate',
};

/**
 * A text input bound to a react-hook-form field: the schema's message under it, or the hint. Number
 * and phone fields refuse letters as typed (lib/number-input.ts); an amount shows its thousands
 * separators once the user leaves it.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  kind = 'text',
  maxLength,
  hint,
  disabled = false,
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const numeric = NUMBER_KINDS[kind];
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      onBlur={() => {
        if (kind === 'amount' && typeof field.value === 'string') {
          const grouped = groupThousands(field.value);
          if (grouped !== field.value) field.onChange(grouped);
        }
        field.onBlur();
      }}
      value={field.value ?? ''}
      onChange={(e) => {
        const text = e.target.value;
        field.onChange(
          numeric === 'digits'
            ? keepTyped(numeric, text).slice(0, maxLength)
            : numeric
              ? keepTyped(numeric, text)
              : text,
        );
      }}
      label={label}
      required={required}
      disabled={disabled}
      error={!!message}
      helperText={message ?? hint ?? ' '}
      type={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'text'}
      autoComplete={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'off'}
      multiline={kind === 'notes'}
      minRows={kind === 'notes' ? 3 : undefined}
      slotProps={{
        htmlInput: {
          // Digits fields cut what is beyond maxLength themselves, after dropping the rest: a pasted
          // '0917-123-4567' keeps its eleven digits.
          maxLength: numeric === 'digits' ? undefined : maxLength,
          ...(numeric && { inputMode: numeric === 'digits' ? 'numeric' : 'decimal' }),
        },
      }}
    />
  );
}

/**
 * Text inputs from their declarations, each as long and as required as the contract's fields say; a
 * declaration's own maxLength only counts where the schema has no string maximum (a pattern holds it).
 */
export function FormTextFields<T extends FieldValues>({
  control,
  fields,
  shape,
  isRequired,
}: {
  control: Control<T>;
  fields: readonly TextFieldDecl[];
  shape: Record<string, z.ZodType>;
  /** Required marks from elsewhere than the schema (a rule across fields). */
  isRequired?: (name: string) => boolean;
}) {
  return fields.map((f) => {
    const rule = fieldRuleIn(shape, f.name);
    return (
      <FormTextField<T>
        key={f.name}
        control={control}
        name={f.name as Path<T>}
        label={f.label}
        kind={f.kind}
        maxLength={rule.maxLength ?? f.maxLength}
        hint={f.hint}
        disabled={f.disabled}
        required={isRequired ? isRequired(f.name) : rule.required}
      />
    );
  });
}

interface FormSelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly string[];
  required?: boolean;
}

interface Choice {
  value: string | number;
  label: string;
}

/** A select bound to a form field: its choices, an optional None, and how a picked value is kept. */
function ChoiceSelect<T extends FieldValues>({
  control,
  name,
  label,
  required,
  choices,
  none,
  parse,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required: boolean;
  choices: readonly Choice[];
  none: boolean;
  parse: (picked: string) => unknown;
}) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(parse(e.target.value))}
      label={label}
      required={required}
      error={!!message}
      helperText={message ?? ' '}
    >
      {none && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {choices.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A select of fixed text choices (e.g. the floor), with an empty choice when optional. */
export function FormSelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required = false,
}: FormSelectFieldProps<T>) {
  const value: unknown = useWatch({ control, name });
  // A stored value that is no longer a choice stays shown (and kept) rather than blanked.
  const current = typeof value === 'string' ? value : '';
  const texts = current && !options.includes(current) ? [...options, current] : options;
  return (
    <ChoiceSelect
      control={control}
      name={name}
      label={label}
      required={required}
      choices={texts.map((o) => ({ value: o, label: o }))}
      // A list with a choice of its own called None (Furnishing) does not get a second, empty one.
      none={!required && !options.includes('None')}
      parse={(picked) => picked}
    />
  );
}

/** A select of numbers (a month, bedrooms 0-9 or 99...): the field holds the number, or null for None. */
export function FormNumberSelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required = false,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly Choice[] & readonly { value: number }[];
  required?: boolean;
}) {
  return (
    <ChoiceSelect
      control={control}
      name={name}
      label={label}
      required={required}
      choices={options}
      none
      parse={(picked) => (picked === '' ? null : Number(picked))}
    />
  );
}

/**
 * IdSelect for a lookup too large to load whole (sellers, agents, agencies, brokers): opened, it
 * offers the first LOOKUP_MATCHES by name; typing asks the server for the names that contain the
 * text. The chosen values always show by name (asked for by id when no answer at hand has them;
 * `known`: names the record already carries, e.g. its agency that has since become Inactive).
 */
export function SearchedIdSelect<T extends FieldValues>({
  lookup,
  known,
  ...props
}: Omit<IdSelectProps<T>, 'options' | 'loading' | 'nameOf' | 'namesLoading' | 'searching'> & {
  lookup: SearchedLookup;
  known?: readonly IdName[];
}) {
  const value = useWatch({ control: props.control, name: props.name });
  // The typed text while open; null while closed (nothing is searched then).
  const [search, setSearch] = useState<string | null>(null);
  const ids = toIds(props.multiple ? value : [value]);
  const { options, loading, chosenLoading, nameOf } = useSearchedOptions(lookup, ids, search, known);
  return (
    <IdSelect<T>
      {...props}
      options={options}
      loading={loading}
      nameOf={nameOf}
      namesLoading={chosenLoading}
      searching={{
        // The server has filtered them.
        filterOptions: (matches) => matches,
        // The first key typed into a closed chooser arrives before onOpen: keep it.
        onOpen: () => setSearch((typed) => typed ?? ''),
        onClose: () => setSearch(null),
        onInputChange: (_, text, reason) => {
          if (reason === 'input') setSearch(text);
          // Cleared, or emptied by a pick in a multi-select that stays open for the next one.
          else if (text === '') setSearch((typed) => (typed === null ? null : ''));
        },
      }}
    />
  );
}
