import { useState, type ReactNode, type Ref } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';

/** How every date field shows and takes a date (the spec's format, as the app writes dates). */
const FORMAT = 'DD/MM/YYYY';
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const INVALID = 'Enter a date as DD/MM/YYYY';

export interface DateInputProps {
  label: string;
  /** The date as 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** A whole date as 'YYYY-MM-DD'; '' when emptied, or while what is typed is not a whole date yet. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** The latest day the calendar offers, 'YYYY-MM-DD'. */
  max?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

const parse = (iso: string): Dayjs | null => (ISO.test(iso) && dayjs(iso).isValid() ? dayjs(iso) : null);

/**
 * Chrome's year section passes through years 0002, 0020 and 0202 while 2026 is typed: only a date
 * with a four-digit year counts as whole, so those steps are not sent as filters.
 */
const toIso = (date: Dayjs | null): string =>
  date && date.isValid() && date.year() >= 1000 ? date.format('YYYY-MM-DD') : '';

/**
 * A date typed and shown as DD/MM/YYYY (a native date input follows the browser's locale, so a
 * user in en-US typing 03/12/2026 for 3 December got 12 March), with a calendar to pick from. It
 * takes and gives 'YYYY-MM-DD' strings as the native input did, so nothing sent changes. The
 * desktop picker on every screen: its field is typed on a phone too (the mobile one only opens a
 * dialog).
 */
export default function DateInput({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  required,
  error,
  helperText,
  max,
  size,
  sx,
}: DateInputProps) {
  const [state, setState] = useState(() => ({ prop: value, typed: parse(value) }));
  const [editing, setEditing] = useState(false);
  if (value !== state.prop) {
    // While the field has focus, a new value is what was typed, passed back a few renders late (a
    // filter goes through the URL, which moves after a microtask): the picker keeps what is typed,
    // and a half-typed date only while it is handed back the very object it gave. Otherwise (Back,
    // a form reset) the value is shown.
    const keep = editing || value === toIso(state.typed);
    setState({ prop: value, typed: keep ? state.typed : parse(value) });
  }
  const [invalid, setInvalid] = useState(false);

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DesktopDatePicker
        label={label}
        format={FORMAT}
        value={state.typed}
        onChange={(date) => {
          setState((s) => ({ ...s, typed: date }));
          if (toIso(date) !== toIso(state.typed)) onChange(toIso(date));
        }}
        onError={(reason) => setInvalid(reason === 'invalidDate')}
        maxDate={max ? (parse(max) ?? undefined) : undefined}
        name={name}
        inputRef={inputRef}
        slotProps={{
          textField: {
            required,
            // Left undefined, the picker marks a half-typed or impossible date itself.
            error: error || undefined,
            helperText: !error && invalid ? INVALID : helperText,
            onFocus: () => setEditing(true),
            onBlur: () => {
              setEditing(false);
              onBlur?.();
            },
            size,
            sx,
            fullWidth: true,
            margin: 'dense',
            // Always raised, so DD/MM/YYYY shows in an empty field: the format is read before typing.
            slotProps: { inputLabel: { shrink: true } },
          },
        }}
      />
    </LocalizationProvider>
  );
}

export { DateInput };
