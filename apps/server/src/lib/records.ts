import { sql } from 'kysely';
import { inTransaction, type Db, type Trx } from '../db/index.ts';
import { addressSaveError, addressValues, checkAddress, type AddressNames } from './address.ts';
import { conflict, notFound } from './errors.ts';
import { replaceLinks, type AnyDb, type Link } from './links.ts';
import { isUniqueViolation } from './references.ts';

/** How a record with an address (and perhaps id lists) is stored. */
export interface RecordSpec {
  /** What the record is called in messages ('Seller not found'). */
  entity: string;
  table: string;
  idColumn: string;
  address: AddressNames;
  links?: readonly Link[];
  /** A unique index, the field it holds and the 409 message when a save would break it. */
  unique?: { index: string; field: string; message: string };
}

type Input = Record<string, unknown>;
type Values = Record<string, unknown>;

/**
 * Inserts a record (no `id`) or updates it, with its address (checked: places exist and agree) and
 * its links, all in one transaction so a failure leaves nothing half-written. An update locks the
 * record first (404 once it is deleted) and may take its values from the record as it is then (and
 * read more in its transaction, as a scope check does), so that what the form leaves out is what
 * another save committed meanwhile; they are taken before the address is checked, so a record outside
 * the caller's scope answers 404 whatever else was sent. `after` runs last in that transaction, told
 * which link fields changed. Returns the id.
 */
export async function writeRecord(
  db: Db,
  spec: RecordSpec,
  input: Input,
  values: Values | ((current: Values, trx: Trx) => Values | Promise<Values>),
  id?: number,
  after?: (trx: AnyDb, id: number, changedLinks: ReadonlySet<string>) => Promise<unknown>,
): Promise<number> {
  const address = addressValues(spec.address, input);
  try {
    return await inTransaction(db, async (trx) => {
      const t = trx as unknown as AnyDb;
      const current =
        id === undefined
          ? {}
          : ((await t
              .selectFrom(spec.table)
              .selectAll()
              .where(spec.idColumn, '=', id)
              .forNoKeyUpdate()
              .executeTakeFirst()) as Values | undefined);
      if (!current) throw notFound(spec.entity);
      const own = typeof values === 'function' ? await values(current, trx) : values;
      await checkAddress(t, spec.address, address);
      const row = { ...own, ...address };
      const saved = (
        id === undefined
          ? await t.insertInto(spec.table).values(row).returning(spec.idColumn).executeTakeFirstOrThrow()
          : await t
              .updateTable(spec.table)
              .set({ ...row, updated_at: sql`now()` })
              .where(spec.idColumn, '=', id)
              .returning(spec.idColumn)
              .executeTakeFirstOrThrow()
      ) as Record<string, number>;
      const savedId = saved[spec.idColumn]!;
      const links = spec.links ?? [];
      const replaced = await replaceLinks(
        trx,
        savedId,
        links.map((link) => ({ link, ids: (input[link.field] as number[] | undefined) ?? [] })),
      );
      const changed = new Set(links.filter((_, i) => replaced[i]).map((link) => link.field));
      await after?.(t, savedId, changed);
      return savedId;
    });
  } catch (error) {
    if (spec.unique && isUniqueViolation(error, spec.unique.index)) {
      const { field, message } = spec.unique;
      throw conflict(message, { [field]: message });
    }
    // Checked above; only a record deleted at the same moment is refused by its foreign key: a place
    // on its field, as checkAddress refuses it.
    throw addressSaveError(spec.address, spec.table, error);
  }
}
