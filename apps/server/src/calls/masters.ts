import {
  sql,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { z } from 'zod';
import {
  MASTER_LIST,
  adjacentBarangayRow,
  adjacentSubdivisionRow,
  adjacentTownRow,
  barangayForSubdivisionRow,
  barangayLookupRow,
  geographyApi,
  masterCalls,
  masterLookupColumns,
  subdivisionLookupRow,
  townLookupRow,
  type AnswerOf,
  type DwellingRow,
  type MasterDefinition,
} from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { defineList } from './list-call.ts';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.ts';
import { deleteUnused } from '../lib/references.ts';
import type { SessionUser } from '../lib/session.ts';
import { inTransaction, type Db } from '../db/index.ts';

// Master tables are addressed by name from their definitions, so queries here are untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any> | Transaction<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;
const untyped = (db: Db) => db as unknown as AnyDb;

/** How the geographic masters reach their parents; `derived` row fields come from the joins. */
interface Relations {
  joins: { table: string; alias: string; on: [string, string]; optional?: boolean }[];
  derived: Record<string, string>;
  /** Search on parents' names as `fk IN (subquery)`, which trigram indexes can serve (an OR across joins cannot). */
  parentSearch?: (pattern: string) => RawBuilder<SqlBool>;
}
const townsNamed = (pattern: string) =>
  sql`SELECT t.town_id FROM towns t JOIN provinces p ON p.province_id = t.province_id
      WHERE t.town_name ILIKE ${pattern} OR p.province_name ILIKE ${pattern}`;
const RELATIONS: Record<string, Relations> = {
  town: {
    joins: [{ table: 'provinces', alias: 'p', on: ['p.province_id', 'm.province_id'] }],
    derived: { province_name: 'p.province_name' },
    parentSearch: (pattern) =>
      sql`m.province_id IN (SELECT province_id FROM provinces WHERE province_name ILIKE ${pattern})`,
  },
  barangay: {
    joins: [
      { table: 'towns', alias: 't', on: ['t.town_id', 'm.town_id'] },
      { table: 'provinces', alias: 'p', on: ['p.province_id', 't.province_id'] },
    ],
    derived: { province_id: 't.province_id', town_name: 't.town_name', province_name: 'p.province_name' },
    parentSearch: (pattern) => sql`m.town_id IN (${townsNamed(pattern)})`,
  },
  subdivision: {
    joins: [
      { table: 'towns', alias: 't', on: ['t.town_id', 'm.town_id'] },
      { table: 'provinces', alias: 'p', on: ['p.province_id', 't.province_id'] },
      { table: 'barangays', alias: 'b', on: ['b.barangay_id', 'm.barangay_id'], optional: true },
    ],
    derived: {
      province_id: 't.province_id',
      town_name: 't.town_name',
      province_name: 'p.province_name',
      barangay_name: 'b.barangay_name',
    },
    parentSearch: (pattern) =>
      sql`(m.town_id IN (${townsNamed(pattern)})
        OR m.barangay_id IN (SELECT barangay_id FROM barangays WHERE barangay_name ILIKE ${pattern}))`,
  },
};

const relationsOf = (def: MasterDefinition): Relations => RELATIONS[def.key] ?? { joins: [], derived: {} };

/** Row field → SQL expression, for every field a list row carries. */
function columnsOf(def: MasterDefinition): Record<string, string> {
  const { derived } = relationsOf(def);
  const columns: Record<string, string> = {
    [def.idColumn]: `m.${def.idColumn}`,
    [def.statusColumn]: 'm.status',
  };
  for (const f of def.fields) columns[f.column] = derived[f.column] ?? `m.${f.column}`;
  return { ...columns, ...derived };
}

/** The table's own columns that a save writes (fields not derived through a join). */
const ownFields = (def: MasterDefinition) =>
  def.fields.filter((f) => !(f.column in relationsOf(def).derived));

const adjacencyTable = (def: MasterDefinition) => `${def.key}_adjacency`;
const adjacentColumn = (def: MasterDefinition) => `adjacent_${def.idColumn}`;

/** The linked records' ids ('4,9') and names ('East, North') of the record whose id is at `idRef`. */
function adjacencyColumns(def: MasterDefinition, idRef: string) {
  const adjacency = def.adjacency!;
  const link = sql.table(adjacencyTable(def));
  const own = sql.ref(idRef);
  const other = sql.ref(`a.${adjacentColumn(def)}`);
  const mine = sql.ref(`a.${def.idColumn}`);
  const name = sql.ref(`o.${def.nameColumn}`);
  return [
    sql<string>`coalesce((SELECT string_agg(${other}::text, ',' ORDER BY ${other}) FROM ${link} a
      WHERE ${mine} = ${own}), '')`.as(adjacency.idsColumn),
    sql<string>`coalesce((SELECT string_agg(${name}, ', ' ORDER BY ${name})
      FROM ${link} a JOIN ${sql.table(def.table)} o ON ${sql.ref(`o.${def.idColumn}`)} = ${other}
      WHERE ${mine} = ${own}), '')`.as(adjacency.namesColumn),
  ];
}

function baseQuery(def: MasterDefinition, db: Db, withAdjacency = true): AnyQuery {
  let query: AnyQuery = untyped(db).selectFrom(`${def.table} as m`);
  for (const j of relationsOf(def).joins) {
    const target = `${j.table} as ${j.alias}`;
    query = j.optional ? query.leftJoin(target, j.on[0], j.on[1]) : query.innerJoin(target, j.on[0], j.on[1]);
  }
  const columns = columnsOf(def);
  query = query.select(Object.entries(columns).map(([field, expr]) => sql.ref(expr).as(field)));
  return def.adjacency && withAdjacency ? query.select(adjacencyColumns(def, `m.${def.idColumn}`)) : query;
}

async function findRow(def: MasterDefinition, db: AnyDb, id: number) {
  return (await baseQuery(def, db as Db)
    .where(sql.ref(`m.${def.idColumn}`), '=', id)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
}

type Input = Record<string, unknown>;

/** Checks that parents exist and agree (a town in the chosen province...); 400 naming the field. */
async function checkParents(def: MasterDefinition, db: AnyDb, input: Input) {
  const param = (column: string) => def.fields.find((f) => f.column === column)?.param;
  const provinceParam = param('province_id');
  const townParam = param('town_id');
  const barangayParam = param('barangay_id');
  const provinceId = provinceParam ? (input[provinceParam] as number) : undefined;
  if (provinceParam && provinceId) {
    const found = await db
      .selectFrom('provinces')
      .select('province_id')
      .where('province_id', '=', provinceId)
      .executeTakeFirst();
    if (!found) throw badRequest('Unknown province', { [provinceParam]: 'Unknown province' });
  }
  const townId = townParam ? (input[townParam] as number) : undefined;
  if (townParam && townId) {
    const town = await db
      .selectFrom('towns')
      .select('province_id')
      .where('town_id', '=', townId)
      .executeTakeFirst();
    if (!town) throw badRequest('Unknown town', { [townParam]: 'Unknown town' });
    if (provinceId && town.province_id !== provinceId) {
      throw badRequest('The town is not in the chosen province', {
        [townParam]: 'The town is not in the chosen province',
      });
    }
  }
  const barangayId = barangayParam ? (input[barangayParam] as number | null) : undefined;
  if (barangayParam && barangayId) {
    const barangay = await db
      .selectFrom('barangays')
      .select('town_id')
      .where('barangay_id', '=', barangayId)
      .executeTakeFirst();
    if (!barangay) throw badRequest('Unknown barangay', { [barangayParam]: 'Unknown barangay' });
    if (townId && barangay.town_id !== townId) {
      throw badRequest('The barangay is not in the chosen town', {
        [barangayParam]: 'The barangay is not in the chosen town',
      });
    }
  }
}

async function checkNameFree(def: MasterDefinition, db: AnyDb, input: Input, exceptId?: number) {
  const name = input[def.fields[0]!.param] as string;
  let query = db
    .selectFrom(def.table)
    .select(def.idColumn)
    .where(sql`lower(${sql.ref(def.nameColumn)})`, '=', name.toLowerCase());
  if (def.uniqueWithin) {
    const parent = def.fields.find((f) => f.column === def.uniqueWithin)!;
    query = query.where(def.uniqueWithin, '=', input[parent.param]);
  }
  if (exceptId) query = query.where(def.idColumn, '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(`${def.entity} Already Exist`);
}

/** Adjacency is symmetric: if A borders B, B borders A. Replaces the record's whole set. */
async function saveAdjacency(def: MasterDefinition, db: AnyDb, id: number, others: number[]) {
  if (!def.adjacency) return;
  const table = adjacencyTable(def);
  const mine = def.idColumn;
  const theirs = adjacentColumn(def);
  const wanted = others.filter((o) => o !== id);
  if (wanted.length > 0) {
    const found = await db
      .selectFrom(def.table)
      .select(def.idColumn)
      .where(def.idColumn, 'in', wanted)
      .execute();
    if (found.length !== wanted.length) {
      throw badRequest(`Unknown ${def.adjacency.label.toLowerCase()}`, {
        [def.adjacency.param]: `Unknown ${def.adjacency.label.toLowerCase()}`,
      });
    }
  }
  await db
    .deleteFrom(table)
    .where((eb) => eb.or([eb(mine, '=', id), eb(theirs, '=', id)]))
    .execute();
  if (wanted.length === 0) return;
  await db
    .insertInto(table)
    .values(
      wanted.flatMap((o) => [
        { [mine]: id, [theirs]: o },
        { [mine]: o, [theirs]: id },
      ]),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const valuesOf = (def: MasterDefinition, input: Input) =>
  Object.fromEntries(
    ownFields(def).map((f) => [f.column, f.input === 'zip' ? input[f.param] || null : input[f.param]]),
  );

function masterCallsOf(def: MasterDefinition): AnyCall[] {
  const columns = columnsOf(def);
  const ownSearch = [def.nameColumn, ...def.fields.filter((f) => f.input === 'zip').map((f) => f.column)];
  const parentSearch = relationsOf(def).parentSearch;
  const search = (pattern: string) =>
    sql<SqlBool>`(${sql.join(
      [
        ...ownSearch.map((c) => sql`${sql.ref(`m.${c}`)} ILIKE ${pattern}`),
        ...(parentSearch ? [parentSearch(pattern)] : []),
      ],
      sql` OR `,
    )})`;
  const calls = masterCalls(def);
  const tag = 'Masters';

  const update = defineCall(calls.update, {
    access: ['Edit Master', 'Enable Master'],
    tag,
    summary: `Change a ${def.entity.toLowerCase()} (its status alone needs only Enable Master)`,
    async handle({ db, input, user }) {
      const id = input[def.params.id] as number;
      const current = await findRow(def, untyped(db), id);
      if (!current) throw notFound(def.entity);
      const values: Input = { ...input };
      for (const f of def.fields) if (values[f.param] === undefined) values[f.param] = current[f.column];
      const status =
        (values[def.params.status] as string | undefined) ?? (current[def.statusColumn] as string);
      assertMayChange(def, user, current, values, status);
      await inTransaction(db, async (trx) => {
        const t = trx as unknown as AnyDb;
        await checkParents(def, t, values);
        await checkNameFree(def, t, values, id);
        await t
          .updateTable(def.table)
          .set({ ...valuesOf(def, values), status, updated_at: sql`now()`, updated_by: user.user_id })
          .where(def.idColumn, '=', id)
          .execute();
        if (def.adjacency && def.adjacency.param in values) {
          await saveAdjacency(def, t, id, values[def.adjacency.param] as number[]);
        }
      });
      return { message: `${def.entity} updated successfully` };
    },
  });

  return [
    defineList(calls.list, {
      access: def.menuPermission,
      alsoFor: def.alsoFor,
      tag,
      summary: `${def.entity} list, paged`,
      list: {
        envelope: 'resultData',
        query: ({ db }) => baseQuery(def, db, false),
        sort: Object.fromEntries(def.sortColumns.map((c) => [c, columns[c]!])),
        search,
        tieBreaker: `m.${def.idColumn}`,
        // Every row has its parents (foreign keys, NOT NULL), so the joins cannot change the count.
        unfilteredCount: ({ db }) =>
          untyped(db)
            .selectFrom(def.table)
            .select(sql`1`.as('one')),
        ...(def.adjacency && {
          late: {
            idField: def.idColumn,
            columns: (page: string) => adjacencyColumns(def, `${page}.${def.idColumn}`),
          },
        }),
        export: {
          title: def.exportTitle,
          columns: [
            { key: def.idColumn, header: 'ID', type: 'number', width: 10 },
            ...def.columns.map((c) => ({ key: c.field, header: c.header })),
          ],
        },
      },
    }),

    defineCall(calls.save, {
      create: true,
      access: 'Add Master',
      tag,
      summary: `Add a ${def.entity.toLowerCase()} (Active)`,
      async handle({ db, input: values, user }) {
        await inTransaction(db, async (trx) => {
          const t = trx as unknown as AnyDb;
          await checkParents(def, t, values);
          await checkNameFree(def, t, values);
          const row = (await t
            .insertInto(def.table)
            .values({
              ...valuesOf(def, values),
              status: 'Active',
              created_by: user.user_id,
              updated_by: user.user_id,
            })
            .returning(def.idColumn)
            .executeTakeFirstOrThrow()) as Record<string, number>;
          if (def.adjacency) {
            await saveAdjacency(def, t, row[def.idColumn]!, (values[def.adjacency.param] as number[]) ?? []);
          }
        });
        return { message: `${def.entity} saved successfully` };
      },
    }),

    update,

    defineCall(calls.delete, {
      access: 'Delete Master',
      tag,
      summary: `Delete a ${def.entity.toLowerCase()} that nothing uses`,
      async handle({ db, input }) {
        const id = input[def.params.deleteId] as number;
        const current = await findRow(def, untyped(db), id);
        if (!current) throw notFound(def.entity);
        await deleteUnused(
          db,
          def.table,
          def.idColumn,
          id,
          `${def.entity} : ${String(current[def.nameColumn])}`,
        );
        return { message: `${def.entity} deleted successfully` };
      },
    }),

    defineCall(calls.lookup, {
      access: 'signed-in',
      tag: 'Lookups',
      summary: `Active ${def.entity.toLowerCase()} records by name`,
      async handle({ db }) {
        const resultData = await untyped(db)
          .selectFrom(def.table)
          .select(masterLookupColumns(def))
          .where('status', '=', 'Active')
          .orderBy(def.nameColumn)
          .orderBy(def.idColumn)
          .execute();
        return { resultData };
      },
    }),
  ];
}

function assertMayChange(
  def: MasterDefinition,
  user: SessionUser,
  current: Record<string, unknown>,
  values: Input,
  status: string,
) {
  if (status !== current[def.statusColumn] && !user.permissions.has('Enable Master')) {
    throw new HttpError(403, 'You do not have permission to change the status');
  }
  const changed =
    def.fields.some((f) => String(values[f.param] ?? '') !== String(current[f.column] ?? '')) ||
    (def.adjacency !== undefined &&
      def.adjacency.param in values &&
      (values[def.adjacency.param] as number[])
        .slice()
        .sort((a, b) => a - b)
        .join(',') !== String(current[def.adjacency.idsColumn]));
  if (changed && !user.permissions.has('Edit Master')) {
    throw new HttpError(403, 'You do not have permission to do this');
  }
}

/**
 * The active records of a master table as the declared lookup row: its columns, in its order. The
 * master tables are not in the typed schema, so the row's type is the declaration's.
 */
const activeNamed = <R extends z.ZodObject>(db: Db, table: string, row: R, order: string) =>
  untyped(db)
    .selectFrom(table)
    .select(Object.keys(row.shape))
    .where('status', '=', 'Active')
    .orderBy(order)
    .$castTo<z.output<R>>();
const lookup = { access: 'signed-in', tag: 'Lookups' } as const;

/**
 * The cascade: each lookup answers the active records under its parent. Old screens call them before a
 * parent is chosen, with no parameter at all: then no rows, as the old server answered (42,011
 * barangays are not a choice list), except towns, which are all listed without a province.
 */
const geographyLookups: AnyCall[] = [
  defineCall(geographyApi.GetTownWithoutPagination, {
    ...lookup,
    summary: 'Active towns and cities of a province (all, without provinceId), by name',
    async handle({ db, input: { provinceId } }) {
      let q = activeNamed(db, 'towns', townLookupRow, 'town_name');
      if (provinceId) q = q.where('province_id', '=', provinceId);
      return { resultData: await q.execute() };
    },
  }),
  defineCall(geographyApi.GetBarangayWithoutPagination, {
    ...lookup,
    summary: 'Active barangays of a town, by name (none without townId)',
    handle: async ({ db, input: { townId } }) => ({
      resultData: townId
        ? await activeNamed(db, 'barangays', barangayLookupRow, 'barangay_name')
            .where('town_id', '=', townId)
            .execute()
        : [],
    }),
  }),
  defineCall(geographyApi.GetSubdivisionWithoutPagination, {
    ...lookup,
    summary: 'Active subdivisions of a barangay, or of a town (none without either)',
    async handle({ db, input: { barangayId, townId } }) {
      if (!barangayId && !townId) return { resultData: [] };
      let q = activeNamed(db, 'subdivisions', subdivisionLookupRow, 'subdivision_name');
      if (barangayId) q = q.where('barangay_id', '=', barangayId);
      if (townId) q = q.where('town_id', '=', townId);
      return { resultData: await q.execute() };
    },
  }),
  defineCall(geographyApi.GetAdjacentTownWithoutPagination, {
    ...lookup,
    summary: 'Towns of the province that may border the given town (none without provinceId)',
    async handle({ db, input: { provinceId, townId } }) {
      if (!provinceId) return { resultData: [] };
      let q = activeNamed(db, 'towns', adjacentTownRow, 'town_name').where('province_id', '=', provinceId);
      if (townId) q = q.where('town_id', '!=', townId);
      return { resultData: await q.execute() };
    },
  }),
  defineCall(geographyApi.GetBarangayForSubdivisionWithoutPagination, {
    ...lookup,
    summary: 'Barangays of a town, for choosing a subdivision’s barangay (none without townId)',
    handle: async ({ db, input: { townId } }) => ({
      resultData: townId
        ? await activeNamed(db, 'barangays', barangayForSubdivisionRow, 'barangay_name')
            .where('town_id', '=', townId)
            .execute()
        : [],
    }),
  }),
  defineCall(geographyApi.GetAdjacentBarangayWithoutPagination, {
    ...lookup,
    summary: 'Barangays of the town that may border the given barangay (none without townId)',
    async handle({ db, input: { townId, barangayId } }) {
      if (!townId) return { resultData: [] };
      let q = activeNamed(db, 'barangays', adjacentBarangayRow, 'barangay_name').where(
        'town_id',
        '=',
        townId,
      );
      if (barangayId) q = q.where('barangay_id', '!=', barangayId);
      return { resultData: await q.execute() };
    },
  }),
  defineCall(geographyApi.GetAdjacentSubdivisionWithoutPagination, {
    ...lookup,
    summary: 'Subdivisions of the town that may border a subdivision (none without townId)',
    handle: async ({ db, input: { townId } }) => ({
      resultData: townId
        ? await activeNamed(db, 'subdivisions', adjacentSubdivisionRow, 'subdivision_name')
            .where('town_id', '=', townId)
            .execute()
        : [],
    }),
  }),
  defineCall(geographyApi.GetDwellingWithoutPagination, {
    ...lookup,
    summary: 'Whether a property type is a dwelling',
    handle: async ({ db, input: { typeId } }) => ({
      resultData: await untyped(db)
        .selectFrom('property_types')
        .select('dwelling_type')
        .where('property_type_id', '=', typeId)
        .$castTo<DwellingRow>()
        .execute(),
    }),
  }),
  defineCall(geographyApi.provinceExist, {
    ...lookup,
    summary: "Whether a province of that name exists (any case): {status: 'exist'|'notexist'}",
    async handle({ db, input }) {
      const found = await db
        .selectFrom(sql`provinces`.as('p'))
        .select(sql`1`.as('one'))
        .where(sql`lower(province_name)`, '=', input.provinceName.toLowerCase())
        .executeTakeFirst();
      const status: AnswerOf<typeof geographyApi.provinceExist>['status'] = found ? 'exist' : 'notexist';
      return { status };
    },
  }),
];

const customLookups = new Set(geographyLookups.map((c) => c.name));

/** Every master's list, saves and delete, its lookup (unless a geographic one replaces it), and the cascade lookups. */
export const masterListCalls: AnyCall[] = [
  ...MASTER_LIST.flatMap(masterCallsOf).filter(
    (c) => c.method === 'POST' || c.list || !customLookups.has(c.name),
  ),
  ...geographyLookups,
];
