import type { z } from 'zod';
import { BULK_MAX, bulkSummary, type BulkAnswer, type BulkRefusal, type ListQuery } from '@app/contract';
import { inTransaction, type Db, type Trx } from '../db/index.ts';
import type { CallContext } from './call-context.ts';
import { usesOf } from './references.ts';
import { selectedKeys, type ListSpec } from './list/index.ts';
import type { SessionUser } from './session.ts';

/** A selected row as an action reads it: its key and the words that name it to a person. */
export interface BulkRow {
  id: number;
  label: string;
}

/** What a bulk call's input holds: the selection (lib/bulk.ts resolves it through the list). */
export interface BulkSelection {
  ids?: number[] | undefined;
  matching?: ListQuery | undefined;
}

/** Collects the rows an action leaves as they were, each with why. */
export class Refusals {
  readonly rows: BulkRefusal[] = [];
  add(row: BulkRow, reason: string) {
    this.rows.push({ id: row.id, label: row.label, reason });
  }
  /** Refuses a chosen id that has no row the caller may see, named by its number alone. */
  notFound(id: number) {
    this.add({ id, label: `#${id}` }, 'not found');
  }
  /**
   * The rows locked for `keys`; a key whose row is gone (another action deleted it, or gave a listing
   * out of the caller's scope, while this one waited for its lock) is refused as not found, as runBulk
   * refuses an id the list does not show.
   */
  stillThere<R extends BulkRow>(keys: readonly number[], rows: R[]): R[] {
    const there = new Set(rows.map((row) => row.id));
    for (const id of keys) if (!there.has(id)) this.notFound(id);
    return rows;
  }
  /** The rows of `table` nothing uses; the others are refused with what uses them ('in use: 2 towns'). */
  async unused<R extends BulkRow>(trx: Trx, table: string, rows: R[]): Promise<R[]> {
    const uses = await usesOf(
      trx,
      table,
      rows.map((r) => r.id),
    );
    return this.keep(rows, (r) => (uses.has(r.id) ? `in use: ${uses.get(r.id)!.join(', ')}` : null));
  }
  /** The rows of `rows` for which `reasonOf` gives no reason; the others are refused with it. */
  keep<R extends BulkRow>(rows: readonly R[], reasonOf: (row: R) => string | null | undefined): R[] {
    return rows.filter((row) => {
      const reason = reasonOf(row);
      if (reason) this.add(row, reason);
      return !reason;
    });
  }
}

/** The list a bulk action selects from: the list call's spec and its query's schema. */
export interface BulkList<I extends ListQuery> {
  spec: ListSpec<I>;
  input: z.ZodType<I, unknown>;
}

/**
 * Runs a bulk action in one transaction: resolves the selection through the list (so only rows of the
 * caller's scope; chosen ids it does not show are refused as 'not found'), then `act` checks each row
 * as the single change does, refuses what fails and changes the rest set-wise, answering how many it
 * changed. The answer says it in a sentence and row by row.
 */
export async function runBulk<I extends ListQuery>(
  ctx: CallContext<BulkSelection, SessionUser>,
  list: BulkList<I>,
  act: (trx: Trx, keys: number[], refusals: Refusals) => Promise<number>,
): Promise<BulkAnswer> {
  const { ids, matching } = ctx.input;
  const refusals = new Refusals();
  const changed = await inTransaction(ctx.db, async (trx) => {
    const input = (matching ?? list.input.parse({})) as I;
    const keys = await selectedKeys(
      list.spec,
      { ...ctx, db: trx as unknown as Db, input },
      { ids, max: BULK_MAX },
    );
    if (ids) {
      const shown = new Set(keys);
      for (const id of new Set(ids)) if (!shown.has(id)) refusals.notFound(id);
    }
    return keys.length === 0 ? 0 : act(trx, keys, refusals);
  });
  const refused = refusals.rows.sort((a, b) => a.id - b.id);
  return { message: bulkSummary(changed, refused), changed, refused };
}
