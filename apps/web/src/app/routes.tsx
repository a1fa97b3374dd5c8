import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  AUDIT_LOG,
  MASTERS,
  OVERVIEW,
  REPORTS,
  type MasterDefinition,
  type Permission,
  type ReportDefinition,
} from '@app/contract';
import type { OrganisationKey } from '../features/organisations/definitions.ts';
import { reportPath } from '../features/reports/catalogue.ts';

/**
 * THE route table. The router (app/AppRoutes.tsx) and the side menu (app/shell/SideMenu.tsx) both read
 * it. Paths are relative to /home. Every route has its screen (`component`).
 */
export const MENU_GROUPS = ['Entity', 'Approvals', 'Master', 'Property', 'Reports', 'Settings'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface AppRoute {
  /** Path under /home, react-router syntax (":param"). */
  path: string;
  /** Screen title: the page's h1 and the last breadcrumb. */
  title: string;
  /** Breadcrumb middle part (Home > {section} > {title}). */
  section: string;
  /** Needed to open the screen and to see its menu entries. */
  permission?: Permission;
  /** Side-menu entries for this screen (a screen may appear in two groups). */
  menu?: readonly { group: MenuGroup; label: string }[];
  component: LazyExoticComponent<ComponentType>;
}

const RoleMasterPage = lazy(() => import('../features/roles/RoleMasterPage.tsx'));
const UsersPage = lazy(() => import('../features/users/UsersPage.tsx'));
const ApproveUsersPage = lazy(() => import('../features/users/ApproveUsersPage.tsx'));
const UserFormPage = lazy(() => import('../features/users/UserFormPage.tsx'));
const AccountDetailsPage = lazy(() => import('../features/account/AccountDetailsPage.tsx'));
const RolePermissionListPage = lazy(() => import('../features/permissions/RolePermissionListPage.tsx'));
const AssignRolePermissionPage = lazy(() => import('../features/permissions/AssignRolePermissionPage.tsx'));

/** The list or form of an agency, broker association or broker, each its own chunk. */
const organisationScreen = (
  kind: OrganisationKey,
  screen: 'list' | 'form',
): LazyExoticComponent<ComponentType> =>
  lazy(async () => {
    if (screen === 'list') {
      const { OrganisationList } = await import('../features/organisations/OrganisationList.tsx');
      return { default: () => <OrganisationList kind={kind} /> };
    }
    const { OrganisationFormScreen } = await import('../features/organisations/OrganisationPages.tsx');
    return { default: () => <OrganisationFormScreen kind={kind} /> };
  });
const PropertyListPage = lazy(() => import('../features/properties/PropertyListPage.tsx'));
const PropertyFormPage = lazy(() => import('../features/properties/PropertyFormPage.tsx'));
const PropertyMediaPage = lazy(() => import('../features/properties/PropertyMediaPage.tsx'));
const SellerList = lazy(async () => ({
  default: (await import('../features/sellers/SellerList.tsx')).SellerList,
}));
const SellerFormPage = lazy(async () => ({
  default: (await import('../features/sellers/SellerPages.tsx')).SellerFormPage,
}));

/** The generic master screen bound to one definition (one component, fourteen routes). */
const masterScreen = (def: MasterDefinition): LazyExoticComponent<ComponentType> =>
  lazy(async () => {
    const { MasterPage } = await import('../features/masters/MasterPage.tsx');
    return { default: () => <MasterPage def={def} /> };
  });

/** A master route from its definition: path, title, permission and screen all come from it. */
const masterRoute = (def: MasterDefinition, label: string = def.entity): AppRoute => ({
  path: def.route,
  title: def.entity,
  section: 'Master',
  permission: def.menuPermission,
  menu: [{ group: 'Master', label }],
  component: masterScreen(def),
});

const master = (
  slug: string,
  title: string,
  label: string,
  permission: Permission,
  component: LazyExoticComponent<ComponentType>,
): AppRoute => ({
  path: `master/${slug}/${slug}-master`,
  title,
  section: 'Master',
  permission,
  menu: [{ group: 'Master', label }],
  component,
});

/** The generic report screen bound to one catalogue entry (one component, seventeen routes). */
const reportScreen = (def: ReportDefinition): LazyExoticComponent<ComponentType> =>
  lazy(async () => {
    const { ReportPage } = await import('../features/reports/ReportPage.tsx');
    return { default: () => <ReportPage def={def} /> };
  });

/** Reports that are also listed under another menu group. */
const ALSO_IN_MENU: Partial<Record<string, MenuGroup>> = { 'open-pending': 'Approvals' };

/** A report route from its catalogue entry: path, title, permission and screen all come from it. */
const reportRoute = (def: ReportDefinition): AppRoute => {
  const also = ALSO_IN_MENU[def.slug];
  return {
    path: reportPath(def.slug),
    title: def.title,
    section: 'Reports',
    permission: def.permission,
    menu: [...(also ? [{ group: also, label: def.title }] : []), { group: 'Reports', label: def.title }],
    component: reportScreen(def),
  };
};

const OverviewPage = lazy(() => import('../features/reports/OverviewPage.tsx'));
const NotificationListPage = lazy(() => import('../features/notifications/NotificationListPage.tsx'));
const AuditLogPage = lazy(() => import('../features/audit/AuditLogPage.tsx'));

export const APP_ROUTES: readonly AppRoute[] = [
  // Entity
  {
    path: 'users/AgentOperator/agent-operator',
    title: 'Users',
    section: 'Entity',
    permission: 'Users',
    menu: [{ group: 'Entity', label: 'Users' }],
    component: UsersPage,
  },
  {
    path: 'users/AgentOperator/add-agent-operator',
    title: 'Add User',
    section: 'Entity',
    permission: 'Users',
    component: UserFormPage,
  },
  {
    path: 'Agency/agency',
    title: 'Agency',
    section: 'Entity',
    permission: 'Agency',
    menu: [{ group: 'Entity', label: 'Agency' }],
    component: organisationScreen('agency', 'list'),
  },
  {
    path: 'Agency/add-agency/:agencyId',
    title: 'Agency Details',
    section: 'Entity',
    permission: 'Agency',
    component: organisationScreen('agency', 'form'),
  },
  {
    path: 'Broker/broker',
    title: 'Broker',
    section: 'Entity',
    permission: 'Broker',
    menu: [{ group: 'Entity', label: 'Broker' }],
    component: organisationScreen('broker', 'list'),
  },
  // The spec's path takes the id as a parameter; both spellings open the form (no id: a new broker).
  {
    path: 'Broker/add-broker',
    title: 'Broker Details',
    section: 'Entity',
    permission: 'Broker',
    component: organisationScreen('broker', 'form'),
  },
  {
    path: 'Broker/add-broker/:brokerId',
    title: 'Broker Details',
    section: 'Entity',
    permission: 'Broker',
    component: organisationScreen('broker', 'form'),
  },
  {
    path: 'Broker/broker-association',
    title: 'Broker Association',
    section: 'Entity',
    permission: 'Broker Association',
    menu: [{ group: 'Entity', label: 'Broker Association' }],
    component: organisationScreen('brokerAssociation', 'list'),
  },
  {
    path: 'Broker/add-broker-association/:brokerAssociationId',
    title: 'Broker Association Details',
    section: 'Entity',
    permission: 'Broker Association',
    component: organisationScreen('brokerAssociation', 'form'),
  },
  {
    path: 'Seller/seller',
    title: 'Seller',
    section: 'Entity',
    permission: 'Seller',
    menu: [{ group: 'Entity', label: 'Seller' }],
    component: SellerList,
  },
  {
    path: 'Broker/add-seller/:sellerId',
    title: 'Seller Details',
    section: 'Entity',
    permission: 'Seller',
    component: SellerFormPage,
  },

  // Approvals
  {
    path: 'users/ApproveUser/approve-user',
    title: 'Approve User',
    section: 'Approvals',
    permission: 'Approve User',
    menu: [{ group: 'Approvals', label: 'Approve User' }],
    component: ApproveUsersPage,
  },

  // Master
  master('role', 'Role', 'Role', 'Role Menu', RoleMasterPage),
  masterRoute(MASTERS.province),
  masterRoute(MASTERS.town),
  masterRoute(MASTERS.barangay),
  masterRoute(MASTERS.subdivision),
  masterRoute(MASTERS.capability),
  masterRoute(MASTERS.productCategory, 'Category'),
  masterRoute(MASTERS.productMode),
  masterRoute(MASTERS.propertyType),
  masterRoute(MASTERS.agriType),
  masterRoute(MASTERS.propertyClassification),
  masterRoute(MASTERS.zoningCode),
  masterRoute(MASTERS.specialization),
  masterRoute(MASTERS.userSkills),
  masterRoute(MASTERS.amenity, 'Amenities'),

  // Property
  {
    path: 'Property/property-list',
    title: 'Property List',
    section: 'Property',
    permission: 'Property List',
    menu: [{ group: 'Property', label: 'Property List' }],
    component: PropertyListPage,
  },
  {
    path: 'Property/add-property',
    title: 'Property Details',
    section: 'Property',
    permission: 'Property List',
    component: PropertyFormPage,
  },
  {
    path: 'Property/add-property-image',
    title: 'Property Images',
    section: 'Property',
    permission: 'Property List',
    component: PropertyMediaPage,
  },

  // Reports: the overview first, then every report of the catalogue
  {
    path: reportPath(OVERVIEW.slug),
    title: OVERVIEW.title,
    section: 'Reports',
    permission: OVERVIEW.permission,
    menu: [{ group: 'Reports', label: OVERVIEW.title }],
    component: OverviewPage,
  },
  ...(REPORTS as readonly ReportDefinition[]).map(reportRoute),

  // Settings
  {
    path: 'permission/role-permission-list',
    title: 'Role Permissions',
    section: 'Settings',
    permission: 'Role Permissions',
    menu: [{ group: 'Settings', label: 'Role Permissions' }],
    component: RolePermissionListPage,
  },
  {
    path: 'permission/assign-role-permission-list/:roleId',
    title: 'Role Permission Assign',
    section: 'Settings',
    permission: 'Role Permissions',
    component: AssignRolePermissionPage,
  },
  {
    path: 'notification/notification-list',
    title: 'Notification',
    section: 'Settings',
    permission: 'Notification',
    menu: [{ group: 'Settings', label: 'Notification' }],
    component: NotificationListPage,
  },
  {
    path: 'audit/audit-log',
    title: AUDIT_LOG.title,
    section: 'Settings',
    permission: AUDIT_LOG.permission,
    menu: [{ group: 'Settings', label: AUDIT_LOG.title }],
    component: AuditLogPage,
  },

  // Account (top-bar menu)
  { path: 'account-details', title: 'Account Details', section: 'Account', component: AccountDetailsPage },
];
