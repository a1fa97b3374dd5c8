// The saves of calls/properties.ts: what they check of the chosen records, and the columns they write.

import { sql, type Expression } from 'kysely';
import {
  PROPERTY_MESSAGES,
  ROLE,
  hasOpenPropertyLimit,
  isAgentRole,
  pricePerSqM,
  propertyIssues,
  type PropertyFields,
  type PropertyUpdateFields,
} from '@app/contract';
import { readAtOnce, type Step } from '../db/at-once.ts';
import type { Db, Trx } from '../db/index.ts';
import { retrying } from '../db/transaction.ts';
import { runPrepared } from '../db/prepared.ts';
import {
  agencyQuery,
  agentQuery,
  claimOpenPlace,
  dwellingQuery,
  insertNewProperty,
  openLimitReached,
  productModeNamedQuery,
  sellerQuery,
} from '../db/repositories/properties.ts';
import { PROPERTY_ADDRESS, PROPERTY_FIELDS } from '../db/repositories/property-record.ts';
import { addressReads, addressSaveError, addressValues, assertAddress } from '../lib/address.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { listingInScope } from '../lib/property-scope.ts';
import { unknown, type AnyDb } from '../lib/links.ts';
import { isForeignKeyViolation } from '../lib/references.ts';
import { sellerScope } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { events } from '../lib/notification-events.ts';

/** Who saves a listing, as far as its rules ask (the demo data saves as the demo users). */
export type ListingSaver = Pick<SessionUser, 'user_id' | 'role_id'>;

/** The reference masters are addressed by name, so their checks are untyped. */
const untyped = (db: Db) => db as unknown as AnyDb;

type Input = PropertyFields & Partial<PropertyUpdateFields>;

/**
 * What checkChoices refuses when a chosen record is not found: the wire field, what it names and the
 * listing's column holding it, where its name is not the field's.
 */
const CHOSEN_RECORDS = [
  ['property_classification_id', 'classification'],
  ['product_category_id', 'product category'],
  ['agri_type', 'agricultural type', 'agri_type_id'],
  ['minimum_rental_period_sale', 'product mode', 'product_mode_id'],
  ['zonningCode', 'zoning code', 'zoning_code_id'],
  ['associatedBroker', 'broker', 'broker_id'],
  ['agent_id', 'agent'],
  ['secondary_agent_id', 'agent'],
  ['third_agent_id', 'agent'],
  ['seller_id', 'seller'],
] as const;

/**
 * The reads behind checkChoices: the type's dwelling flag, and under each field of CHOSEN_RECORDS the
 * chosen record's id (null when none is chosen). Agents must be Active Agents or Owner-Agents, or in an
 * edit already the listing's (agentQuery); the seller one the saver may choose (sellerScope) or in an edit
 * already the listing's, and none for an Individual; a product mode may be sent by name.
 */
function choiceReads(db: Db, user: ListingSaver, input: Input, sellerId: number | null) {
  const t = untyped(db);
  const idIn = (table: string, key: string, value: number | null | undefined) =>
    value ? t.selectFrom(table).select(key).where(key, '=', value) : null;
  const agent = (userId: number | null) => (userId === null ? null : agentQuery(db, userId, input.id));
  const mode = input.minimum_rental_period_sale;
  return {
    dwelling: dwellingQuery(db, input.property_type_id),
    property_classification_id: idIn(
      'property_classifications',
      'property_classification_id',
      input.property_classification_id,
    ),
    product_category_id: idIn('product_categories', 'product_category_id', input.product_category_id),
    agri_type: idIn('agri_types', 'agri_type_id', input.agri_type),
    minimum_rental_period_sale:
      typeof mode === 'string'
        ? productModeNamedQuery(db, mode)
        : idIn('product_modes', 'product_mode_id', mode),
    zonningCode: idIn('zoning_codes', 'zonning_code_id', input.zonningCode),
    associatedBroker: idIn('brokers', 'broker_id', input.associatedBroker),
    agent_id: agent(input.agent_id),
    secondary_agent_id: agent(input.secondary_agent_id),
    third_agent_id: agent(input.third_agent_id),
    seller_id: sellerId === null ? null : sellerQuery(db, sellerId, sellerScope(user), input.id),
  };
}

/**
 * Contract rules that need the database, read in one statement with the caller's `more` reads
 * (readAtOnce): the type decides the dwelling panel; each chosen record exists; the seller is one the
 * saver may choose (Individuals have none). A product mode sent by name becomes its id in `input` (the
 * saves write the id). In an edit (`editing`, the listing's id), a listing out of the saver's scope is
 * not found before any of that. Answers the seller's id to store and what `more` found.
 */
