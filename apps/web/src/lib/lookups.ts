import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  MASTERS,
  SEARCH_TEXT_MAX,
  entityApi,
  geographyApi,
  masterCalls,
  propertyApi,
  roleApi,
  type ApiCall,
  type ChoiceSource,
  type MasterDefinition,
  type RequestOf,
} from '@app/contract';
import { callQuery } from './queries.ts';
import { useDebounced } from './use-debounced.ts';

/**
 * Lookup lists (active records by name) for selects, cached by TanStack Query per parent id. Every
 * lookup's query key starts with its call's name, so a save can reload them all (GEOGRAPHY_LOOKUPS).
 */

/** A lookup: a GET answering its rows as `resultData`. */
export type LookupCall<R = unknown> = ApiCall<string, 'GET', z.ZodType, z.ZodType<{ resultData: R[] }>>;
/** The row of a lookup's answer. */
type RowOf<C> = C extends LookupCall<infer R> ? R : never;

type Id = number | null | undefined;

/** A lookup's query: its rows (none when the answer is not JSON). */
const rowsQuery = <R>(call: LookupCall, request: unknown) =>
  callQuery(call, request as RequestOf<LookupCall>, {
    read: (answer: { resultData: unknown[] } | null) => (answer?.resultData ?? []) as R[],
  });
const STALE = 5 * 60_000;

function useLookup<C extends LookupCall>(call: C, request: RequestOf<C>, enabled = true) {
  return useQuery({ ...rowsQuery<RowOf<C>>(call, request), enabled, staleTime: STALE });
}

const valid = (id: Id): id is number => typeof id === 'number' && id > 0;

export const useProvinces = () => useLookup(masterCalls(MASTERS.province).lookup, {});

export const useTowns = (provinceId: Id) =>
  useLookup(geographyApi.GetTownWithoutPagination, { provinceId }, valid(provinceId));

export const useBarangays = (townId: Id) =>
  useLookup(geographyApi.GetBarangayWithoutPagination, { townId }, valid(townId));

export const useSubdivisions = (barangayId: Id, townId?: Id) =>
  useLookup(
    geographyApi.GetSubdivisionWithoutPagination,
    valid(barangayId) ? { barangayId } : { townId },
    valid(barangayId) || valid(townId),
  );

/** Towns of the province that may border `townId` (the town itself excluded by the server). */
export const useAdjacentTowns = (provinceId: Id, townId: Id) =>
  useLookup(
    geographyApi.GetAdjacentTownWithoutPagination,
    { provinceId, townId: valid(townId) ? townId : undefined },
    valid(provinceId),
  );

/** Barangays of the town that may border `barangayId`. */
export const useAdjacentBarangays = (townId: Id, barangayId: Id) =>
  useLookup(
    geographyApi.GetAdjacentBarangayWithoutPagination,
    { townId, barangayId: valid(barangayId) ? barangayId : undefined },
    valid(townId),
  );

/** Subdivisions of the town (the caller drops the record itself). */
export const useAdjacentSubdivisions = (townId: Id) =>
  useLookup(geographyApi.GetAdjacentSubdivisionWithoutPagination, { townId }, valid(townId));

/** An option of an entity or master lookup, as the selects show it. */
export interface IdName {
  id: number;
  name: string;
}

/** A lookup read as {id, name} options: the call and the row fields holding them. */
export interface OptionSource {
  call: LookupCall;
  idKey: string;
  nameKey: string;
}
/** An option source whose id and name fields are checked against the lookup's declared row. */
const optionsOf = <C extends LookupCall>(
  call: C,
  idKey: keyof RowOf<C> & string,
  nameKey: keyof RowOf<C> & string,
) => ({ call, idKey, nameKey }) satisfies OptionSource;

/** A lookup reduced to {id, name} options, by its id and name columns. */
function useOptions({ call, idKey, nameKey }: OptionSource, enabled = true) {
  const query = useLookup(call as LookupCall<Record<string, unknown>>, {}, enabled);
  const options: IdName[] = (query.data ?? []).map((r) => ({
    id: Number(r[idKey]),
    name: String(r[nameKey]),
  }));
  return { ...query, options };
}

const masterOptions = <D extends MasterDefinition>(def: D) =>
  ({ call: masterCalls(def).lookup, idKey: def.idColumn, nameKey: def.nameColumn }) as OptionSource;

export const useSpecializationOptions = (enabled = true) =>
  useOptions(masterOptions(MASTERS.specialization), enabled);
