import { sql } from 'kysely';
import {
  bulkApi,
  countsAsOpen,
  hasOpenPropertyLimit,
  manilaToday,
  PROPERTY_MESSAGES,
  propertyApi,
  ROLE,
  type PropertyStatus,
} from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { listOf } from './list-call.ts';
import { propertyCalls } from './properties.ts';
import { runBulk, type BulkList, type Refusals } from '../lib/bulk.ts';
import { badRequest } from '../lib/errors.ts';
import { events } from '../lib/notification-events.ts';
import type { AnyDb } from '../lib/links.ts';
import type { SessionUser } from '../lib/session.ts';
import type { Trx } from '../db/index.ts';
import { deleteProperty, lockAgent, updateProperty } from '../db/repositories/properties.ts';
import { mediaFilesOf } from '../db/repositories/property-media.ts';
import { removeUnnamedMedia } from '../lib/media-removals.ts';
import { propertyScope } from '../lib/property-scope.ts';
import { mediaStore } from '../lib/media-store/index.ts';
import { lockListings, lockOwnersWithOpen } from '../db/repositories/property-bulk.ts';
import { insertHistoryRows } from '../db/repositories/property-history.ts';

const TAG = 'Properties';

/** Bulk actions select from the Property List: its scope and its search and filters. */
const listings: BulkList<typeof propertyApi.allproperty.input._output> = {
  spec: listOf(propertyCalls, propertyApi.allproperty),
  input: propertyApi.allproperty.input,
};

type Listing = Awaited<ReturnType<typeof lockListings>>[number] & { id: number; label: string };

/**
 * The selected listings that are still there and still the user's, locked, each named; those deleted or
 * given out of their scope while this waited for the locks are refused as not found.
 */
async function lockedListings(
  trx: Trx,
  keys: number[],
  refusals: Refusals,
  user: SessionUser,
): Promise<Listing[]> {
  const rows = await lockListings(trx, keys, propertyScope(user));
  return refusals.stillThere(
    keys,
    rows.map((p) => ({ ...p, id: p.property_id, label: p.property_name })),
  );
}

/**
 * The listings that may reopen (a change from Sold or Archived to a status that counts as open, which
 * takes a place as a new listing does: assertOpenPlace), as many as each owner's limit leaves; the rest
 * are refused with the limit's sentence.
 */
