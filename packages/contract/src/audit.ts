import { z } from 'zod';
import { listPage, timestamp } from './answers.ts';
import { declareCalls } from './calls.ts';
import { id, searchText, storable } from './common.ts';
import { listQuery } from './list-query.ts';
import { MESSAGES } from './constants.ts';
import type { Permission } from './permissions.ts';
import { isoDate } from './reports.ts';

/** The Audit Log screen and its calls (docs/decisions/0017-audit-log.md). */
export const AUDIT_LOG = {
  title: 'Audit Log',
  /** GET /api/getAuditLog (paged, filtered) and /api/getAuditLog/export. */
  call: 'getAuditLog',
  /** GET /api/getAuditLogUsers: users for the User filter, by name or e-mail. */
  usersCall: 'getAuditLogUsers',
  permission: 'Audit Log',
  exportTitle: 'AuditLog',
  /** At most this many users answer one getAuditLogUsers search. */
  userOptions: 20,
} as const satisfies { permission: Permission } & Record<string, unknown>;

/**
 * What happened, as stored, with its words on screen. Changes are written by the database (create,
 * update, status change, delete); sign-ins and exports by the server.
 */
export const AUDIT_ACTIONS = {
  create: 'Created',
  update: 'Updated',
  'status change': 'Status changed',
  delete: 'Deleted',
  login: 'Signed in',
  'login failed': 'Sign-in failed',
  logout: 'Signed out',
  export: 'Exported',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * Every audited table, with its name on screen. The server's test checks that each table of the
 * database is either here (and has the audit trigger) or on the server's list of unaudited tables.
 */
export const AUDIT_ENTITIES = {
  users: 'User',
  roles: 'Role',
  permissions: 'Permission',
  role_permissions: 'Role permission',
  user_skill_links: 'User skill',
  user_brokers: 'User broker',
  agencies: 'Agency',
  agency_specializations: 'Agency specialization',
  agency_capabilities: 'Agency capability',
  agency_provinces: 'Agency province',
  broker_associations: 'Broker association',
  broker_association_specializations: 'Broker association specialization',
  broker_association_capabilities: 'Broker association capability',
  broker_association_provinces: 'Broker association province',
  brokers: 'Broker',
  broker_broker_associations: 'Broker association link',
  broker_specializations: 'Broker specialization',
  broker_capabilities: 'Broker capability',
  broker_provinces: 'Broker province',
  sellers: 'Seller',
  properties: 'Property',
  property_media: 'Property media',
  property_amenities: 'Property amenity',
  provinces: 'Province',
  towns: 'Town',
  town_adjacency: 'Adjacent town',
  barangays: 'Barangay',
  barangay_adjacency: 'Adjacent barangay',
  subdivisions: 'Subdivision',
  subdivision_adjacency: 'Adjacent subdivision',
  capabilities: 'Capability',
  product_categories: 'Product category',
  product_modes: 'Product mode',
  property_types: 'Property type',
  agri_types: 'Agri type',
  property_classifications: 'Property classification',
  zoning_codes: 'Zoning code',
  specializations: 'Specialization',
  user_skills: 'User skill (master)',
  amenities: 'Amenity',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;

/** The label of a stored entity (a table name), or the name itself for one not in the list. */
export const auditEntityLabel = (entity: string | null): string =>
  entity === null ? '' : ((AUDIT_ENTITIES as Record<string, string>)[entity] ?? entity);

/** A secret column's value in before/after: it changed (or was set), but is never shown. */
export const AUDIT_HIDDEN = '[hidden]';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * getAuditLog's input: the list contract (newest first) and its filters. from_date/to_date are
 * Manila days, both inclusive, either may be left out.
 */
export const auditLogQuery = listQuery(['at', 'id'], { defaultOrder: 'desc' })
  .extend({
    user_id: optional(id),
    entity: optional(
      z.enum(Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]], {
        error: 'entity must be an audited table name',
      }),
    ),
    entity_id: optional(storable(z.string().trim().max(100, 'At most 100 characters'))),
    action: optional(
      z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]], {
        error: `action must be one of ${Object.keys(AUDIT_ACTIONS).join(', ')}`,
      }),
    ),
    from_date: optional(isoDate),
    to_date: optional(isoDate),
  })
  .superRefine((v, ctx) => {
    if (v.from_date && v.to_date && v.from_date > v.to_date)
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: MESSAGES.dateRangeOrder });
  });

export const auditLogUsersQuery = z.looseObject({
  searchText: searchText(100).default(''),
  /** Answers this one user (to name the filter's current value). */
  user_id: optional(id),
});

const jsonObject = z.record(z.string(), z.unknown());

/** A row of the audit log on the wire. */
export const auditEntry = z.object({
  /** A bigint, as text. */
  id: z.string(),
  at: timestamp,
  actor_id: z.number().int().nullable(),
  /** The user's name and e-mail when it happened (kept after the user is deleted). */
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  ip: z.string().nullable(),
  call: z.string().nullable(),
  action: z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]),
  /** The table changed (see AUDIT_ENTITIES), or null (a sign-in without a known user, an export). */
  entity: z.string().nullable(),
  /** The changed row's key (for a link table, its owner's). */
  entity_id: z.string().nullable(),
  /** The whole row before a delete, the changed columns before an update; null for a create. */
  before: jsonObject.nullable(),
  /** The whole row after a create, the changed columns after an update; null for a delete. */
  after: jsonObject.nullable(),
  /** Sign-in: {email, reason}; export: {list, query}; a permission link: {permission}. */
  details: jsonObject.nullable(),
});
export type AuditEntry = z.output<typeof auditEntry>;
export const auditLogAnswer = z.object({ resultData: listPage(auditEntry) });

export const auditUserOption = z.object({
  user_id: z.number().int(),
  full_name: z.string(),
  user_email: z.string(),
});
export type AuditUserOption = z.output<typeof auditUserOption>;
export const auditLogUsersAnswer = z.object({ resultData: z.array(auditUserOption) });

/** The audit log's calls: the paged log (and its export) and the users of its User filter. */
export const auditApi = declareCalls({
  [AUDIT_LOG.call]: { method: 'GET', input: auditLogQuery, response: auditLogAnswer },
  [AUDIT_LOG.usersCall]: { method: 'GET', input: auditLogUsersQuery, response: auditLogUsersAnswer },
});