export const useCapabilityOptions = (enabled = true) =>
  useOptions(masterOptions(MASTERS.capability), enabled);
export const useUserSkillOptions = (enabled = true) => useOptions(masterOptions(MASTERS.userSkills), enabled);
export const useProvinceOptions = (enabled = true) => useOptions(masterOptions(MASTERS.province), enabled);
/** The user types, each with whether the signed-in user may give it (the server decides). */
export const useRoleChoices = (enabled = true) =>
  useLookup(roleApi.webGetRolesWithoutPagination, {}, enabled);

// ---- property form and media page
export const usePropertyClassificationOptions = (enabled = true) =>
  useOptions(masterOptions(MASTERS.propertyClassification), enabled);
export const useProductCategoryOptions = (enabled = true) =>
  useOptions(masterOptions(MASTERS.productCategory), enabled);
export const useAgriTypeOptions = (enabled = true) => useOptions(masterOptions(MASTERS.agriType), enabled);
export const usePropertyAmenityOptions = (enabled = true) =>
  useOptions(masterOptions(MASTERS.amenity), enabled);

/** Property types with their dwelling flag ('Yes': the form shows the Property: Dwelling panel). */
export const usePropertyTypes = () => {
  const query = useLookup(masterCalls(MASTERS.propertyType).lookup, {});
  const options: IdName[] = (query.data ?? []).map((r) => ({
    id: r.property_type_id,
    name: r.property_type,
  }));
  return { ...query, options };
};
export const useProductModeOptions = (enabled = true) =>
  useOptions(masterOptions(MASTERS.productMode), enabled);
export const useZoningCodeOptions = (enabled = true) =>
  useOptions(masterOptions(MASTERS.zoningCode), enabled);

/**
 * The agents of one's own agency (`GetAssociatedAgencyAgents`), a property's agents for those who do
 * not see every agency: a short list, loaded whole. Those who see every agency search `allagents`.
 */
export const useAgencyAgentOptions = (enabled = true) =>
  useOptions(optionsOf(propertyApi.GetAssociatedAgencyAgents, 'user_id', 'full_name'), enabled);

// ---- searched lookups: the entities that grow with the marketplace

/** A lookup that answers `searchText` and `ids` (the contract's lookupQuery). */
export type SearchedLookup = OptionSource;

export const SEARCHED = {
  sellers: optionsOf(entityApi.GetSellerWithoutPagination, 'seller_id', 'seller_name'),
  agents: optionsOf(propertyApi.allagents, 'user_id', 'full_name'),
  agencies: optionsOf(entityApi.GetAgencyWithoutPagination, 'agency_id', 'agency_name'),
  brokers: optionsOf(entityApi.GetBrokerWithoutPagination, 'broker_id', 'broker_name'),
  brokerAssociations: optionsOf(
    entityApi.GetBrokerAssociationWithoutPagination,
    'broker_association_id',
    'broker_association_name',
  ),
} satisfies Record<string, SearchedLookup>;

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
  const toOption = (r: Row): IdName => ({ id: Number(r[idKey]), name: String(r[nameKey]) });

  const matches = useQuery({
    ...rowsQuery<Row>(call, { searchText: searched ?? '' }),
    enabled: searched !== null,
    staleTime: STALE,
    // The last matches stay while the next load, narrowed to the typed text below.
    placeholderData: keepPreviousData,
  });

  const names = new Map(known.map((o) => [o.id, o.name]));
  for (const query of client.getQueryCache().findAll({ queryKey: [call.name] })) {
    const rows = query.state.data;
    if (query.state.isInvalidated || !Array.isArray(rows)) continue;
    for (const r of rows as Row[]) names.set(Number(r[idKey]), String(r[nameKey]));
  }
  const missing = chosenIds.filter((id) => !names.has(id));
  const chosen = useQuery({
    ...rowsQuery<Row>(call, { ids: missing.join(',') }),
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
  roles: optionsOf(roleApi.webGetRolesWithoutPagination, 'id', 'name'),
  categories: masterOptions(MASTERS.productCategory),
  provinces: masterOptions(MASTERS.province),
  skills: masterOptions(MASTERS.userSkills),
} satisfies Record<Extract<ChoiceSource, { lookup: string }>['lookup'], OptionSource>;
export type ReportLookup = keyof typeof REPORT_LOOKUPS;

/** The options of a report filter's lookup; `null` loads nothing (a filter with fixed values). */
export const useReportLookupOptions = (lookup: ReportLookup | null) =>
  useOptions(REPORT_LOOKUPS[lookup ?? 'roles'], lookup !== null);
