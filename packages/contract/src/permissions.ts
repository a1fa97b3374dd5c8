import { z } from 'zod';
import { id } from './common.ts';
import { messageAnswer } from './answers.ts';
import { declareCalls } from './calls.ts';

/** The permission catalogue: every name the server checks and the menu shows, grouped by module. */
export const PERMISSION_MODULES = {
  Roles: ['Add Role', 'Edit Role', 'Delete Role'],
  'Master Form Level': ['Add Master', 'Edit Master', 'Delete Master', 'Enable Master'],
  'Property Form Level': ['Add Property', 'Edit Property', 'Property Image', 'Delete Property'],
  'User Form Level': [
    'Add User',
    'Edit User',
    'Delete User',
    'Change Status',
    'ChangeStatusofAgent',
    'ChangeStatusofAdmin',
    'ChangeStatusofSuperuser',
    'ChangeStatusofOperator',
    'ChangeStatusofIndividual',
  ],
  'Agency Form Level': ['Add Agency', 'Edit Agency', 'Delete Agency'],
  'Broker Form Level': ['Add Broker', 'Edit Broker', 'Delete Broker'],
  'Broker Association Form Level': [
    'Add Broker Association',
    'Edit Broker Association',
    'Delete Broker Association',
  ],
  'Seller Form Level': ['Add Seller', 'Edit Seller', 'Delete Seller'],
  'Master Menu Level': [
    'Role Menu',
    'Province Menu',
    'Town Menu',
    'Barangay Menu',
    'Subdivision Menu',
    'Capability Menu',
    'Category Menu',
    'Product Mode Menu',
    'Property Type Menu',
    'Agri Type Menu',
    'Property Classification Menu',
    'Zoning Code Menu',
    'Specialization Menu',
    'User Skills Menu',
  ],
  'Report Menu Level': [
    'Reports Overview',
    'Skill Based User Reports',
    'Agents Reports',
    'Agencies Reports',
    'Brokers Reports',
    'Broker Associations Reports',
    'Agents Based Agency Reports',
    'Property Based Broker Reports',
    'BrokerLinkedBrokerAssociationReports',
    'Sellers Reports',
    'User List Reports',
    'User To Activate Reports',
    'Individuals Reports',
    'Sold Rent Reports',
    'Property attachments Reports',
    'User Count Property Reports',
    'Property Tracking Report',
    'Suspected Duplicates',
  ],
  'Property Menu Level': ['Property List'],
  'Approval Menu Level': ['Approve User', 'List of Open/Pending Properties'],
  'Settings Menu Level': ['Role Permissions', 'Notification', 'Delete Notification', 'Audit Log'],
  'Entity Menu Level': ['Users', 'Agency', 'Broker', 'Broker Association', 'Seller'],
} as const satisfies Record<string, readonly string[]>;

export type PermissionModule = keyof typeof PERMISSION_MODULES;
export type Permission = (typeof PERMISSION_MODULES)[PermissionModule][number];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_MODULES).flat();

/** Legacy role ids that clients and the spec rely on. Owner-Agent had no row in the old system. */
export const ROLE = {
  SuperAdmin: 1,
  Admin: 3,
  Operator: 4,
  Agent: 26,
  OwnerAgent: 27,
  Individual: 30,
} as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/**
 * Role ranks (decision 25): nobody manages, reads the private record of, or grants permissions to a
 * role ranking as high as their own; a Super Admin excepted, who manages Super Admins too.
 */
export const RANK = { SuperAdmin: 100, Admin: 90, Operator: 50, Member: 10 } as const;

export const SYSTEM_ROLES: readonly { id: RoleId; name: string; rank: number }[] = [
  { id: ROLE.SuperAdmin, name: 'Super Admin', rank: RANK.SuperAdmin },
  { id: ROLE.Admin, name: 'Admin', rank: RANK.Admin },
  { id: ROLE.Operator, name: 'Operator', rank: RANK.Operator },
  { id: ROLE.Agent, name: 'Agent', rank: RANK.Member },
  { id: ROLE.OwnerAgent, name: 'Owner-Agent', rank: RANK.Member },
  { id: ROLE.Individual, name: 'Individual', rank: RANK.Member },
];

/** A new role ranks just below its maker's, and below Admin whoever makes it. */
export const customRoleRank = (makerRank: number) => Math.max(0, Math.min(makerRank, RANK.Admin) - 1);

/** May a user whose role ranks `actorRank` manage users and grants of a role ranking `roleRank`? */
export const outranks = (actorRank: number, roleRank: number) =>
  roleRank < actorRank || actorRank >= RANK.SuperAdmin;

const moduleOf = (m: PermissionModule): readonly Permission[] => PERMISSION_MODULES[m];

/** Suspected Duplicates compares listings across agencies: Admins and Super Admins by default. */
const memberReports = moduleOf('Report Menu Level').filter((p) => p !== 'Suspected Duplicates');

const agentGrants: Permission[] = [
  ...moduleOf('Property Form Level').filter((p) => p !== 'Delete Property'),
  'Property List',
  'Seller',
  'Add Seller',
  'Edit Seller',
  ...memberReports,
  'List of Open/Pending Properties',
  'Notification',
  'Delete Notification',
];

