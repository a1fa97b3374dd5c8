import type { Permission } from './permissions.ts';
import { MEDIA_TYPES } from './property-media.ts';
import { PROPERTY_STATUSES } from './property-rules.ts';

/**
 * THE report catalogue: every read-only report, once. The server builds each call's input, sort
 * whitelist and Excel sheet from it; the web builds each screen, its menu entry and its filters from it.
 * Row fields keep the legacy wire names of the spec.
 */

/** `money`: an amount in pesos with centavos (a number on the wire, ₱ on screen). */
export type ReportColumnType = 'text' | 'number' | 'money' | 'date' | 'datetime' | 'link';

/** A record with a page of its own, that a cell may name (decision 49). */
export type RecordKind = 'listing' | 'user' | 'seller' | 'agency' | 'broker' | 'association';

export interface ReportColumn {
  /** Row field (wire name); also the sort column when `sortable`. */
  field: string;
  header: string;
  type?: ReportColumnType;
  /** Default true. Unsortable columns are computed per page (totals) or joined text. */
  sortable?: boolean;
  /** Relative width on screen (flex), default 1. */
  flex?: number;
  /** The field can be null (a nullable column, a LEFT JOIN's missing side). */
  nullable?: true;
  /** The cell names this record, whose id is the row's `idField`: it links to the record's page. */
  record?: { kind: RecordKind; idField: string };
}

/** A row field that no column shows: its name and its type on the wire, as a column's. */
export type ReportField = Pick<ReportColumn, 'field' | 'type' | 'nullable'> & {
  /** Sent right after the row id, before the columns (otherwise after them). */
  lead?: true;
};

/** Where a choice filter's options come from: a lookup call of the product, or a fixed list. */
export type ChoiceSource =
  { lookup: 'roles' | 'categories' | 'provinces' | 'skills' } | { values: readonly string[] };

export type ReportFilter =
  /** A required date range; both ends default to today (Manila) and are inclusive. */
  | { kind: 'dateRange'; from: string; to: string; fromLabel: string; toLabel: string; optional?: false }
  /** An optional date range (empty = no limit), e.g. the overview's week links. */
  | { kind: 'dateRange'; from: string; to: string; fromLabel: string; toLabel: string; optional: true }
  | {
      kind: 'choice';
      param: string;
      label: string;
      source: ChoiceSource;
      required: boolean;
      /**
       * The screen requires a choice, but a request without one (as the old screen first loads) means
       * every value.
       */
      allWhenAbsent?: true;
    };

export interface ReportDefinition {
  /** Route under /home/reports/. */
  slug: string;
  /** Screen title (h1) and menu label. */
  title: string;
  /** Legacy call name: GET /api/{call}, and GET /api/{call}/export for the .xlsx. */
  call: string;
  permission: Permission;
  /** Excel file name: `${exportTitle}_DD-MM-YYYY.xlsx`; also the sheet name. */
  exportTitle: string;
  columns: readonly ReportColumn[];
  /** Sort columns that are not displayed columns (legacy defaults such as agency_id). */
  extraSortColumns?: readonly string[];
  /** Other names old screens sort by (their defaults, names since renamed) → the nearest sort column. */
  sortAliases?: Readonly<Record<string, string>>;
  /**
   * Row fields that no column shows (names the old rows carried), the row id among them when no column
   * shows it. With the columns, they are the row's answer, exactly (reportRow).
   */
  rowFields?: readonly ReportField[];
  defaultSort: { column: string; order: 'asc' | 'desc' };
  filters?: readonly ReportFilter[];
  /** Page sizes offered; the first is the default. Default 7, 15, 25, 50. */
  pageSizes?: readonly number[];
  /** Field that identifies a row (unique within the report). */
  rowId: string;
  /** What the search box looks in, shown as its helper text. */
  searchHint: string;
  /** The button that runs the filters (the spec's 'Search Booking'); without it filters apply at once. */
  searchButton?: string;
}

