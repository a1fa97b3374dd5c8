import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { SEARCH_TEXT_MAX, type ChoiceSource, type MasterDefinition, type RoleChoice } from '@app/contract';
import { apiGet, type QueryParams } from './api.ts';
import { useDebounced } from './useDebounced.ts';

/**
 * Lookup lists (active records by name) for selects, cached by TanStack Query per parent id.
 * Every lookup's query key starts with its call name, so a save can reload them all
 * (see LOOKUP_CALLS).
 */
export interface ProvinceOption {
  province_id: number;
  province_name: string;
}
export interface TownOption {
  town_id: number;
  town_name: string;
  is_town_city?: string;
  province_id?: number;
  zip_code?: string | null;
}
export interface BarangayOption {
  barangay_id: number;
  barangay_name: string;
  town_id?: number;
  zip_code?: string | null;
}
export interface SubdivisionOption {
  subdivision_id: number;
  subdivision_name: string;
  barangay_id?: number | null;
  town_id?: number;
  zip_code?: string | null;
}

/** The geography lookups; a master save reloads them (with the master's own lookup). */
export const LOOKUP_CALLS = [
  'GetProvinceWithoutPagination',
  'GetTownWithoutPagination',
  'GetBarangayWithoutPagination',
  'GetSubdivisionWithoutPagination',
  'GetAdjacentTownWithoutPagination',
  'GetBarangayForSubdivisionWithoutPagination',
  'GetAdjacentBarangayWithoutPagination',
  'GetAdjacentSubdivisionWithoutPagination',
] as const;

type Id = number | null | undefined;
const STALE = 5 * 60_000;

function useLookup<T>(call: string, params: QueryParams, enabled = true) {
  return useQuery({
    queryKey: [call, params],
    queryFn: ({ signal }) =>
      apiGet<{ resultData?: T[] }>(call, params, { signal }).then((r) => r?.resultData ?? []),
    enabled,
    staleTime: STALE,
  });
}

const valid = (id: Id): id is number => typeof id === 'number' && id > 0;

export const useProvinces = () => useLookup<ProvinceOption>('GetProvinceWithoutPagination', {});

export const useTowns = (provinceId: Id) =>
  useLookup<TownOption>('GetTownWithoutPagination', { provinceId }, valid(provinceId));

export const useBarangays = (townId: Id) =>
  useLookup<BarangayOption>('GetBarangayWithoutPagination', { townId }, valid(townId));

export const useSubdivisions = (barangayId: Id, townId?: Id) =>
  useLookup<SubdivisionOption>(
    'GetSubdivisionWithoutPagination',
    valid(barangayId) ? { barangayId } : { townId },
    valid(barangayId) || valid(townId),
  );

/** Towns of the province that may border `townId` (the town itself excluded by the server). */
export const useAdjacentTowns = (provinceId: Id, townId: Id) =>
  useLookup<TownOption>(
    'GetAdjacentTownWithoutPagination',
    { provinceId, townId: valid(townId) ? townId : undefined },
    valid(provinceId),
  );

/** Barangays of the town that may border `barangayId`. */
export const useAdjacentBarangays = (townId: Id, barangayId: Id) =>
  useLookup<BarangayOption>(
    'GetAdjacentBarangayWithoutPagination',
    { townId, barangayId: valid(barangayId) ? barangayId : undefined },
    valid(townId),
  );

/** Subdivisions of the town (the caller drops the record itself). */
export const useAdjacentSubdivisions = (townId: Id) =>
  useLookup<SubdivisionOption>('GetAdjacentSubdivisionWithoutPagination', { townId }, valid(townId));

/** A simple master's lookup: [{[idColumn], [nameColumn]}]. */
export const useMasterLookup = (def: MasterDefinition, enabled = true) =>
  useLookup<Record<string, unknown>>(def.calls.lookup, {}, enabled);

/** An option of an entity or master lookup, as the selects show it. */
export interface IdName {
  id: number;
  name: string;
}

