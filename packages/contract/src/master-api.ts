import { z } from 'zod';
import { coercedNumber, MAX_ID, noInput, requiredText } from './common.ts';
import { listQuery } from './list-query.ts';
import { messageAnswer } from './answers.ts';
import { declareCalls, type ApiCall } from './calls.ts';
import { bulkAnswer, bulkDeleteRequest, bulkStatusRequest } from './bulk.ts';
import { type MasterDefinition, MASTERS, type MasterKey, MASTER_LIST } from './master-catalogue.ts';
import {
  masterSaveSchema,
  masterUpdateSchema,
  masterDeleteSchema,
  masterPageAnswer,
  masterLookupAnswer,
  townLookupRow,
  barangayLookupRow,
  subdivisionLookupRow,
  adjacentTownRow,
  barangayForSubdivisionRow,
  adjacentBarangayRow,
  adjacentSubdivisionRow,
  dwellingRow,
  lookupAnswer,
} from './masters.ts';

// The master and geography calls, declared from the definitions (master-catalogue.ts, masters.ts).
/** The optional parent id of a cascade lookup: blank or absent means none (the old screens send both). */
const lookupParentId = z
  .union([coercedNumber(undefined, (n) => n.int().positive().max(MAX_ID, 'Too large')), z.literal('')])
  .optional()
  .transform((v) => (v ? v : undefined));

/** The geographic cascade's lookups, and the dwelling question of a property type. */
export const geographyLookupAnswers = {
  GetTownWithoutPagination: lookupAnswer(townLookupRow),
  GetBarangayWithoutPagination: lookupAnswer(barangayLookupRow),
  GetSubdivisionWithoutPagination: lookupAnswer(subdivisionLookupRow),
  GetAdjacentTownWithoutPagination: lookupAnswer(adjacentTownRow),
  GetBarangayForSubdivisionWithoutPagination: lookupAnswer(barangayForSubdivisionRow),
  GetAdjacentBarangayWithoutPagination: lookupAnswer(adjacentBarangayRow),
  GetAdjacentSubdivisionWithoutPagination: lookupAnswer(adjacentSubdivisionRow),
  GetDwellingWithoutPagination: lookupAnswer(dwellingRow),
} as const;

export const provinceExistAnswer = z.object({ status: z.enum(['exist', 'notexist']) });

const answers = geographyLookupAnswers;
/**
 * The cascade's lookups (each answers the active records under the parent it is given) and the
 * province name check. Three of them are also the town, barangay and subdivision masters' lookups.
 */
export const geographyApi = declareCalls({
  GetTownWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ provinceId: lookupParentId }),
    response: answers.GetTownWithoutPagination,
  },
  GetBarangayWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ townId: lookupParentId, provinceId: lookupParentId }),
    response: answers.GetBarangayWithoutPagination,
  },
  GetSubdivisionWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ barangayId: lookupParentId, townId: lookupParentId, provinceId: lookupParentId }),
    response: answers.GetSubdivisionWithoutPagination,
  },
  GetAdjacentTownWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ provinceId: lookupParentId, townId: lookupParentId }),
    response: answers.GetAdjacentTownWithoutPagination,
  },
  GetBarangayForSubdivisionWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ townId: lookupParentId, provinceId: lookupParentId }),
    response: answers.GetBarangayForSubdivisionWithoutPagination,
  },
  GetAdjacentBarangayWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ townId: lookupParentId, provinceId: lookupParentId, barangayId: lookupParentId }),
    response: answers.GetAdjacentBarangayWithoutPagination,
  },
  GetAdjacentSubdivisionWithoutPagination: {
    method: 'GET',
    input: z.looseObject({ townId: lookupParentId, provinceId: lookupParentId, barangayId: lookupParentId }),
    response: answers.GetAdjacentSubdivisionWithoutPagination,
  },
  GetDwellingWithoutPagination: {
    method: 'GET',
    input: z.looseObject({
      typeId: coercedNumber(undefined, (n) =>
        n.int().positive('typeId is required').max(MAX_ID, 'Too large'),
      ),
    }),
    response: answers.GetDwellingWithoutPagination,
  },
  provinceExist: {
    method: 'POST',
    input: z.looseObject({ provinceName: requiredText(120) }),
    response: provinceExistAnswer,
  },
});
type GeographyApi = typeof geographyApi;

/* The calls of every master, declared once from its definition. */

const declared = <
  const N extends string,
  const M extends 'GET' | 'POST',
  I extends z.ZodType,
  R extends z.ZodType,
>(
  name: N,
  method: M,
  input: I,
  response: R,
): ApiCall<N, M, I, R> => ({ name, method, input, response });

/** Some master's lookup, when which one is not known (a screen of any master). */
type AnyMasterLookupCall = ApiCall<
  string,
  'GET',
  z.ZodType,
  z.ZodType<{ resultData: Record<string, unknown>[] }>
>;
/** A master's lookup: the cascade's own for a town, barangay or subdivision, else its id and name. */
type MasterLookupCall<D extends MasterDefinition> = string extends D['calls']['lookup']
  ? AnyMasterLookupCall
  : D['calls']['lookup'] extends keyof GeographyApi
    ? GeographyApi[D['calls']['lookup']]
    : ApiCall<D['calls']['lookup'], 'GET', typeof noInput, ReturnType<typeof masterLookupAnswer<D>>>;