export async function checkChoices<K extends string = never>(
  db: Db,
  user: ListingSaver,
  input: Input,
  today: string,
  more = {} as Record<K, Expression<unknown> | null>,
  editing?: number,
) {
  const sellerId = user.role_id === ROLE.Individual ? null : input.seller_id;
  const reads = choiceReads(db, user, input, sellerId);
  const found = await readAtOnce(untyped(db), {
    ...reads,
    ...more,
    listing: editing === undefined ? null : listingInScope(db, user, editing),
  });
  if (editing !== undefined && found.listing === null) throw notFound('Property');
  if (found.dwelling === null) throw unknown('property_type_id', 'property type');
  const issues = propertyIssues(input, { dwelling: found.dwelling === 'Yes', today });
  if (issues.length > 0) {
    const errors = Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]));
    throw badRequest(issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), errors);
  }
  for (const [field, label] of CHOSEN_RECORDS)
    if (reads[field] !== null && found[field] === null) throw unknown(field, label);
  if (typeof input.minimum_rental_period_sale === 'string')
    input.minimum_rental_period_sale = found.minimum_rental_period_sale as number;
  return { sellerId, found };
}

/**
 * An edit's seller judged on the listing as locked (`before`, decision 82): the listing's own seller is
 * kept (decision 90), any other must be one the saver may choose. checkChoices judged it before the
 * lock, when a change of seller under way (an Admin's) was not seen yet.
 */
export async function assertSellerOnLocked(
  trx: Trx,
  user: ListingSaver,
  sellerId: number | null,
  before: Record<string, unknown>,
) {
  if (sellerId === null || sellerId === before.seller_id) return;
  if (!(await sellerQuery(trx, sellerId, sellerScope(user)).executeTakeFirst()))
    throw unknown('seller_id', 'seller');
}

const AGENT_FIELDS = ['agent_id', 'secondary_agent_id', 'third_agent_id'] as const;

/**
 * The agents the request chose, as the save writes them: agentQuery's lookup, which holds the agent's
 * row FOR SHARE until the save's transaction ends, in chosen_or_refused (migration 0038). A deactivation
 * under way when the check before the save read the agent Active makes the write wait, then judge them
 * as it left them: the write fails with CHOICE_REFUSED, the field its detail (decision 81). The owner's
 * open-listing place is an advisory lock, not their users row (decision 83), so two Agents naming each
 * other in saves at once do not wait for each other.
 */
export function lockedAgents(db: Db, input: Input, listingId?: number) {
  const chosen = AGENT_FIELDS.filter((field) => input[field] != null);
  return Object.fromEntries(
    chosen.map((field) => [
      field,
      sql<number>`chosen_or_refused((${agentQuery(db, input[field]!, listingId).forShare()}), ${sql.lit(field)})`,
    ]),
  );
}

/** The SQLSTATE of chosen_or_refused's refusal; the field refused is its detail. */
const CHOICE_REFUSED = 'UCH01';

/**
 * A save's error as the client should read it: a choice its write refused (lockedAgents) as
 * checkChoices refuses it, 400 "Unknown agent" on the field; so too a chosen record deleted meanwhile,
 * which the listing's foreign key refuses ("Unknown seller" for a seller deleted while the save waited
 * on its row), and a place ("barangay_id: Unknown barangay", as assertAddress answers); any other
 * record deleted meanwhile as choiceGone answers it.
 */
export function savingError(error: unknown) {
  const { code, detail, constraint } = error as { code?: string; detail?: string; constraint?: string };
  const chosen = CHOSEN_RECORDS.find(([field, , column]) =>
    code === CHOICE_REFUSED
      ? field === detail
      : isForeignKeyViolation(error) && constraint === `properties_${column ?? field}_fkey`,
  );
  if (chosen) return unknown(chosen[0], chosen[1]);
  return addressSaveError(PROPERTY_ADDRESS, 'properties', error);
}

/** An edit's own fields (its id, the Status and Modification History panel): ignored in a new listing. */
const EDIT_ONLY: readonly string[] = [
  'id',
  'status',
  'suspendedReason',
  'priceRented',
  'priceSoldFor',
  'zonalValue',
  'zonningCode',
  'active_date',
];

/** The columns a save writes, from the validated request (owner, status and dates are decided elsewhere). */
export function columnsOf(input: Input, editing: boolean) {
  const values: Record<string, unknown> = {};
  for (const [wire, column] of Object.entries(PROPERTY_FIELDS)) {
    if (!editing && EDIT_ONLY.includes(wire)) continue;
    if (wire === 'status' || wire === 'suspendedReason') continue;
    const value = (input as Record<string, unknown>)[wire];
    values[column] =
      column === 'period_can_extend' ? (value === null ? null : value === 'Yes') : (value ?? null);
  }
  values.rental_pricing_unit = input.rental_pricing_unit ?? 'Month';
  values.price_per_sq_m = input.sale_price === null ? null : pricePerSqM(input.sale_price, input.land_area);
  return values;
}

