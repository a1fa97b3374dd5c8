// The saves of calls/properties.ts: what they check of the chosen records, and the columns they write.

import {
  PROPERTY_MESSAGES,
  ROLE,
  hasOpenPropertyLimit,
  isAgentRole,
  pricePerSqM,
  propertyIssues,
  seesAllAgencies,
  type PropertyFields,
  type PropertyUpdateFields,
} from '@app/contract';
import type { Db, Trx } from '../db/index.ts';
import {
  countOpenListings,
  findAgent,
  findProductModeNamed,
  findPropertyType,
  findSeller,
  insertProperty,
  lockListingOwner,
} from '../db/repositories/properties.ts';
import { insertHistory } from '../db/repositories/property-history.ts';
import { PROPERTY_ADDRESS, PROPERTY_FIELDS } from '../db/repositories/property-record.ts';
import { addressValues, checkAddress } from '../lib/address.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { assertExist, type AnyDb } from '../lib/links.ts';
import { agencyOf } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';

/** Who saves a listing, as far as its rules ask (the demo data saves as the demo users). */
export type ListingSaver = Pick<SessionUser, 'user_id' | 'role_id'>;

/** The reference masters are addressed by name, so their checks are untyped. */
const untyped = (db: Db) => db as unknown as AnyDb;

type Input = PropertyFields & Partial<PropertyUpdateFields>;

/** 400 on the field unless the chosen agent is an Agent or Owner-Agent. */
async function assertAgents(db: Db, input: Input) {
  for (const field of ['agent_id', 'secondary_agent_id', 'third_agent_id'] as const) {
    const agentId = input[field];
    if (agentId === null) continue;
    if (!(await findAgent(db, agentId)))
      throw badRequest(`${field}: Unknown agent`, { [field]: 'Unknown agent' });
  }
}

/** The seller, if the caller may choose it: Individuals have none; Agents choose their agency's. */
export async function sellerFor(db: Db, user: ListingSaver, sellerId: number | null) {
  if (sellerId === null || user.role_id === ROLE.Individual) return null;
  const within = isAgentRole(user.role_id)
    ? { agency_id: (await agencyOf(db, user.user_id)) ?? -1 }
    : seesAllAgencies(user.role_id)
      ? null
      : { created_by: user.user_id };
  if (!(await findSeller(db, sellerId, within)))
    throw badRequest('seller_id: Unknown seller', { seller_id: 'Unknown seller' });
  return sellerId;
}

/** The product mode's id, from its id (that exists) or its name in any case. */
async function productModeId(db: Db, mode: number | string | null) {
  const field = 'minimum_rental_period_sale';
  if (typeof mode !== 'string') {
    if (mode)
      await assertExist(untyped(db), 'product_modes', 'product_mode_id', [mode], field, 'product mode');
    return mode;
  }
  const found = await findProductModeNamed(db, mode);
  if (!found) throw badRequest(`${field}: Unknown product mode`, { [field]: 'Unknown product mode' });
  return found.product_mode_id;
}

/** Contract rules that need the database: the chosen records exist; the type decides the dwelling panel. */
export async function checkChoices(db: Db, input: Input, today: string) {
  const t = untyped(db);
  const type = await findPropertyType(db, input.property_type_id);
  if (!type)
    throw badRequest('property_type_id: Unknown property type', {
      property_type_id: 'Unknown property type',
    });
  const issues = propertyIssues(input, { dwelling: type.dwelling_type === 'Yes', today });
  if (issues.length > 0) {
    const errors = Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message]));
    throw badRequest(issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '), errors);
  }
  const exist = async (
    table: string,
    key: string,
    value: number | null | undefined,
    field: string,
    label: string,
  ) => (value ? assertExist(t, table, key, [value], field, label) : undefined);
  await exist(
    'property_classifications',
    'property_classification_id',
    input.property_classification_id,
    'property_classification_id',
    'classification',
  );
  await exist(
    'product_categories',
    'product_category_id',
    input.product_category_id,
    'product_category_id',
    'product category',
  );
  await exist('agri_types', 'agri_type_id', input.agri_type, 'agri_type', 'agricultural type');
  // The saves write the id: a mode sent by name becomes its id here.
  input.minimum_rental_period_sale = await productModeId(db, input.minimum_rental_period_sale);
  await exist('zoning_codes', 'zonning_code_id', input.zonningCode, 'zonningCode', 'zoning code');
  await exist('brokers', 'broker_id', input.associatedBroker, 'associatedBroker', 'broker');
  await assertAgents(db, input);
}