const SOLD_RENT_DATES = {
  kind: 'dateRange',
  from: 'date_sold_from_date',
  to: 'date_sold_to_date',
  fromLabel: 'Booking From',
  toLabel: 'Booking Upto',
} as const;
const TRACKING_DATES = {
  kind: 'dateRange',
  from: 'from_date',
  to: 'to_date',
  fromLabel: 'Start Date',
  toLabel: 'End Date',
} as const;
/** Optional filters of the listing reports, used by the overview's links. */
const LISTING_FILTERS: readonly ReportFilter[] = [
  {
    kind: 'choice',
    param: 'status',
    label: 'Status',
    source: { values: PROPERTY_STATUSES },
    required: false,
  },
  {
    kind: 'choice',
    param: 'product_category_id',
    label: 'Product Category',
    source: { lookup: 'categories' },
    required: false,
  },
  {
    kind: 'choice',
    param: 'province_id',
    label: 'Province',
    source: { lookup: 'provinces' },
    required: false,
  },
];

const SELLER_RECORD = { kind: 'seller', idField: 'seller_id' } as const;
const AGENT_RECORD = { kind: 'user', idField: 'agent_id' } as const;
const SELLER_NAME = {
  field: 'seller_name',
  header: 'Seller Name',
  nullable: true,
  record: SELLER_RECORD,
} as const;
const AGENT_NAME = {
  field: 'agent_name',
  header: 'Agent Name',
  nullable: true,
  record: AGENT_RECORD,
} as const;
const BROKER_NAME = {
  field: 'broker_associated',
  header: 'Broker Associated',
  nullable: true,
  record: { kind: 'broker', idField: 'broker_id' },
} as const;
const LISTING_PEOPLE = [SELLER_NAME, AGENT_NAME, BROKER_NAME] as const satisfies readonly ReportColumn[];
/** The row id of the listing reports, a column of none. */
const PROPERTY_ID = { field: 'property_id', type: 'number' } as const satisfies ReportField;
const USER_ID = { field: 'user_id', type: 'number' } as const satisfies ReportField;
/** The listing's seller and agent, whose names link to them (added after the legacy fields). */
const SELLER_ID = { field: 'seller_id', type: 'number', nullable: true } as const satisfies ReportField;
const AGENT_ID = { field: 'agent_id', type: 'number', nullable: true } as const satisfies ReportField;
const BROKER_ID = { field: 'broker_id', type: 'number', nullable: true } as const satisfies ReportField;
/** The records a cell names, by the row field holding their id. */
const LISTING_RECORD = { kind: 'listing', idField: 'property_id' } as const;
const USER_RECORD = { kind: 'user', idField: 'user_id' } as const;
const AGENCY_RECORD = { kind: 'agency', idField: 'agency_id' } as const;
const BROKER_RECORD = { kind: 'broker', idField: 'broker_id' } as const;