/** The agency a listing belongs to: its agent's, else its owner's (a query, for readAtOnce or a write). */
export function agencyForListingQuery(db: Db, ownerId: number, agentId: number | null) {
  const ownerAgency = agencyQuery(db, ownerId);
  return agentId === null
    ? ownerAgency
    : sql`SELECT COALESCE((${agencyQuery(db, agentId)}), (${ownerAgency}))`;
}

/** The save's answer, its error the 409 of a reached open-listing limit (decision 29) where it is that. */
async function withinLimit<T>(saving: Promise<T>): Promise<T> {
  try {
    return await saving;
  } catch (error) {
    const limit = openLimitReached(error);
    throw limit === undefined ? error : conflict(PROPERTY_MESSAGES.limitReached(limit));
  }
}

/**
 * Refuses (409) one more listing that counts as open for the owner when theirs already reach their
 * limit (decision 29): a change from Sold or Archived to any other status, whoever makes it, in its
 * transaction (a new listing takes its place in its own statement: ownerColumn). claimOpenPlace takes
 * the owner's place lock first, so those saves of one owner take turns and each counts what the one
 * before it committed. Admins and Super Admins are not limited.
 */
export async function assertOpenPlace(trx: Trx, ownerId: number) {
  await withinLimit(runPrepared(trx, sql`SELECT ${claimOpenPlace(ownerId)}`.compile(trx)));
}

/** A new listing's owner: the saver, who takes one more open place in its statement if they have a limit. */
const ownerColumn = (user: ListingSaver) =>
  hasOpenPropertyLimit(user.role_id) ? claimOpenPlace(user.user_id) : user.user_id;

/**
 * What saveproperty checks before its transaction (the chosen records, the seller, the address), in one
 * statement with the agency, and the listing's columns: the new listing is the saver's, Open, active
 * from today; its chosen agents checked again as it is written (lockedAgents).
 */
export async function newListing(db: Db, user: ListingSaver, sent: PropertyFields, today: string) {
  // Not checked either: the form's fields pass unvalidated beside the declared ones, for old clients.
  const input = Object.fromEntries(
    Object.entries(sent).filter(([field]) => !EDIT_ONLY.includes(field)),
  ) as PropertyFields;
  const agentId = input.agent_id ?? (isAgentRole(user.role_id) ? user.user_id : null);
  const address = addressValues(PROPERTY_ADDRESS, input);
  const { sellerId, found } = await checkChoices(db, user, input, today, {
    ...addressReads(address),
    agency: agencyForListingQuery(db, user.user_id, agentId),
  });
  assertAddress(PROPERTY_ADDRESS, address, found);
  return {
    ...columnsOf(input, false),
    ...address,
    minimum_rental_period: input.minimum_rental_period_rent ?? '6',
    maximum_rental_period: input.car_spaces_rent ?? '12',
    active_date: today,
    year: input.year ?? Number(today.slice(0, 4)),
    seller_id: sellerId,
    agent_id: agentId,
    agency_id: found.agency as number | null,
    user_id: user.user_id,
    user_type: user.role_id,
    status: 'Open',
    ...lockedAgents(db, input),
  };
}

/** Who saves a listing, as its stamps name them. */
const savedBy = (user: ListingSaver) => ({ userId: user.user_id, operator: user.role_id === ROLE.Operator });

/**
 * Inserts a newListing, within the saver's open-listing limit, with its first history row (status
 * Open) and the `more` steps, in one statement; answers its id. A place removed since newListing read
 * it is refused by its foreign key.
 */
export async function insertListing(
  db: Db,
  user: ListingSaver,
  values: Awaited<ReturnType<typeof newListing>>,
  more?: Step[],
) {
  return withinLimit(insertNewProperty(db, { ...values, user_id: ownerColumn(user) }, savedBy(user), more));
}

/**
 * Saves a newListing with its first history row and its news queued for its notifications, in one
 * statement that also takes the saver's open-listing place (ownerColumn): no transaction (decision 72).
 */
export async function saveNewListing(
  db: Db,
  user: SessionUser,
  values: Awaited<ReturnType<typeof newListing>>,
  name: string,
) {
  const listed = events.propertyListed(user, name, 'p');
  // One statement: a deadlock (two owners naming each other as agents at once, lockedAgents) undid it.
  return retrying(() => insertListing(db, user, values, [listed]));
}