async function withinOpenLimits(trx: Trx, rows: Listing[], status: PropertyStatus, refusals: Refusals) {
  const reopening = rows.filter((p) => !countsAsOpen(p.status as PropertyStatus) && countsAsOpen(status));
  if (reopening.length === 0) return rows;
  const owners = await lockOwnersWithOpen(trx, [...new Set(reopening.map((p) => p.user_id as number))]);
  const places = new Map(
    owners
      .filter((o) => hasOpenPropertyLimit(o.role_id))
      .map((o) => [o.user_id, { left: o.open_property_limit - o.open, limit: o.open_property_limit }]),
  );
  const refused = new Set(
    reopening.filter((p) => {
      const place = places.get(p.user_id as number);
      if (!place) return false;
      place.left -= 1;
      return place.left < 0;
    }),
  );
  return refusals.keep(rows, (p) =>
    refused.has(p) ? PROPERTY_MESSAGES.limitReached(places.get(p.user_id as number)!.limit) : null,
  );
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The history rows of fields that changed, as updateWithHistory (property-history.ts) writes them for one edit. */
function changes(rows: Listing[], after: (p: Listing) => Record<string, unknown>) {
  return rows.flatMap((p) =>
    Object.entries(after(p))
      .filter(([field, value]) => text(p[field as keyof Listing]) !== text(value))
      .map(([field, value]) => ({
        property_id: p.id,
        field,
        old_value: text(p[field as keyof Listing]),
        new_value: text(value),
      })),
  );
}

const savedBy = (user: SessionUser) => ({ userId: user.user_id, operator: user.role_id === ROLE.Operator });

export const bulkPropertyCalls: AnyCall[] = [
  defineCall(bulkApi.bulkPropertyStatus, {
    access: 'Edit Property',
    tag: TAG,
    summary:
      "Change the status of the selected listings (ids, or every listing matching the Property List's search and filters) in one transaction, with their history and notifications as updateproperty",
    handle: (ctx) =>
      runBulk(ctx, listings, async (trx, keys, refusals) => {
        const { status, user } = { status: ctx.input.status, user: ctx.user };
        const reason = status === 'Suspended' ? (ctx.input.suspendedReason ?? null) : null;
        const candidates = refusals.keep(await lockedListings(trx, keys, refusals, ctx.user), (p) =>
          p.status === status ? `already ${status}` : null,
        );
        const rows = await withinOpenLimits(trx, candidates, status, refusals);
        if (rows.length === 0) return 0;
        const ids = rows.map((p) => p.id);
        const today = manilaToday();
        await updateProperty(
          trx,
          ids,
          { status, suspended_reason: reason, active_date: sql`coalesce(active_date, ${today}::date)` },
          status,
          savedBy(user),
        );
        await insertHistoryRows(
          trx,
          changes(rows, () => ({ status, suspended_reason: reason })),
          user.user_id,
        );
        const changed = rows.map((p) => ({ id: p.id, name: p.property_name, from: p.status, to: status }));
        await events.propertiesChanged(trx as unknown as AnyDb, user, changed);
        return rows.length;
      }),
  }),

  defineCall(bulkApi.bulkAssignAgent, {
    access: 'Edit Property',
    tag: TAG,
    summary:
      "Make the agent the selected listings' agent (ids, or every listing matching the Property List's search and filters) in one transaction; the listing's agency follows the agent's, as in updateproperty",
    handle(ctx) {
      const agentId = ctx.input.agent_id;
      return runBulk(ctx, listings, async (trx, keys, refusals) => {
        // The agent before the listings, in the order an edit of the agent takes them.
        const agent = await lockAgent(trx, agentId);
        if (!agent) throw badRequest('agent_id: Unknown agent', { agent_id: 'Unknown agent' });
        const agentAgency = agent.associated_agency_id;
        const rows = refusals.keep(await lockedListings(trx, keys, refusals, ctx.user), (p) =>
          p.agent_id === agentId ? 'already their agent' : null,
        );
        if (rows.length === 0) return 0;
        // The agency: the agent's, else the owner's (agencyForListing).
        const agencyOfRow = (p: Listing) => agentAgency ?? p.owner_agency_id;
        await updateProperty(
          trx,
          rows.map((p) => p.id),
          {
            agent_id: agentId,
            agency_id: sql`coalesce(${agentAgency}::int,
              (SELECT o.associated_agency_id FROM users o WHERE o.user_id = properties.user_id))`,
          },
          null,
          savedBy(ctx.user),
        );
        await insertHistoryRows(
          trx,
          changes(rows, (p) => ({ agent_id: agentId, agency_id: agencyOfRow(p) })),
          ctx.user.user_id,
        );
        const changed = rows.map((p) => ({ id: p.id, name: p.property_name, from: p.status, to: p.status }));
        await events.propertiesChanged(trx as unknown as AnyDb, ctx.user, changed);
        return rows.length;
      });
    },
  }),

  defineCall(bulkApi.bulkDeleteProperties, {
    access: 'Delete Property',
    tag: TAG,
    summary:
      "Delete the selected Suspended listings (ids, or every listing matching the Property List's search and filters) in one transaction, with their media, amenities and history, as deleteproperty; others are refused",
    async handle(ctx) {
      const files: (string | null)[] = [];
      const answer = await runBulk(ctx, listings, async (trx, keys, refusals) => {
        const rows = refusals.keep(await lockedListings(trx, keys, refusals, ctx.user), (p) =>
          p.status === 'Suspended' ? null : PROPERTY_MESSAGES.deleteOnlySuspended,
        );
        if (rows.length === 0) return 0;
        const ids = rows.map((p) => p.id);
        files.push(...(await mediaFilesOf(trx, ids)).flatMap((m) => [m.file, m.thumbnail]));
        await deleteProperty(trx, ids);
        return rows.length;
      });
      // After the commit, as the single delete: a rolled-back delete keeps its files.
      await removeUnnamedMedia(ctx.db, mediaStore(ctx.config), ctx.req.log, ...files);
      return answer;
    },
  }),
];
