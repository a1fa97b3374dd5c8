// The saves of calls/properties.ts: what they check of the chosen records, and the columns they write.

import {
  ROLE,
  isAgentRole,
  pricePerSqM,
  propertyIssues,
  seesAllAgencies,
  type PropertyFields,
  type PropertyUpdateFields,
} from '@app/contract';
import type { Db } from '../db/index.ts';
import {
  findAgent,
  findProductModeNamed,
  findPropertyType,
  findSeller,
} from '../db/repositories/properties.ts';
import { PROPERTY_FIELDS } from '../db/repositories/property-record.ts';
import { badRequest } from '../lib/errors.ts';
import { assertExist, type AnyDb } from '../lib/links.ts';
import { agencyOf } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';

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
export async function sellerFor(db: Db, user: SessionUser, sellerId: number | null) {
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