/** The columns a save writes, from the validated request (owner, status and dates are decided elsewhere). */
export function columnsOf(input: Input, editing: boolean) {
  const values: Record<string, unknown> = {};
  for (const [wire, column] of Object.entries(PROPERTY_FIELDS)) {
    if (
      !editing &&
      [
        'status',
        'suspendedReason',
        'priceRented',
        'priceSoldFor',
        'zonalValue',
        'zonningCode',
        'active_date',
      ].includes(wire)
    )
      continue;
    if (wire === 'status' || wire === 'suspendedReason') continue;
    const value = (input as Record<string, unknown>)[wire];
    values[column] =
      column === 'period_can_extend' ? (value === null ? null : value === 'Yes') : (value ?? null);
  }
  values.rental_pricing_unit = input.rental_pricing_unit ?? 'Month';
  values.price_per_sq_m = input.sale_price === null ? null : pricePerSqM(input.sale_price, input.land_area);
  return values;
}

/** The agency a listing belongs to: its agent's, else its owner's. */
export const agencyForListing = async (db: Db, ownerId: number, agentId: number | null) =>
  (agentId !== null ? await agencyOf(db, agentId) : null) ?? (await agencyOf(db, ownerId));

/**
 * Refuses (409) one more listing that counts as open for the owner when theirs already reach their
 * limit (decision 29). Every save that makes a listing count calls it in its transaction: a new one, and
 * a change from Sold or Archived to any other status, whoever makes it. It locks the owner's users row
 * first, so those saves of one owner take turns and each counts what the one before it committed. NO KEY
 * UPDATE: rows that refer to the owner (key-share locks) need not wait, nor make two such saves
 * deadlock. Admins and Super Admins are not limited.
 */
export async function assertOpenPlace(trx: Trx, ownerId: number) {
  const owner = await lockListingOwner(trx, ownerId);
  if (!hasOpenPropertyLimit(owner.role_id)) return;
  if ((await countOpenListings(trx, ownerId)) >= owner.open_property_limit)
    throw conflict(PROPERTY_MESSAGES.limitReached(owner.open_property_limit));
}

/**
 * What saveproperty checks before its transaction (the chosen records, the seller, the address), and
 * the listing's columns: the new listing is the saver's, Open, active from today.
 */
export async function newListing(db: Db, user: ListingSaver, input: PropertyFields, today: string) {
  await checkChoices(db, input, today);
  const sellerId = await sellerFor(db, user, input.seller_id);
  const agentId = input.agent_id ?? (isAgentRole(user.role_id) ? user.user_id : null);
  const address = addressValues(PROPERTY_ADDRESS, input);
  return {
    address,
    values: {
      ...columnsOf(input, false),
      ...address,
      minimum_rental_period: input.minimum_rental_period_rent ?? '6',
      maximum_rental_period: input.car_spaces_rent ?? '12',
      active_date: today,
      year: input.year ?? Number(today.slice(0, 4)),
      seller_id: sellerId,
      agent_id: agentId,
      agency_id: await agencyForListing(db, user.user_id, agentId),
      user_id: user.user_id,
      user_type: user.role_id,
      status: 'Open',
    },
  };
}

/** Inserts a newListing in the transaction, within the saver's open-listing limit; answers its id. */
export async function insertListing(
  trx: Trx,
  user: ListingSaver,
  listing: Awaited<ReturnType<typeof newListing>>,
) {
  await checkAddress(trx as unknown as AnyDb, PROPERTY_ADDRESS, listing.address);
  await assertOpenPlace(trx, user.user_id);
  const by = { userId: user.user_id, operator: user.role_id === ROLE.Operator };
  const propertyId = await insertProperty(trx, listing.values, by);
  await insertHistory(trx, [
    {
      property_id: propertyId,
      field: 'status',
      old_value: null,
      new_value: 'Open',
      changed_by: user.user_id,
    },
  ]);
  return propertyId;
}