type MasterListQuery<D extends MasterDefinition> = ReturnType<typeof listQuery<D['sortColumns']>>;
/** A master's bulk calls are named after its key: bulkAmenityStatus, bulkDeleteAmenity. */
const bulkNames = <K extends string>(key: K) => {
  const name = (key.charAt(0).toUpperCase() + key.slice(1)) as Capitalize<K>;
  return { status: `bulk${name}Status`, delete: `bulkDelete${name}` } as const;
};
type BulkNames<D extends MasterDefinition> = ReturnType<typeof bulkNames<D['key']>>;

/** The declarations of a master's calls: list, lookup, save, update, delete and the two bulk actions. */
export interface MasterCalls<D extends MasterDefinition = MasterDefinition> {
  list: ApiCall<D['calls']['list'], 'GET', MasterListQuery<D>, ReturnType<typeof masterPageAnswer>>;
  lookup: MasterLookupCall<D>;
  save: ApiCall<D['calls']['save'], 'POST', ReturnType<typeof masterSaveSchema>, typeof messageAnswer>;
  update: ApiCall<D['calls']['update'], 'POST', ReturnType<typeof masterUpdateSchema>, typeof messageAnswer>;
  delete: ApiCall<D['calls']['delete'], 'POST', ReturnType<typeof masterDeleteSchema>, typeof messageAnswer>;
  /** Activate or deactivate the rows the list selects (`ids` or `matching`). */
  bulkStatus: ApiCall<
    BulkNames<D>['status'],
    'POST',
    ReturnType<typeof bulkStatusRequest<MasterListQuery<D>>>,
    typeof bulkAnswer
  >;
  bulkDelete: ApiCall<
    BulkNames<D>['delete'],
    'POST',
    ReturnType<typeof bulkDeleteRequest<MasterListQuery<D>>>,
    typeof bulkAnswer
  >;
}
export type MasterCallKind = keyof MasterCalls;

/** The masters whose lookup is the cascade's. */
const cascadeLookups: Partial<Record<string, AnyMasterLookupCall>> = {
  GetTownWithoutPagination: geographyApi.GetTownWithoutPagination,
  GetBarangayWithoutPagination: geographyApi.GetBarangayWithoutPagination,
  GetSubdivisionWithoutPagination: geographyApi.GetSubdivisionWithoutPagination,
};
const declareMaster = (def: MasterDefinition): MasterCalls => {
  const query = listQuery(def.sortColumns);
  const bulk = bulkNames(def.key);
  return {
    list: declared(def.calls.list, 'GET', query, masterPageAnswer(def)),
    lookup:
      cascadeLookups[def.calls.lookup] ?? declared(def.calls.lookup, 'GET', noInput, masterLookupAnswer(def)),
    save: declared(def.calls.save, 'POST', masterSaveSchema(def), messageAnswer),
    update: declared(def.calls.update, 'POST', masterUpdateSchema(def), messageAnswer),
    delete: declared(def.calls.delete, 'POST', masterDeleteSchema(def), messageAnswer),
    bulkStatus: declared(bulk.status, 'POST', bulkStatusRequest(query), bulkAnswer),
    bulkDelete: declared(bulk.delete, 'POST', bulkDeleteRequest(query), bulkAnswer),
  };
};
const MASTER_CALLS = new Map(MASTER_LIST.map((def) => [def.key, declareMaster(def)]));

/**
 * The declarations of a master's calls, built once: the server registers them and the web app
 * makes them, so both hold the same objects. `masterCalls(MASTERS.userSkills).list` is GetUserSkills.
 */
export function masterCalls<D extends MasterDefinition>(def: D): MasterCalls<D>;
export function masterCalls(def: MasterDefinition): MasterCalls {
  const calls = MASTER_CALLS.get(def.key);
  if (!calls) throw new Error(`${def.key} is not a master of MASTERS`);
  return calls;
}

/** The geography lookups, the province master's and the cascade's: a master save reloads them. */
export const GEOGRAPHY_LOOKUPS = [
  masterCalls(MASTERS.province).lookup,
  geographyApi.GetTownWithoutPagination,
  geographyApi.GetBarangayWithoutPagination,
  geographyApi.GetSubdivisionWithoutPagination,
  geographyApi.GetAdjacentTownWithoutPagination,
  geographyApi.GetBarangayForSubdivisionWithoutPagination,
  geographyApi.GetAdjacentBarangayWithoutPagination,
  geographyApi.GetAdjacentSubdivisionWithoutPagination,
] as const;

type AnyMasterCall = { [K in MasterKey]: MasterCalls<(typeof MASTERS)[K]>[MasterCallKind] }[MasterKey];
/** Every master call and cascade lookup by its wire name. */
export type MasterApi = { readonly [C in AnyMasterCall as C['name']]: C } & GeographyApi;

export const masterApi = {
  ...Object.fromEntries(
    [...MASTER_CALLS.values()].flatMap((calls) => Object.values(calls).map((c) => [c.name, c])),
  ),
  ...geographyApi,
} as MasterApi;
