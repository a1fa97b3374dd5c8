import { MASTER_LIST, geographyApi, masterCalls, type AnswerOf, type MasterDefinition } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { defineList } from './list-call.ts';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.ts';
import { deleteUnused, unlessTaken } from '../lib/references.ts';
import type { SessionUser } from '../lib/session.ts';
import { inTransaction, type Db, type Trx } from '../db/index.ts';
import * as masters from '../db/repositories/masters.ts';
import * as lookups from '../db/repositories/master-lookups.ts';
import { carryUnder, subdivisionHoldsBarangays, type Parents } from '../db/repositories/place-moves.ts';

type Input = Record<string, unknown>;

/** Checks that parents exist and agree (a town in the chosen province...); 400 naming the field. */
async function checkParents(def: MasterDefinition, db: Db, input: Input) {
  const param = (column: string) => def.fields.find((f) => f.column === column)?.param;
  const provinceParam = param('province_id');
  const townParam = param('town_id');
  const barangayParam = param('barangay_id');
  const provinceId = provinceParam ? (input[provinceParam] as number) : undefined;
  if (provinceParam && provinceId) {
    const province = await masters.findProvince(db, provinceId);
    if (!province) throw badRequest('Unknown province', { [provinceParam]: 'Unknown province' });
  }
  const townId = townParam ? (input[townParam] as number) : undefined;
  if (townParam && townId) {
    const town = await masters.findTown(db, townId);
    if (!town) throw badRequest('Unknown town', { [townParam]: 'Unknown town' });
    if (provinceId && town.province_id !== provinceId) {
      throw badRequest('The town is not in the chosen province', {
        [townParam]: 'The town is not in the chosen province',
      });
    }
  }
  const barangayId = barangayParam ? (input[barangayParam] as number | null) : undefined;
  if (barangayParam && barangayId) {
    const barangay = await masters.findBarangay(db, barangayId);
    if (!barangay) throw badRequest('Unknown barangay', { [barangayParam]: 'Unknown barangay' });
    if (townId && barangay.town_id !== townId) {
      throw badRequest('The barangay is not in the chosen town', {
        [barangayParam]: 'The barangay is not in the chosen town',
      });
    }
  }
}

/** 409 on the name's field: '{Entity} Already Exist'. */
const nameTaken = (def: MasterDefinition) => {
  const message = `${def.entity} Already Exist`;
  return conflict(message, { [def.fields[0]!.param]: message });
};

async function checkNameFree(def: MasterDefinition, db: Db, input: Input, exceptId?: number) {
  const nameParam = def.fields[0]!.param;
  const parent = def.fields.find((f) => f.column === def.uniqueWithin);
  const within = parent && input[parent.param];
  if (await masters.findMasterNamed(db, def, input[nameParam] as string, within, exceptId)) {
    throw nameTaken(def);
  }
}

/** A save of `def` in a transaction: a name another save took after the check is refused as the check does. */
const savingName = (def: MasterDefinition, db: Db, save: (trx: Trx) => Promise<void>) =>
  unlessTaken(
    masters.nameIndexOf(def),
    () => nameTaken(def),
    () => inTransaction(db, save),
  );

/** Where the record lies as its save leaves it, and the neighbours it had (none when new). */
interface Placed {
  within: number;
  moved: boolean;
  had: string;
}

/**
 * Replaces the record's adjacent records (both ways). 400 naming the field for one that does not exist,
 * and for a new one under another parent than the record's (the lookups offer only the parent's; links
 * already there are kept). A record that moved keeps none under another parent: those are its old
 * neighbours, even when the form sent them again, as an old client's edit form filled from its list
 * row does (a move of a neighbour waits for this save, then drops what crosses: carryUnder).
 */
