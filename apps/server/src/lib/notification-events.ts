import { sql, type Expression, type SqlBool } from 'kysely';
import type { AnyDb } from './links.ts';
import type { SessionUser } from './session.ts';
import { fullNameOf } from '../db/repositories/full-name.ts';
import { afterCommitStep, queueAfterCommit, queueStatement, type QueuedKind } from './notifications.ts';

/** The events that notify, each one call in the transaction of its change, or a step of its statement. */
export const events = {
  /** A step of a new user's insert (the row of `from`, with its role_name): tells of them after its commit. */
  userCreated: (actor: SessionUser, from: string) =>
    afterCommitStep(
      {
        kind: 'userCreated',
        subject: sql<string>`${fullNameOf('o')} || ' (' || o.role_name || ') was created by ' || ${actor.full_name}::text`,
        entity: 'user',
        actor: actor.user_id,
      },
      from,
      'user_id',
    ),

  /** A step of a new listing's insert (the row of `from`): tells of it after its commit. */
  propertyListed: (actor: SessionUser, name: string, from: string) =>
    afterCommitStep(
      {
        kind: 'propertyListed',
        subject: sql<string>`${`${name} was listed by ${actor.full_name}`}::text`,
        entity: 'property',
        actor: actor.user_id,
      },
      from,
      'property_id',
    ),

  /**
   * A status change is the news; other changes saved with it are in the listing's history. Told after
   * the change commits (decision 119): a step of the edit's statement, queued when `changed` holds.
   */
  propertyChanged: (
    actor: SessionUser,
    propertyId: number,
    name: string,
    status: { from: string; to: string },
    changed: Expression<SqlBool>,
  ) => {
    const { event, items } = listingChanges(
      actor,
      [{ id: propertyId, name, ...status }],
      status.from !== status.to,
    );
    return queueStatement(event, items, changed);
  },

  /** propertyChanged for many listings at once (a bulk action): the same notifications. */
  async propertiesChanged(trx: AnyDb, actor: SessionUser, changes: readonly ListingChange[]) {
    for (const statusChanged of [true, false]) {
      const { event, items } = listingChanges(actor, changes, statusChanged);
      await queueAfterCommit(trx, event, items);
    }
  },

  /** Told after the change commits (decision 121), as a listing's changes are. */
  agentBrokerChanged: (trx: AnyDb, actor: SessionUser, userId: number, name: string) =>
    queueAfterCommit(trx, { kind: 'agentBrokerChanged', entity: 'user', actor: actor.user_id }, [
      { entityId: userId, subject: `The brokers of ${name} were changed by ${actor.full_name}` },
    ]),

  /** Told after the change commits (decision 121): to the broker's agents, however many. */
  brokerAssociationsChanged: (trx: AnyDb, actor: SessionUser, brokerId: number, name: string) =>
    queueAfterCommit(trx, { kind: 'brokerAssociationChanged', entity: 'broker', actor: actor.user_id }, [
      {
        entityId: brokerId,
        subject: `The broker associations of ${name} were changed by ${actor.full_name}`,
      },
    ]),
};

interface ListingChange {
  id: number;
  name: string;
  from: string;
  to: string;
}

/** What changes of listings queue: those whose status changed, or the others (`statusChanged` false). */
function listingChanges(actor: SessionUser, changes: readonly ListingChange[], statusChanged: boolean) {
  const these = changes.filter((c) => (c.from !== c.to) === statusChanged);
  const to = new Set(these.map((c) => c.to)).size === 1 ? ` to ${these[0]!.to}` : '';
  const event: QueuedKind = {
    // A bulk action tells each person once, however many of its listings are theirs to hear of.
    ...(changes.length > 1 && {
      digest: statusChanged
        ? `{n} listings: status changed${to} by ${actor.full_name}`
        : `{n} listings were modified by ${actor.full_name}`,
    }),
    kind: statusChanged ? 'propertyStatusChanged' : 'propertyDetailsChanged',
    entity: 'property',
    actor: actor.user_id,
  };
  const items = these.map((c) => ({
    entityId: c.id,
    subject: statusChanged
      ? `${c.name}: status ${c.from} → ${c.to}, changed by ${actor.full_name}`
      : `${c.name} was modified by ${actor.full_name}`,
  }));
  return { event, items };
}