/** A lookup reduced to {id, name} options, by its id and name columns. */
function useOptions(call: string, idKey: string, nameKey: string, enabled = true) {
  const query = useLookup<Record<string, unknown>>(call, {}, enabled);
  const options: IdName[] = (query.data ?? []).map((r) => ({
    id: Number(r[idKey]),
    name: String(r[nameKey]),
  }));
  return { ...query, options };
}

export const useSpecializationOptions = (enabled = true) =>
  useOptions('GetSpecializationWithoutPagination', 'specialization_id', 'specialization', enabled);
export const useCapabilityOptions = (enabled = true) =>
  useOptions('GetCapabilityWithoutPagination', 'capability_id', 'capability_name', enabled);
export const useUserSkillOptions = (enabled = true) =>
  useOptions('GetUserSkillWithoutPagination', 'user_skills_id', 'user_skills', enabled);
export const useProvinceOptions = (enabled = true) =>
  useOptions('GetProvinceWithoutPagination', 'province_id', 'province_name', enabled);
/** The user types, each with whether the signed-in user may give it (the server decides). */
export const useRoleChoices = (enabled = true) =>
  useLookup<RoleChoice>('webGetRolesWithoutPagination', {}, enabled);

// ---- property form and media page
export const usePropertyClassificationOptions = (enabled = true) =>
  useOptions(
    'GetPropertyClassificationWithoutPagination',
    'property_classification_id',
    'property_classification',
    enabled,
  );
export const useProductCategoryOptions = (enabled = true) =>
  useOptions('GetProductCategoryWithoutPagination', 'product_category_id', 'product_category_name', enabled);
export const useAgriTypeOptions = (enabled = true) =>
  useOptions('GetAgriTypeWithoutPagination', 'agri_type_id', 'agri_type_name', enabled);
export const usePropertyAmenityOptions = (enabled = true) =>
  useOptions('GetMasterAmenitiesWithoutPagination', 'id', 'name', enabled);

/** Property types with their dwelling flag ('Yes': the form shows the Property: Dwelling panel). */
export const usePropertyTypes = () => {
  const query = useLookup<{ property_type_id: number; property_type: string; dwelling_type?: string | null }>(
    'GetPropertyTypeWithoutPagination',
    {},
  );
  const options: IdName[] = (query.data ?? []).map((r) => ({
    id: Number(r.property_type_id),
    name: String(r.property_type),
  }));
  return { ...query, options };
};
export const useProductModeOptions = (enabled = true) =>
  useOptions('GetProductModeWithoutPagination', 'product_mode_id', 'product_mode', enabled);
export const useZoningCodeOptions = (enabled = true) =>
  useOptions('GetZonningCodeWithoutPagination', 'zonning_code_id', 'zonning_code', enabled);

/**
 * The agents of one's own agency (`GetAssociatedAgencyAgents`), a property's agents for those who do
 * not see every agency: a short list, loaded whole. Those who see every agency search `allagents`.
 */
export const useAgencyAgentOptions = (enabled = true) =>
  useOptions('GetAssociatedAgencyAgents', 'user_id', 'full_name', enabled);

// ---- searched lookups: the entities that grow with the marketplace

/** A lookup that answers `searchText` and `ids` (the contract's lookupQuery). */
export interface SearchedLookup {
  call: string;
  idKey: string;
  nameKey: string;
}

export const SEARCHED = {
  sellers: { call: 'GetSellerWithoutPagination', idKey: 'seller_id', nameKey: 'seller_name' },
  agents: { call: 'allagents', idKey: 'user_id', nameKey: 'full_name' },
  agencies: { call: 'GetAgencyWithoutPagination', idKey: 'agency_id', nameKey: 'agency_name' },
  brokers: { call: 'GetBrokerWithoutPagination', idKey: 'broker_id', nameKey: 'broker_name' },
  brokerAssociations: {
    call: 'GetBrokerAssociationWithoutPagination',
    idKey: 'broker_association_id',
    nameKey: 'broker_association_name',
  },
} as const satisfies Record<string, SearchedLookup>;

