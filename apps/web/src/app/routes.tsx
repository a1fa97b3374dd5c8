import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from '@app/contract';

/**
 * THE route table. The router (app/router.tsx) and the side menu (app/shell/SideMenu.tsx) both read
 * it. Paths are relative to /home. A route without `component` renders the ComingSoon page.
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
  component?: LazyExoticComponent<ComponentType>;
}

const RoleMasterPage = lazy(() => import('../features/roles/RoleMasterPage.tsx'));

const master = (
  slug: string,
  title: string,
  label: string,
  permission: Permission,
  component?: LazyExoticComponent<ComponentType>,
): AppRoute => ({
  path: `master/${slug}/${slug}-master`,
  title,
  section: 'Master',
  permission,
  menu: [{ group: 'Master', label }],
  ...(component ? { component } : {}),
});

const report = (slug: string, title: string, permission: Permission): AppRoute => ({
  path: `reports/${slug}`,
  title,
  section: 'Reports',
  permission,
  menu: [{ group: 'Reports', label: title }],
});

export const APP_ROUTES: readonly AppRoute[] = [
  // Entity
  {
    path: 'users/AgentOperator/agent-operator',
    title: 'Users',
    section: 'Entity',
    permission: 'Users',
    menu: [{ group: 'Entity', label: 'Users' }],
  },
  {
    path: 'users/AgentOperator/add-agent-operator',
    title: 'Add User',
    section: 'Entity',
    permission: 'Users',
  },
  {
    path: 'Agency/agency',
    title: 'Agency',
    section: 'Entity',
    permission: 'Agency',
    menu: [{ group: 'Entity', label: 'Agency' }],
  },
  { path: 'Agency/add-agency/:agencyId', title: 'Agency Details', section: 'Entity', permission: 'Agency' },
  {
    path: 'Broker/broker',
    title: 'Broker',
    section: 'Entity',
    permission: 'Broker',
    menu: [{ group: 'Entity', label: 'Broker' }],
  },
  { path: 'Broker/add-broker', title: 'Broker Details', section: 'Entity', permission: 'Broker' },
  { path: 'Broker/add-broker/:brokerId', title: 'Broker Details', section: 'Entity', permission: 'Broker' },
  {
    path: 'Broker/broker-association',
    title: 'Broker Association',
    section: 'Entity',
    permission: 'Broker Association',
    menu: [{ group: 'Entity', label: 'Broker Association' }],
  },
  {
    path: 'Broker/add-broker-association/:brokerAssociationId',
    title: 'Broker Association Details',
    section: 'Entity',
    permission: 'Broker Association',
  },
  {
    path: 'Seller/seller',
    title: 'Seller',
    section: 'Entity',
    permission: 'Seller',
    menu: [{ group: 'Entity', label: 'Seller' }],
  },
  { path: 'Broker/add-seller/:sellerId', title: 'Seller Details', section: 'Entity', permission: 'Seller' },

  // Approvals
  {
    path: 'users/ApproveUser/approve-user',
    title: 'Approve User',
    section: 'Approvals',
    permission: 'Approve User',
    menu: [{ group: 'Approvals', label: 'Approve User' }],
  },

  // Master
  master('role', 'Role', 'Role', 'Role Menu', RoleMasterPage),
  master('province', 'Province', 'Province', 'Province Menu'),
  master('town', 'Town', 'Town', 'Town Menu'),
  master('barangay', 'Barangay', 'Barangay', 'Barangay Menu'),
  master('subdivision', 'Subdivision', 'Subdivision', 'Subdivision Menu'),
  master('capability', 'Capability', 'Capability', 'Capability Menu'),
  master('category', 'Product Category', 'Category', 'Category Menu'),
  master('productMode', 'Product Mode', 'Product Mode', 'Product Mode Menu'),
  master('propertyType', 'Property Type', 'Property Type', 'Property Type Menu'),
  master('agriType', 'Agri Type', 'Agri Type', 'Agri Type Menu'),
  master(
    'propertyClassification',
    'Property Classification',
    'Property Classification',
    'Property Classification Menu',
  ),
  master('zonningCode', 'Zoning Code', 'Zoning Code', 'Zoning Code Menu'),
  master('specialization', 'Specialization', 'Specialization', 'Specialization Menu'),
  master('userSkills', 'User Skills', 'User Skills', 'User Skills Menu'),

  // Property
  {
    path: 'Property/property-list',
    title: 'Property List',
    section: 'Property',
    permission: 'Property List',
    menu: [{ group: 'Property', label: 'Property List' }],
  },
  {
    path: 'Property/add-property',
    title: 'Property Details',
    section: 'Property',
    permission: 'Property List',
  },
  {
    path: 'Property/add-property-image',
    title: 'Property Images',
    section: 'Property',
    permission: 'Property List',
  },

  // Reports
  report('user-based-skill', 'User Based Skills Report', 'Skill Based User Reports'),
  report('agents', 'Agents Report', 'Agents Reports'),
  report('agencies', 'Agencies Report', 'Agencies Reports'),
  report('brokers', 'Brokers Report', 'Brokers Reports'),
  report('broker-associations', 'Broker Associations Report', 'Broker Associations Reports'),
  report('agents-based-agency', 'Agents Based Agency Report', 'Agents Based Agency Reports'),
  report('user-list', 'User List Report', 'User List Reports'),
  report('user-to-activated', 'User To Activate Report', 'User To Activate Reports'),
  report('sellers', 'Sellers Report', 'Sellers Reports'),
  report(
    'broker-linked-broker-associations',
    'Broker Linked Broker Associations Report',
    'BrokerLinkedBrokerAssociationReports',
  ),
  report('individuals', 'Individuals Report', 'Individuals Reports'),
  report('user-count-property', 'User Count Property Report', 'User Count Property Reports'),
  report('property-based-broker', 'Property Based Broker Report', 'Property Based Broker Reports'),
  report('property-attachments', 'Property Attachments Report', 'Property attachments Reports'),
  report('property-tracking-report', 'Property Tracking Report', 'Property Tracking Report'),
  report('sold-rent', 'Sold Rent Report', 'Sold Rent Reports'),
  {
    path: 'reports/open-pending',
    title: 'List of Open/Pending Properties',
    section: 'Reports',
    permission: 'List of Open/Pending Properties',
    menu: [
      { group: 'Approvals', label: 'List of Open/Pending Properties' },
      { group: 'Reports', label: 'List of Open/Pending Properties' },
    ],
  },

  // Settings
  {
    path: 'permission/role-permission-list',
    title: 'Role Permissions',
    section: 'Settings',
    permission: 'Role Permissions',
    menu: [{ group: 'Settings', label: 'Role Permissions' }],
  },
  {
    path: 'permission/assign-role-permission-list/:roleId',
    title: 'Role Permission Assign',
    section: 'Settings',
    permission: 'Role Permissions',
  },
  {
    path: 'notification/notification-list',
    title: 'Notification',
    section: 'Settings',
    permission: 'Notification',
    menu: [{ group: 'Settings', label: 'Notification' }],
  },

  // Account (top-bar menu)
  { path: 'account-details', title: 'Account Details', section: 'Account' },
];
