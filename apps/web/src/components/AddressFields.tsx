import { useEffect, useRef } from 'react';
import { useController, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import { useBarangays, useProvinces, useSubdivisions, useTowns } from '../lib/lookups.ts';
import { lookupInput } from './lookup-input.tsx';

export type AddressLevel = 'province' | 'town' | 'barangay' | 'subdivision';
const LEVELS: readonly AddressLevel[] = ['province', 'town', 'barangay', 'subdivision'];
const LABELS: Record<AddressLevel, string> = {
  province: 'Province',
  town: 'Town',
  barangay: 'Barangay',
  subdivision: 'Subdivision',
};

export interface AddressFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** Form field of each level (ids); levels left out are not shown. */
  names: { province: Path<T>; town?: Path<T>; barangay?: Path<T>; subdivision?: Path<T> };
  /** Levels that are required (marks the label; the rule itself lives in the form's schema). */
  required?: Partial<Record<AddressLevel, boolean>>;
  labels?: Partial<Record<AddressLevel, string>>;
  /**
   * Called with the zip code of the chosen barangay or subdivision (or of the town, when the form has
   * no barangay level) whenever a pick changes which one that is; with '' when none is left (a new
   * province or town clears the barangay, and so the zip that came from it).
   */
  onZip?: (zip: string) => void;
  disabled?: boolean;
}

interface Option {
  id: number;
  name: string;
  zip?: string | null;
}

const toId = (v: unknown): number | null => {
  const n = Number(v);
  return v !== null && v !== undefined && v !== '' && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * Province → town → barangay → subdivision cascading selects inside a react-hook-form form. Each
 * level loads its options from the level above (cached per parent id); picking a level clears the
 * levels below it.
 */
export function AddressFields<T extends FieldValues>({
  control,
  names,
  required = {},
  labels = {},
  onZip,
  disabled = false,
}: AddressFieldsProps<T>) {
  const present = LEVELS.filter((l) => names[l] !== undefined);
  const watched = useWatch({ control, name: present.map((l) => names[l]!) as Path<T>[] }) as unknown[];
  const value = (level: AddressLevel) => {
    const i = present.indexOf(level);
    return i < 0 ? null : toId(watched[i]);
  };
  const provinceId = value('province');
  const townId = value('town');
  const barangayId = value('barangay');

  const provinces = useProvinces();
  const towns = useTowns(names.town ? provinceId : null);
  const barangays = useBarangays(names.barangay ? townId : null);
  const subdivisions = useSubdivisions(names.subdivision ? barangayId : null);

  const options: Record<AddressLevel, Option[]> = {
    province: (provinces.data ?? []).map((p) => ({ id: p.province_id, name: p.province_name })),
    town: (towns.data ?? []).map((t) => ({ id: t.town_id, name: t.town_name, zip: t.zip_code })),
    barangay: (barangays.data ?? []).map((b) => ({
      id: b.barangay_id,
      name: b.barangay_name,
      zip: b.zip_code,
    })),
    subdivision: (subdivisions.data ?? []).map((s) => ({
      id: s.subdivision_id,
      name: s.subdivision_name,
      zip: s.zip_code,
    })),
  };
  const loading: Record<AddressLevel, boolean> = {
    province: provinces.isFetching,
    town: towns.isFetching,
    barangay: barangays.isFetching,
    subdivision: subdivisions.isFetching,
  };
  const parentOf: Record<AddressLevel, number | null | true> = {
    province: true,
    town: provinceId,
    barangay: townId,
    subdivision: barangayId,
  };

  // The levels a zip code comes from: the barangay and the subdivision, or the town without barangays.
  const zipLevels = present.filter(
    (l) => l === 'barangay' || l === 'subdivision' || (l === 'town' && !names.barangay),
  );
  // Each level registers how to clear itself; a user's pick clears the levels below it.
  const clearers = useRef<Partial<Record<AddressLevel, () => void>>>({});
  const picked = (level: AddressLevel, option: Option | null) => {
    const at = present.indexOf(level);
    for (const below of present.slice(at + 1)) clearers.current[below]?.();
    if (!onZip || !zipLevels.length) return;
    // The zip of the deepest place still chosen at or above the pick that has one; else none.
    const chosen = (l: AddressLevel) => (l === level ? option : options[l].find((o) => o.id === value(l)));
    const source = zipLevels
      .filter((l) => present.indexOf(l) <= at)
      .map(chosen)
      .reverse()
      .find((o) => o?.zip);
    onZip(source?.zip ? String(source.zip) : '');
  };

  return (
    <>
      {present.map((level) => (
        <LevelSelect<T>
          key={level}
          control={control}
          name={names[level]!}
          label={labels[level] ?? LABELS[level]}
          required={!!required[level]}
          options={options[level]}
          loading={loading[level]}
          disabled={disabled || parentOf[level] === null}
          onPicked={(o) => picked(level, o)}
          registerClear={(clear) => {
            clearers.current[level] = clear;
          }}
        />
      ))}
    </>
  );
}

interface LevelSelectProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required: boolean;
  options: Option[];
  loading: boolean;
  disabled: boolean;
  onPicked: (option: Option | null) => void;
  registerClear: (clear: () => void) => void;
}

function LevelSelect<T extends FieldValues>({
  control,
  name,
  label,
  required,
  options,
  loading,
  disabled,
  onPicked,
  registerClear,
}: LevelSelectProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const { onChange } = field;
  useEffect(() => registerClear(() => onChange(null)), [registerClear, onChange]);
  const id = toId(field.value);
  const selected = options.find((o) => o.id === id) ?? null;
  return (
    <Autocomplete<Option>
      options={options}
      value={selected}
      loading={loading}
      disabled={disabled}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      onChange={(_, o) => {
        field.onChange(o ? o.id : null);
        onPicked(o);
      }}
      onBlur={field.onBlur}
      renderInput={lookupInput(field, fieldState, label, required)}
    />
  );
}