async function saveAdjacency(def: MasterDefinition, db: Db, id: number, others: number[], placed: Placed) {
  const adjacency = def.adjacency;
  if (!adjacency) return;
  const refuse = (message: string) => badRequest(message, { [adjacency.param]: message });
  const wanted = [...new Set(others)].filter((o) => o !== id);
  const found = wanted.length > 0 ? await masters.existingNeighbours(db, def, wanted) : [];
  if (found.length !== wanted.length) throw refuse(`Unknown ${adjacency.label.toLowerCase()}`);
  const had = new Set(placed.had.split(',').map(Number));
  const across = found.filter((n) => Number(n.within) !== placed.within);
  if (!placed.moved && across.some((n) => !had.has(n.id))) {
    const parent = adjacency.within === 'province_id' ? 'province' : 'town';
    throw refuse(`Only ${def.entity.toLowerCase()}s of the same ${parent} can be adjacent`);
  }
  const kept = placed.moved ? found.filter((n) => !across.includes(n)).map((n) => n.id) : wanted;
  await masters.replaceAdjacency(db, def, id, kept);
}

const valuesOf = (def: MasterDefinition, input: Input) =>
  Object.fromEntries(
    masters
      .ownFields(def)
      .map((f) => [f.column, f.input === 'zip' ? input[f.param] || null : input[f.param]]),
  );

/** The parent places of the record as the update leaves them, by column (a barangay's town and province...). */
const parentsOf = (def: MasterDefinition, values: Input) =>
  Object.fromEntries(
    def.fields
      .filter((f) => ['province_id', 'town_id', 'barangay_id'].includes(f.column))
      .map((f) => [f.column, values[f.param] ?? null]),
  ) as unknown as Parents;

/**
 * A subdivision moved to another town takes its records with it, which needs the barangay they move to:
 * refused (400 on the barangay) when it has none there and records in it lie in a barangay.
 */
async function assertMayMove(def: MasterDefinition, db: Db, id: number, current: Input, parents: Parents) {
  if (def.key !== 'subdivision' || parents.barangay_id || current.town_id === parents.town_id) return;
  if (await subdivisionHoldsBarangays(db, id)) {
    const message = 'Choose a barangay of the new town: the records in this subdivision move to it';
    throw badRequest(message, { [def.fields.find((f) => f.column === 'barangay_id')!.param]: message });
  }
}

