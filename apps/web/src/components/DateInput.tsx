import { useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { FieldSelectedSections } from '@mui/x-date-pickers/models';
import dayjs, { type Dayjs } from 'dayjs';

/** How every date field shows and takes a date (the spec's format, as the app writes dates). */
const FORMAT = 'DD/MM/YYYY';
const ISO = /^\d{4}-\d{2}-\d{2}$/;
const INVALID = 'Enter a date as DD/MM/YYYY';
/**
 * What onChange gives, when asked (invalidValue), while the field holds something that is not a date:
 * a form's rules refuse it, a filter keeps what it applied.
 */
export const NOT_A_DATE = 'not a date';
/** The calendar's years (MUI's own default range): a date typed outside them is refused in words. */
const EARLIEST = dayjs('1900-01-01');
const LATEST = dayjs('2099-12-31');
const OUT_OF_RANGE = 'Enter a date from 01/01/1900 to 31/12/2099';
/** What a pasted date may look like: as shown, without leading zeros, or as the wire's YYYY-MM-DD. */
const PASTED = ['DD/MM/YYYY', 'D/M/YYYY', 'YYYY-MM-DD'];
/** FORMAT's sections in order, and the largest value of those whose two digits can name none. */
const SECTIONS = ['day', 'month', 'year'];
const LARGEST: Record<string, number> = { day: 31, month: 12 };
/** How long MUI keeps a section's first digit waiting for a second (its character query's life). */
const QUERY_LIFE_MS = 5000;

/** A first digit MUI keeps waiting for a second in one section (its character query), as followed here. */
interface Waiting {
  section: number | null;
  digit: string;
  at: number;
}

/**
 * The section MUI types the next key into, from its own selected sections (onSelectedSectionsChange),
 * not from the key's target: all of them chosen (an emptied field) types into the first.
 */
const activeSection = (selected: FieldSelectedSections): number | null => {
  if (selected === 'all') return 0;
  if (typeof selected === 'string') return SECTIONS.includes(selected) ? SECTIONS.indexOf(selected) : null;
  return selected;
};

/**
 * The words for a digit that, after the one waiting, makes a day or month that none has ('13' as a
 * month), or '' when the key is MUI's to take; `waiting` follows what MUI waits on. MUI would keep the
 * last digit alone (13 became 03: a month first, as in en-US, is a common slip), another date, silently.
 */
function overflow(event: KeyboardEvent, section: number | null, waiting: Waiting): string {
  const { key } = event;
  if (event.ctrlKey || event.metaKey || event.altKey || section === null) return '';
  if (!/^\d$/.test(key)) {
    // A letter, Backspace or Delete ends what MUI waits on; arrows and Tab leave it.
    if (key.length === 1 || key === 'Backspace' || key === 'Delete') waiting.digit = '';
    return '';
  }
  const name = SECTIONS[section] ?? '';
  const max = LARGEST[name];
  const before =
    waiting.section === section && event.timeStamp - waiting.at <= QUERY_LIFE_MS ? waiting.digit : '';
  // Refused, the key never reaches MUI, which still waits on the first digit as long as it would.
  if (max && before && Number(before + key) > max)
    return `There is no ${name} ${before + key}: a date is day, month, year (DD/MM/YYYY)`;
  // A first digit that can begin a two-digit value waits for a second; MUI moves on after any other.
  const waits = max !== undefined && !before && Number(key) * 10 <= max;
  Object.assign(waiting, { section, digit: waits ? key : '', at: event.timeStamp });
  return '';
}

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
  /**
   * What onChange gives while the field holds something that is not a date (an impossible day, a
   * date half typed): a form passes a value its rules refuse, so that it is not saved as no date.
   * By default '', as for an emptied field.
   */
  invalidValue?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

const parse = (iso: string): Dayjs | null => (ISO.test(iso) && dayjs(iso).isValid() ? dayjs(iso) : null);

/**
 * A date of the calendar's years, or null. Chrome's year section passes through years 0002, 0020
 * and 0202 while 2026 is typed: those steps are not whole dates, so they are not sent as filters.
 */
const whole = (date: Dayjs | null): Dayjs | null =>
  date && date.isValid() && !date.isBefore(EARLIEST, 'day') && !date.isAfter(LATEST, 'day') ? date : null;

/** A pasted text as a date, or null when it is none of the PASTED shapes (or no such day). */
const pasted = (text: string): Dayjs | null =>
  PASTED.map((f) => dayjs(text.trim(), f, true)).find((d) => whole(d)) ?? null;

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
  invalidValue = '',
  size,
  sx,
}: DateInputProps) {
  const toIso = (date: Dayjs | null): string => {
    if (!date) return '';
    return whole(date)?.format('YYYY-MM-DD') ?? invalidValue;
  };
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
  // What is wrong with what the field holds, in words ('' when nothing).
  const [problem, setProblem] = useState('');
  // What was refused as it was typed or pasted, in words.
  const [refused, setRefused] = useState('');
  const selected = useRef<FieldSelectedSections>(null);
  const waiting = useRef<Waiting>({ section: null, digit: '', at: 0 });

  const take = (date: Dayjs | null) => {
    setRefused('');
    setState((s) => ({ ...s, typed: date }));
    if (toIso(date) !== toIso(state.typed)) onChange(toIso(date));
  };
  // MUI takes a pasted date only as DD/MM/YYYY and silently empties the field otherwise. Digits
  // alone (or letters) are still pasted into the chosen section, by MUI.
  const paste = (event: ClipboardEvent) => {
    waiting.current.digit = '';
    const text = event.clipboardData.getData('text');
    if (/^(\d+|[a-z]+)$/i.test(text.trim())) return;
    event.preventDefault();
    event.stopPropagation();
    const date = pasted(text);
    if (date) take(date);
    else setRefused(`“${text.trim().slice(0, 40)}” is not a date. ${INVALID}.`);
  };
  const key = (event: KeyboardEvent) => {
    // Keys of the calendar, a portal of this picker, are not the field's.
    if (!event.currentTarget.contains(event.target as Node)) return;
    const words = overflow(event, activeSection(selected.current), waiting.current);
    if (words) {
      event.preventDefault();
      event.stopPropagation();
      setRefused(words);
    } else if (/^(\d|Backspace|Delete)$/.test(event.key)) setRefused('');
  };
  const select = (sections: FieldSelectedSections) => {
    selected.current = sections;
    // The field left: MUI forgets what it waited on (but for a date it marks wrong; then a digit
    // taken as first is what a person typing anew means anyway).
    if (sections === null) waiting.current.digit = '';
  };
  const message = refused || problem;

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box sx={{ display: 'contents' }} onPasteCapture={paste} onKeyDownCapture={key}>
        <DesktopDatePicker
          label={label}
          format={FORMAT}
          value={state.typed}
          onChange={take}
          onSelectedSectionsChange={select}
          onError={(reason, date) =>
            setProblem(
              reason === 'invalidDate'
                ? INVALID
                : (reason === 'minDate' || reason === 'maxDate') && !whole(date)
                  ? OUT_OF_RANGE
                  : '',
            )
          }
          minDate={EARLIEST}
          maxDate={(max && parse(max)) || LATEST}
          name={name}
          inputRef={inputRef}
          slotProps={{
            textField: {
              required,
              // Left undefined, the picker marks a half-typed or impossible date itself. What the field
              // holds comes first: a parent sees '' (or invalidValue) then, so its 'required' would mislead.
              error: error || !!message || undefined,
              helperText: message || helperText,
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
      </Box>
    </LocalizationProvider>
  );
}

export { DateInput };
