import { useEffect, useRef } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type {
  AdjacentBarangayRow,
  AdjacentRecord,
  AdjacentSubdivisionRow,
  AdjacentTownRow,
  MasterDefinition,
} from '@app/contract';
import { useAdjacentBarangays, useAdjacentSubdivisions, useAdjacentTowns } from '../../lib/lookups.ts';
import type { MasterValues } from './form.ts';

interface AdjacentOption {
  id: number;
  name: string;
}

/** Where a master's adjacency options come from: the parent field and the lookup. */
function useAdjacencyOptions(def: MasterDefinition, control: Control<MasterValues>, selfId: number | null) {
  const parentInput = def.key === 'town' ? 'province' : 'town';
  const parentParam = def.fields.find((f) => f.input === parentInput)?.param ?? '';
  const parentValue = useWatch({ control, name: parentParam });
  const parentId = Number(parentValue) > 0 ? Number(parentValue) : null;
  const towns = useAdjacentTowns(def.key === 'town' ? parentId : null, selfId);
  const barangays = useAdjacentBarangays(def.key === 'barangay' ? parentId : null, selfId);
  const subdivisions = useAdjacentSubdivisions(def.key === 'subdivision' ? parentId : null);
  let options: AdjacentOption[] = [];
  if (def.key === 'town')
    options = (towns.data ?? []).map((t: AdjacentTownRow) => ({ id: t.town_id, name: t.town_name }));
  if (def.key === 'barangay')
    options = (barangays.data ?? []).map((b: AdjacentBarangayRow) => ({
      id: b.barangay_id,
      name: b.barangay_name,
    }));
  if (def.key === 'subdivision')
    options = (subdivisions.data ?? []).map((s: AdjacentSubdivisionRow) => ({
      id: s.subdivision_id,
      name: s.subdivision_name,
    }));
  const loading = towns.isFetching || barangays.isFetching || subdivisions.isFetching;
  return { parentId, options: options.filter((o) => o.id !== selfId), loading };
}

/** A chosen record the lookup does not offer, named as the edited row names it. */
function notOffered(id: number, chosen: AdjacentRecord[], loading: boolean): AdjacentOption {
  const record = chosen.find((c) => c.id === id);
  if (!record) return { id, name: loading ? '…' : String(id) };
  return { id, name: record.status === 'Inactive' ? `${record.name} (Inactive)` : record.name };
}

/**
 * The adjacent towns, barangays or subdivisions of a master record, chosen among its parent's. Those
 * already chosen that the lookup no longer offers (Inactive, or an old link under another parent) keep
 * their names from the row being edited (`chosen`), and can be removed but not chosen again.
 */
export function AdjacencyField({
  def,
  control,
  selfId,
  chosen,
}: {
  def: MasterDefinition;
  control: Control<MasterValues>;
  selfId: number | null;
  chosen: AdjacentRecord[];
}) {
  const adjacency = def.adjacency!;
  const { field, fieldState } = useController({ name: adjacency.param, control });
  const { parentId, options, loading } = useAdjacencyOptions(def, control, selfId);
  const { onChange } = field;

  // A new parent (province of a town, town of a barangay/subdivision) invalidates the choices.
  const seenParent = useRef(parentId);
  useEffect(() => {
    if (parentId === seenParent.current) return;
    seenParent.current = parentId;
    onChange([]);
  }, [parentId, onChange]);

  const ids = Array.isArray(field.value) ? (field.value as number[]) : [];
  const value = ids.map((id) => options.find((o) => o.id === id) ?? notOffered(id, chosen, loading));
  return (
    <Autocomplete<AdjacentOption, true>
      multiple
      // Open for the next pick; Escape closes the list only (not the dialog around it).
      disableCloseOnSelect
      options={options}
      value={value}
      loading={loading}
      disabled={parentId === null}
      filterSelectedOptions
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, list) => field.onChange(list.map((o) => o.id))}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          name={field.name}
          label={adjacency.label}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? ' '}
        />
      )}
    />
  );
}