/** Default grants, seeded once; afterwards the Role Permissions screen owns them. */
export const DEFAULT_GRANTS: Record<RoleId, readonly Permission[]> = {
  [ROLE.SuperAdmin]: ALL_PERMISSIONS,
  // The audit log watches administrators too: only Super Admin reads it unless a role is granted it.
  [ROLE.Admin]: ALL_PERMISSIONS.filter((p) => p !== 'ChangeStatusofSuperuser' && p !== 'Audit Log'),
  [ROLE.Operator]: [
    ...moduleOf('Master Menu Level'),
    ...memberReports,
    ...moduleOf('Property Form Level'),
    ...moduleOf('Property Menu Level'),
    ...moduleOf('Entity Menu Level'),
    ...moduleOf('Approval Menu Level'),
    'Add Seller',
    'Edit Seller',
    'Notification',
    'Delete Notification',
  ],
  [ROLE.Agent]: agentGrants,
  [ROLE.OwnerAgent]: agentGrants,
  [ROLE.Individual]: [
    'Add Property',
    'Edit Property',
    'Property Image',
    'Property List',
    'Individuals Reports',
    'List of Open/Pending Properties',
    'Notification',
    'Delete Notification',
  ],
};

/** Which permission lets a user change the status of (or delete) a user of that role. */
export function statusPermissionFor(roleId: number): Permission {
  switch (roleId) {
    case ROLE.SuperAdmin:
      return 'ChangeStatusofSuperuser';
    case ROLE.Admin:
      return 'ChangeStatusofAdmin';
    case ROLE.Operator:
      return 'ChangeStatusofOperator';
    case ROLE.Agent:
    case ROLE.OwnerAgent:
      return 'ChangeStatusofAgent';
    case ROLE.Individual:
      return 'ChangeStatusofIndividual';
    default:
      return 'Change Status';
  }
}

/** Admin and Super Admin: they set open property limits. */
export const ADMIN_ROLES: readonly number[] = [ROLE.SuperAdmin, ROLE.Admin];
export const isAdminRole = (roleId: number) => ADMIN_ROLES.includes(roleId);

/** Agents and Owner-Agents work inside one agency: their sellers and listings are scoped to it. */
export const AGENT_ROLES: readonly number[] = [ROLE.Agent, ROLE.OwnerAgent];
export const isAgentRole = (roleId: number) => AGENT_ROLES.includes(roleId);

/** Those who may see every agency's records and pick a seller's agency: Super Admin, Admin, Operator. */
export const seesAllAgencies = (roleId: number) => isAdminRole(roleId) || roleId === ROLE.Operator;

/**
 * May a user whose role ranks `actorRank`, holding the permissions `has` answers for, create, read or
 * edit users of a role? Only of a role ranking below theirs (so never their own, a Super Admin
 * excepted), and only with the ChangeStatusof… permission of that role.
 */
export function mayAssignRole(
  actorRank: number,
  has: (p: Permission) => boolean,
  role: { id: number; rank: number },
): boolean {
  return outranks(actorRank, role.rank) && has(statusPermissionFor(role.id));
}

/**
 * The open property limit a user of this type gets unless an Admin sets another (spec 1 §6): Agents and
 * Owner-Agents 5, everyone else 999. Admins and Super Admins are not limited at all (hasOpenPropertyLimit);
 * 999 is what their form shows. Decision 29.
 */
export const defaultOpenPropertyLimit = (roleId: number) => (isAgentRole(roleId) ? 5 : 999);

/** Is a user of this type held to their open property limit? Everyone but Admins and Super Admins. */
export const hasOpenPropertyLimit = (roleId: number) => !isAdminRole(roleId);

/**
 * The limit a user keeps when their type changes and nobody chose a new one: the new type's default while
 * the limit is still the old type's default; a limit an Admin chose stays.
 */
export const openPropertyLimitAfterRoleChange = (limit: number, fromRoleId: number, toRoleId: number) =>
  limit === defaultOpenPropertyLimit(fromRoleId) ? defaultOpenPropertyLimit(toRoleId) : limit;

/** A permission as the Role Permissions screen shows it for one role (getAssignedUnAssignedPermission). */
export const rolePermission = z.object({
  permission_id: z.number().int(),
  permission_name: z.string(),
  Module: z.string(),
  /** 1 when the role holds it (a Super Admin holds every one), else 0. */
  is_permission_assigned: z.number().int(),
});
export const rolePermissionsAnswer = z.object({ roleData: z.object({ data: z.array(rolePermission) }) });

/** getAssignedUnAssignedPermission: one role's permissions. */
export const rolePermissionsRequest = z.looseObject({ roleId: id });
/** webAssignPermissionRoleWise: the role's permissions from now on (the whole list). */
export const assignPermissionsRequest = z.looseObject({
  roleId: id,
  permissionId: z.array(id, { error: 'permissionId must be a list of permission ids' }).max(500),
});

export const permissionApi = declareCalls({
  getAssignedUnAssignedPermission: {
    method: 'GET',
    input: rolePermissionsRequest,
    response: rolePermissionsAnswer,
  },
  webAssignPermissionRoleWise: { method: 'POST', input: assignPermissionsRequest, response: messageAnswer },
});