export const REPORTS = [
  {
    slug: 'open-pending',
    title: 'List of Open/Pending Properties',
    call: 'getOpenPendingPropertyReport',
    permission: 'List of Open/Pending Properties',
    exportTitle: 'OpenPendingProperties',
    // months: whole months since the listing was added; pending: whole months since it became Pending
    // (null while Open). broker_association_id: the ids of its broker's associations, comma-joined
    // ('' without any).
    columns: [
      ...LISTING_PEOPLE,
      { field: 'property_name', header: 'Property Name', flex: 1.5, record: LISTING_RECORD },
      { field: 'months', header: 'Months', type: 'number' },
      { field: 'pending', header: 'Pending Month', type: 'number', nullable: true },
      { field: 'status', header: 'Status' },
    ],
    // The legacy default sorted by the broker's associations: listings grouped by their broker.
    extraSortColumns: ['broker_id'],
    sortAliases: { broker_association_id: 'broker_id', pending_month: 'pending' },
    rowFields: [PROPERTY_ID, BROKER_ID, { field: 'broker_association_id' }, SELLER_ID, AGENT_ID],
    defaultSort: { column: 'broker_id', order: 'asc' },
    rowId: 'property_id',
    searchHint: 'Property, seller, agent or broker',
  },
  {
    slug: 'sold-rent',
    title: 'Sold Rent Report',
    call: 'getSoldRentReport',
    permission: 'Sold Rent Reports',
    exportTitle: 'SoldRent',
    // Sold listings by their sale date, Occupied (rented) ones by the rental start (or, without one,
    // the day they became Occupied): the booking date. date_sold and date_rented each carry only their own.
    // price: the price it was sold or rented for, else the price asked (issue 21, item 5).
    columns: [
      SELLER_NAME,
      { field: 'property_name', header: 'Property Name', flex: 1.5, record: LISTING_RECORD },
      { field: 'price', header: 'Price', type: 'money', nullable: true },
      { field: 'date_sold', header: 'Date Sold', type: 'date', nullable: true },
      { field: 'date_rented', header: 'Date Rented', type: 'date', nullable: true },
      { field: 'street_name', header: 'Street Name' },
      { field: 'property_building_name', header: 'Building Name', nullable: true },
      BROKER_NAME,
      { field: 'status', header: 'Status' },
    ],
    rowFields: [PROPERTY_ID, SELLER_ID, BROKER_ID],
    // date_sold as a sort column means the booking date (sale or rental start).
    sortAliases: { building_name: 'property_building_name' },
    defaultSort: { column: 'date_sold', order: 'desc' },
    filters: [SOLD_RENT_DATES],
    searchButton: 'Search Booking',
    rowId: 'property_id',
    searchHint: 'Property, seller, street, building or broker',
  },
  {
    slug: 'sellers',
    title: 'Sellers Report',
    call: 'getSellerReports',
    permission: 'Sellers Reports',
    exportTitle: 'SellersReport',
    columns: [
      { field: 'seller_name', header: 'Name', record: { kind: 'seller', idField: 'seller_id' } },
      { field: 'property_owner_name', header: 'Owner Name', nullable: true },
      { field: 'agency_name', header: 'Agency', nullable: true },
      { field: 'phone_1', header: 'Phone' },
      { field: 'phone_2', header: 'Secondary', nullable: true },
      { field: 'email_address', header: 'Email', flex: 1.5, nullable: true },
      { field: 'total_properties', header: 'Total Properties', type: 'number', sortable: false },
    ],
    rowFields: [{ field: 'seller_id', type: 'number' }],
    defaultSort: { column: 'seller_name', order: 'asc' },
    rowId: 'seller_id',
    searchHint: 'Name, owner, agency, phone or e-mail',
  },
  {
    slug: 'individuals',
    title: 'Individuals Report',
    call: 'getIndividualsReport',
    permission: 'Individuals Reports',
    exportTitle: 'IndividualsReport',
    columns: [
      { field: 'full_name', header: 'Name', record: USER_RECORD },
      { field: 'role_name', header: 'Role' },
      { field: 'phone_1', header: 'Phone', nullable: true },
      { field: 'user_email', header: 'Email', flex: 1.5 },
      { field: 'user_status', header: 'Status' },
      { field: 'totalProperties', header: 'Total Properties', type: 'number', sortable: false },
    ],
    rowFields: [USER_ID],
    defaultSort: { column: 'full_name', order: 'asc' },
    rowId: 'user_id',
    searchHint: 'Name, phone or e-mail',
  },
  {
    slug: 'user-list',
    title: 'User List Report',
    call: 'GetUserReport',
    permission: 'User List Reports',
    exportTitle: 'UserList',
    columns: [
      { field: 'user_id', header: 'ID', type: 'number', flex: 0.5 },
      { field: 'full_name', header: 'Name', record: USER_RECORD },
      { field: 'role_name', header: 'Role' },
      { field: 'primary_phone', header: 'Primary Phone', nullable: true },
      { field: 'secondary_phone', header: 'Secondary Phone', nullable: true },
      { field: 'user_email', header: 'Email', flex: 1.5 },
    ],
    defaultSort: { column: 'user_id', order: 'asc' },
    // Users created in a range (the overview's new-users links); empty = everyone.
    filters: [
      {
        kind: 'dateRange',
        from: 'created_from_date',
        to: 'created_to_date',
        fromLabel: 'Created From',
        toLabel: 'Created Upto',
        optional: true,
      },
    ],
    rowId: 'user_id',
    searchHint: 'Name, role, phone or e-mail',
  },
  {
    slug: 'user-to-activated',
    title: 'User To Activate Report',
    call: 'GetUserToActivated',
    permission: 'User To Activate Reports',
    exportTitle: 'UserToActivate',
    // Users waiting for approval: New or Inactive, as on Approve Users.
    columns: [
      { field: 'full_name', header: 'Name', record: USER_RECORD },
      { field: 'role_name', header: 'Role' },
      { field: 'primary_phone', header: 'Primary Phone', nullable: true },
      { field: 'secondary_phone', header: 'Secondary Phone', nullable: true },
      { field: 'user_email', header: 'Email', flex: 1.5 },
      { field: 'user_status', header: 'Status' },
    ],
    extraSortColumns: ['user_id'],
    rowFields: [USER_ID],
    defaultSort: { column: 'user_id', order: 'asc' },
    rowId: 'user_id',
    searchHint: 'Name, role, phone or e-mail',
  },
  {
    slug: 'user-based-skill',
    title: 'User Based Skills Report',
    call: 'GetUserBasedSkillReport',
    permission: 'Skill Based User Reports',
    exportTitle: 'UserBasedSkills',
    // One row per user with at least one skill; user_skills = the skill names, comma-joined.
    columns: [
      { field: 'id', header: 'ID', type: 'number', flex: 0.5 },
      { field: 'full_name', header: 'Name', record: { kind: 'user', idField: 'id' } },
      { field: 'role_name', header: 'Role' },
      { field: 'user_skills', header: 'User Skills', sortable: false, flex: 1.5 },
    ],
    defaultSort: { column: 'id', order: 'asc' },
    filters: [
      {
        kind: 'choice',
        param: 'user_skills_id',
        label: 'User Skill',
        source: { lookup: 'skills' },
        required: false,
      },
    ],
    rowId: 'id',
    searchHint: 'Name, role or skill',
  },
  {
    slug: 'agents',
    title: 'Agents Report',
    call: 'GetUserAgents',
    permission: 'Agents Reports',
    exportTitle: 'Agents',
    // Agents and Owner-Agents.
    columns: [
      { field: 'full_name', header: 'Name', record: USER_RECORD },
      { field: 'primary_phone', header: 'Phone', nullable: true },
      { field: 'user_email', header: 'Email', flex: 1.5 },
    ],
    extraSortColumns: ['user_id'],
    rowFields: [USER_ID],
    defaultSort: { column: 'user_id', order: 'asc' },
    rowId: 'user_id',
    searchHint: 'Name, phone or e-mail',
  },
  {
    slug: 'agencies',
    title: 'Agencies Report',
    call: 'GetAgencies',
    permission: 'Agencies Reports',
    exportTitle: 'Agencies',
    columns: [
      { field: 'agency_name', header: 'Agency Name', flex: 1.5, record: AGENCY_RECORD },
      { field: 'owner_name', header: 'Owner Name' },
      { field: 'contact_person', header: 'Contact Person' },
      { field: 'phone_1', header: 'Phone' },
      { field: 'email_address', header: 'Email', flex: 1.5 },
    ],
    extraSortColumns: ['agency_id'],
    rowFields: [{ field: 'agency_id', type: 'number' }],
    defaultSort: { column: 'agency_id', order: 'asc' },
    rowId: 'agency_id',
    searchHint: 'Agency, owner, contact, phone or e-mail',
  },
  {
    slug: 'brokers',
    title: 'Brokers Report',
    call: 'GetBrokers',
    permission: 'Brokers Reports',
    exportTitle: 'Brokers',
    columns: [
      { field: 'broker_id', header: 'ID', type: 'number', flex: 0.5 },
      { field: 'broker_name', header: 'Broker Name', record: BROKER_RECORD },
      { field: 'email_address', header: 'Email', flex: 1.5 },
      { field: 'phone_1', header: 'Phone' },
      { field: 'broker_license_number', header: 'Licence Number' },
    ],
    defaultSort: { column: 'broker_id', order: 'asc' },
    rowId: 'broker_id',
    searchHint: 'Name, e-mail, phone or licence',
  },
  {
    slug: 'broker-associations',
    title: 'Broker Associations Report',
    call: 'GetBrokerAssociations',
    permission: 'Broker Associations Reports',
    exportTitle: 'BrokerAssociations',
    columns: [
      {
        field: 'broker_association_name',
        header: 'Broker Association Name',
        flex: 1.5,
        record: { kind: 'association', idField: 'broker_association_id' },
      },
      { field: 'email_address', header: 'Email', flex: 1.5 },
      { field: 'phone_1', header: 'Phone' },
      { field: 'contact_person', header: 'Contact Person' },
    ],
    extraSortColumns: ['broker_association_id'],
    rowFields: [{ field: 'broker_association_id', type: 'number' }],
    defaultSort: { column: 'broker_association_id', order: 'asc' },
    rowId: 'broker_association_id',
    searchHint: 'Name, e-mail, phone or contact',
  },
  {
    slug: 'agents-based-agency',
    title: 'Agents Based Agency Report',
    call: 'GetAgentsBasedAgency',
    permission: 'Agents Based Agency Reports',
    exportTitle: 'AgentsBasedAgency',
    // One row per agency and agent; an agency without agents still has its row (agent fields null).
    // row_id = `${agency_id}-${user_id}`; phone_1 is the agent's phone; user_id the agent's (null without).
    columns: [
      { field: 'agency_name', header: 'Agency Name', flex: 1.5, record: AGENCY_RECORD },
      { field: 'owner_name', header: 'Owner Name' },
      { field: 'contact_person', header: 'Contact Person' },
      {
        field: 'AgentName',
        header: 'Agent Name',
        nullable: true,
        record: { kind: 'user', idField: 'user_id' },
      },
      { field: 'agency_email_address', header: 'Agency Email', flex: 1.5 },
      { field: 'agent_email', header: 'Agent Email', flex: 1.5, nullable: true },
      { field: 'phone_1', header: 'Phone', nullable: true },
    ],
    extraSortColumns: ['agency_id'],
    rowFields: [
      { field: 'row_id' },
      { field: 'agency_id', type: 'number', lead: true },
      { field: 'user_id', type: 'number', nullable: true },
    ],
    defaultSort: { column: 'agency_id', order: 'asc' },
    rowId: 'row_id',
    searchHint: 'Agency, owner, contact, agent or e-mail',
  },
  {
    slug: 'broker-linked-broker-associations',
    title: 'Broker Linked Broker Associations Report',
    call: 'getBrokerLinkedAssociationReport',
    permission: 'BrokerLinkedBrokerAssociationReports',
    exportTitle: 'BrokerLinkedBrokerAssociations',
    // associations: the broker's association names, comma-joined in name order ('' without any).
    columns: [
      { field: 'broker_name', header: 'Broker Name', record: BROKER_RECORD },
      { field: 'broker_license_number', header: 'Licence Number' },
      { field: 'associations', header: 'Associations', sortable: false, flex: 1.5 },
      { field: 'phone_1', header: 'Phone 1' },
      { field: 'phone_2', header: 'Phone 2', nullable: true },
      { field: 'email_address', header: 'Email', flex: 1.5 },
    ],
    rowFields: [{ field: 'broker_id', type: 'number' }],
    defaultSort: { column: 'broker_name', order: 'asc' },
    pageSizes: [15, 20, 25],
    rowId: 'broker_id',
    searchHint: 'Broker, licence, association, phone or e-mail',
  },
  {
    slug: 'user-count-property',
    title: 'User Count Property Report',
    call: 'getCountOfPropertiesReport',
    permission: 'User Count Property Reports',
    exportTitle: 'UserCountProperty',
    // Every user of the chosen type (of every type without one), with zero where they have no listing;
    // totalProperties counts the listings the user owns or is an agent of, that the viewer may see.
    columns: [
      { field: 'role_type', header: 'User Type' },
      { field: 'full_name', header: 'Full Name', flex: 1.5, record: USER_RECORD },
      { field: 'user_status', header: 'User/Agent/Individual Status' },
      { field: 'totalProperties', header: 'Total Properties', type: 'number', sortable: false },
    ],
    // The old screen's default, a column it never had.
    sortAliases: { date_sold: 'full_name' },
    rowFields: [USER_ID],
    defaultSort: { column: 'full_name', order: 'asc' },
    filters: [
      {
        kind: 'choice',
        param: 'user_type',
        label: 'Select User Type',
        source: { lookup: 'roles' },
        required: true,
        allWhenAbsent: true,
      },
    ],
    searchButton: 'Search Booking',
    rowId: 'user_id',
    searchHint: 'Name',
  },
  {
    slug: 'property-based-broker',
    title: 'Property Based Broker Report',
    call: 'getPropertyBrokerReport',
    permission: 'Property Based Broker Reports',
    exportTitle: 'PropertyBasedBroker',
    // Every listing in scope, with or without seller, agent or broker.
    columns: [
      ...LISTING_PEOPLE,
      { field: 'property_name', header: 'Property Name', flex: 1.5, record: LISTING_RECORD },
      { field: 'status', header: 'Status' },
    ],
    rowFields: [PROPERTY_ID, SELLER_ID, AGENT_ID, BROKER_ID],
    defaultSort: { column: 'seller_name', order: 'asc' },
    filters: LISTING_FILTERS,
    rowId: 'property_id',
    searchHint: 'Property, seller, agent or broker',
  },
  {
    slug: 'property-attachments',
    title: 'Property Attachments Report',
    call: 'getListOfAttachments',
    permission: 'Property attachments Reports',
    exportTitle: 'PropertyAttachments',
    // One row per image or video; images_video is the file's address (/media/...) or the video link.
    columns: [
      SELLER_NAME,
      AGENT_NAME,
      { field: 'property_name', header: 'Property Name', flex: 1.5, record: LISTING_RECORD },
      { field: 'type', header: 'Type', flex: 0.6 },
      {
        field: 'images_video',
        header: 'Image/Video',
        type: 'link',
        sortable: false,
        flex: 1.5,
        nullable: true,
      },
      { field: 'image_video_id', header: 'ID', type: 'number', flex: 0.5 },
    ],
    rowFields: [PROPERTY_ID, SELLER_ID, AGENT_ID],
    defaultSort: { column: 'property_name', order: 'asc' },
    filters: [
      {
        kind: 'choice',
        param: 'attachment_type',
        label: 'Attachment Type',
        source: { values: MEDIA_TYPES },
        required: false,
      },
    ],
    rowId: 'image_video_id',
    searchHint: 'Property, seller or agent',
  },
  {
    slug: 'property-tracking-report',
    title: 'Property Tracking Report',
    call: 'getPropertyTrackingReport',
    permission: 'Property Tracking Report',
    exportTitle: 'PropertyTracking',
    // Listings added between the two dates (inclusive, Manila days). user_type: the owner's role name;
    // operator_name: the Operator who last saved it.
    columns: [
      { field: 'property_name', header: 'Property Name', flex: 1.5, record: LISTING_RECORD },
      { field: 'date_first_added', header: 'Date First', type: 'datetime' },
      { field: 'date_last_modified', header: 'Date Last', type: 'datetime' },
      { field: 'date_last_status_change', header: 'Status Change', type: 'datetime' },
      { field: 'date_suspended', header: 'Date Suspended', type: 'datetime', nullable: true },
      { field: 'user_type', header: 'User Type', nullable: true },
      { field: 'date_modified_operator', header: 'Date Operator', type: 'datetime', nullable: true },
      { field: 'operator_name', header: 'Operator Name', nullable: true },
    ],
    rowFields: [PROPERTY_ID],
    defaultSort: { column: 'date_first_added', order: 'desc' },
    filters: [TRACKING_DATES],
    searchButton: 'Search Booking',
    rowId: 'property_id',
    searchHint: 'Property, owner type or operator',
  },
  {
    slug: 'suspected-duplicates',
    title: 'Suspected Duplicates',
    call: 'getSuspectedDuplicatesReport',
    permission: 'Suspected Duplicates',
    exportTitle: 'SuspectedDuplicates',
    // Pairs of likely duplicates (decision 48: same barangay, area and price within 5%, name and street
    // alike), each once, under its newer listing, added between the two dates; whichever agents they
    // have. similarity: the mean trigram similarity of name and street, in percent.
    columns: [
      { field: 'date_first_added', header: 'Date Added', type: 'datetime' },
      { field: 'property_name', header: 'Property Name', flex: 1.5, record: LISTING_RECORD },
      { field: 'agent_name', header: 'Agent Name', nullable: true },
      {
        field: 'other_property_name',
        header: 'Likely Duplicate Of',
        flex: 1.5,
        record: { kind: 'listing', idField: 'other_property_id' },
      },
      { field: 'other_agent_name', header: 'Its Agent', nullable: true },
      { field: 'barangay_name', header: 'Barangay' },
      { field: 'similarity', header: 'Similarity %', type: 'number', flex: 0.7 },
    ],
    rowFields: [
      { field: 'pair_id', lead: true },
      PROPERTY_ID,
      { field: 'other_property_id', type: 'number' },
    ],
    defaultSort: { column: 'date_first_added', order: 'desc' },
    filters: [{ ...TRACKING_DATES, fromLabel: 'Added From', toLabel: 'Added Upto' }],
    rowId: 'pair_id',
    searchHint: 'Either property name',
  },
] as const satisfies readonly ReportDefinition[];

export type ReportCall = (typeof REPORTS)[number]['call'];

export const reportByCall = (call: string): ReportDefinition | undefined =>
  (REPORTS as readonly ReportDefinition[]).find((r) => r.call === call);