/**
 * Typing pause before a chooser asks for its matches. Shorter than a list's SEARCH_DEBOUNCE_MS: a
 * chooser's answer is at most LOOKUP_MATCHES names from a trigram index (a few ms), and one expects
 * suggestions while still typing, not after a pause; 250 ms still sends one request per word rather
 * than one per key.
 */
const CHOOSER_DEBOUNCE_MS = 250;

type Row = Record<string, unknown>;

/**
 * A searched chooser's options and the names of its chosen ids. `search` is the typed text, or null
 * while the chooser is closed (no matches are asked for then). The matches come LOOKUP_MATCHES at a
 * time (an empty search: the first by name); the names of chosen ids are taken from any answer of the
 * lookup already at hand (or `known`, the record's own names), and only the others are asked for with
 * `ids`, e.g. when a saved record is opened.
 */
export function useSearchedOptions(
  { call, idKey, nameKey }: SearchedLookup,
  chosenIds: readonly number[],
  search: string | null,
  known: readonly IdName[] = [],
) {
  const client = useQueryClient();
  const text = search?.trim().slice(0, SEARCH_TEXT_MAX) ?? null;
  const typed = useDebounced(text, CHOOSER_DEBOUNCE_MS);
  // Opened or emptied: the first matches at once; typed text: after the pause.
  const searched = text === null || text === '' ? text : typed;
  const fetchRows = (params: QueryParams, signal: AbortSignal) =>
    apiGet<{ resultData?: Row[] }>(call, params, { signal }).then((r) => r?.resultData ?? []);
  const toOption = (r: Row): IdName => ({ id: Number(r[idKey]), name: String(r[nameKey]) });

  const matches = useQuery({
    queryKey: [call, { searchText: searched ?? '' }],
    queryFn: ({ signal }) => fetchRows({ searchText: searched ?? '' }, signal),
    enabled: searched !== null,
    staleTime: STALE,
    // The last matches stay while the next load, narrowed to the typed text below.
    placeholderData: keepPreviousData,
  });

  const names = new Map(known.map((o) => [o.id, o.name]));
  for (const query of client.getQueryCache().findAll({ queryKey: [call] })) {
    const rows = query.state.data;
    if (query.state.isInvalidated || !Array.isArray(rows)) continue;
    for (const r of rows as Row[]) names.set(Number(r[idKey]), String(r[nameKey]));
  }
  const missing = chosenIds.filter((id) => !names.has(id));
  const chosen = useQuery({
    queryKey: [call, { ids: missing.join(',') }],
    queryFn: ({ signal }) => fetchRows({ ids: missing.join(',') }, signal),
    enabled: missing.length > 0,
    staleTime: STALE,
  });

  const lower = (text ?? '').toLowerCase();
  const options = (matches.data ?? [])
    .map(toOption)
    // The server's own rule (name contains the text), so that earlier matches do not linger.
    .filter((o) => !matches.isPlaceholderData || o.name.toLowerCase().includes(lower));
  return {
    options: text === null ? [] : options,
    loading: text !== null && (matches.isFetching || text !== searched),
    chosenLoading: chosen.isFetching,
    nameOf: (id: number) => names.get(id),
  };
}

// ---- report filters (the catalogue's choice lookups, packages/contract/src/reports.ts)
const REPORT_LOOKUPS = {
  roles: ['webGetRolesWithoutPagination', 'id', 'name'],
  categories: ['GetProductCategoryWithoutPagination', 'product_category_id', 'product_category_name'],
  provinces: ['GetProvinceWithoutPagination', 'province_id', 'province_name'],
  skills: ['GetUserSkillWithoutPagination', 'user_skills_id', 'user_skills'],
} as const satisfies Record<Extract<ChoiceSource, { lookup: string }>['lookup'], readonly string[]>;
export type ReportLookup = keyof typeof REPORT_LOOKUPS;

/** The options of a report filter's lookup; `null` loads nothing (a filter with fixed values). */
export const useReportLookupOptions = (lookup: ReportLookup | null) => {
  const [call, idKey, nameKey] = REPORT_LOOKUPS[lookup ?? 'roles'];
  return useOptions(call, idKey, nameKey, lookup !== null);
};