function masterCallsOf(def: MasterDefinition): AnyCall[] {
  const columns = masters.columnsOf(def);
  const calls = masterCalls(def);
  const tag = 'Masters';

  const update = defineCall(calls.update, {
    access: ['Edit Master', 'Enable Master'],
    tag,
    summary: `Change a ${def.entity.toLowerCase()} (its status alone needs only Enable Master)`,
    async handle({ db, input, user }) {
      const id = input[def.params.id] as number;
      await savingName(def, db, async (trx) => {
        // What the form leaves out is kept as it is once locked (by a statement of its own: a locking
        // read that joins keeps the row it first met): read before, a status changed meanwhile was undone.
        if ((await masters.lockMasters(trx, def, [id], false)).length === 0) throw notFound(def.entity);
        const current = (await masters.findMaster(trx, def, id))!;
        const values: Input = { ...input };
        for (const f of def.fields) if (values[f.param] === undefined) values[f.param] = current[f.column];
        const status =
          (values[def.params.status] as string | undefined) ?? (current[def.statusColumn] as string);
        assertMayChange(def, user, current, values, status);
        await checkParents(def, trx, values);
        await checkNameFree(def, trx, values, id);
        const parents = parentsOf(def, values);
        await assertMayMove(def, trx, id, current, parents);
        await masters.updateMaster(trx, def, id, valuesOf(def, values), status, user.user_id);
        await carryUnder(trx, def, id, current, parents);
        if (def.adjacency && def.adjacency.param in values) {
          const within = Number(parents[def.adjacency.within]);
          const had = String(current[def.adjacency.idsColumn]);
          const placed = { within, moved: within !== Number(current[def.adjacency.within]), had };
          await saveAdjacency(def, trx, id, values[def.adjacency.param] as number[], placed);
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
        query: ({ db }) => masters.masterListBase(def, db, false),
        sort: Object.fromEntries(def.sortColumns.map((c) => [c, columns[c]!])),
        search: masters.masterSearch(def),
        tieBreaker: `m.${def.idColumn}`,
        // Every row has its parents (foreign keys, NOT NULL), so the joins cannot change the count.
        unfilteredCount: ({ db }) => masters.everyMasterRow(db, def),
        ...(def.adjacency && {
          late: {
            idField: def.idColumn,
            columns: (page: string) => masters.adjacencyColumns(def, `${page}.${def.idColumn}`),
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
        await savingName(def, db, async (trx) => {
          await checkParents(def, trx, values);
          await checkNameFree(def, trx, values);
          const id = await masters.insertMaster(trx, def, valuesOf(def, values), user.user_id);
          if (def.adjacency) {
            const within = Number(parentsOf(def, values)[def.adjacency.within]);
            const placed = { within, moved: false, had: '' };
            await saveAdjacency(def, trx, id, (values[def.adjacency.param] as number[]) ?? [], placed);
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
        const current = await masters.findMaster(db, def, id);
        if (!current) throw notFound(def.entity);
        await deleteUnused(db, def.table, def.idColumn, id, def.entity, String(current[def.nameColumn]));
        return { message: `${def.entity} deleted successfully` };
      },
    }),

    defineCall(calls.lookup, {
      access: 'signed-in',
      tag: 'Lookups',
      summary: `Active ${def.entity.toLowerCase()} records by name`,
      handle: async ({ db }) => ({ resultData: await masters.activeMasters(db, def) }),
    }),
  ];
}

function assertMayChange(
  def: MasterDefinition,
  user: SessionUser,
  current: masters.MasterRow,
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
    handle: async ({ db, input: { provinceId } }) => ({
      resultData: await lookups.activeTowns(db, provinceId),
    }),
  }),
  defineCall(geographyApi.GetBarangayWithoutPagination, {
    ...lookup,
    summary: 'Active barangays of a town, by name (none without townId)',
    handle: async ({ db, input: { townId } }) => ({
      resultData: townId ? await lookups.activeBarangays(db, townId) : [],
    }),
  }),
  defineCall(geographyApi.GetSubdivisionWithoutPagination, {
    ...lookup,
    summary: 'Active subdivisions of a barangay, or of a town (none without either)',
    handle: async ({ db, input: { barangayId, townId } }) => ({
      resultData: barangayId || townId ? await lookups.activeSubdivisions(db, barangayId, townId) : [],
    }),
  }),
  defineCall(geographyApi.GetAdjacentTownWithoutPagination, {
    ...lookup,
    summary: 'Towns of the province that may border the given town (none without provinceId)',
    handle: async ({ db, input: { provinceId, townId } }) => ({
      resultData: provinceId ? await lookups.townsThatMayBorder(db, provinceId, townId) : [],
    }),
  }),
  defineCall(geographyApi.GetBarangayForSubdivisionWithoutPagination, {
    ...lookup,
    summary: 'Barangays of a town, for choosing a subdivision’s barangay (none without townId)',
    handle: async ({ db, input: { townId } }) => ({
      resultData: townId ? await lookups.barangaysForSubdivision(db, townId) : [],
    }),
  }),
  defineCall(geographyApi.GetAdjacentBarangayWithoutPagination, {
    ...lookup,
    summary: 'Barangays of the town that may border the given barangay (none without townId)',
    handle: async ({ db, input: { townId, barangayId } }) => ({
      resultData: townId ? await lookups.barangaysThatMayBorder(db, townId, barangayId) : [],
    }),
  }),
  defineCall(geographyApi.GetAdjacentSubdivisionWithoutPagination, {
    ...lookup,
    summary: 'Subdivisions of the town that may border a subdivision (none without townId)',
    handle: async ({ db, input: { townId } }) => ({
      resultData: townId ? await lookups.subdivisionsThatMayBorder(db, townId) : [],
    }),
  }),
  defineCall(geographyApi.GetDwellingWithoutPagination, {
    ...lookup,
    summary: 'Whether a property type is a dwelling',
    handle: async ({ db, input: { typeId } }) => ({ resultData: await lookups.dwellingOf(db, typeId) }),
  }),
  defineCall(geographyApi.provinceExist, {
    ...lookup,
    summary: "Whether a province of that name exists (any case): {status: 'exist'|'notexist'}",
    async handle({ db, input }) {
      const found = await lookups.provinceNamed(db, input.provinceName);
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
