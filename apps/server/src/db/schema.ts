import type { ColumnType, Generated } from 'kysely';
import type { Status, UserStatus, ViewState } from '@app/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable column that may be left out of an insert. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Audit = {
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
};

export interface RoleTable extends Audit {
  id: Generated<number>;
  name: string;
  status: Status;
  is_system: Generated<boolean>;
  /** Decision 25: who may manage the role's users and grants. */
  rank: Generated<number>;
}

export interface PermissionTable {
  id: Generated<number>;
  name: string;
  module: string;
}

export interface RolePermissionTable {
  role_id: number;
  permission_id: number;
}

export interface UserTable extends Audit {
  user_id: Generated<number>;
  first_name: string;
  last_name: string;
  user_email: string;
  password_hash: string | null;
  role_id: number;
  user_status: UserStatus;
  profile_image: string | null;
  phone_1: Optional<string>;
  phone_2: Optional<string>;
  status_reason: Optional<string>;
  nick_name: Optional<string>;
  unit_number: Optional<string>;
  house_number: Optional<string>;
  street_name: Optional<string>;
  building_name: Optional<string>;
  floor: Optional<string>;
  province_id: Optional<number>;
  town_id: Optional<number>;
  barangay_id: Optional<number>;
  subdivision_id: Optional<number>;
  zip_code: Optional<string>;
  associated_agency_id: Optional<number>;
  is_address_same_as_agency: Generated<boolean>;
  self_broker: Generated<boolean>;
  birth_day: Optional<number>;
  birth_month: Optional<number>;
  birth_year: Optional<number>;
  re_license: Optional<string>;
  website: Optional<string>;
  profile_statement: Optional<string>;
  open_property_limit: Generated<number>;
  profile_thumbnail: Optional<string>;
}

export interface UserSkillLinkTable {
  user_id: number;
  user_skills_id: number;
}

export interface UserBrokerTable {
  user_id: number;
  broker_id: number;
}

export interface UserOtpTable {
  user_id: number;
  code_hash: Buffer;
  expires_at: Timestamp;
  attempts: Generated<number>;
  requested_by: number | null;
  created_at: Generated<Date>;
}

export interface UserStatusHistoryTable {
  id: Generated<string>;
  user_id: number;
  old_status: string;
  new_status: UserStatus;
  reason: string | null;
  changed_by: number | null;
  changed_at: Generated<Date>;
}

export interface SessionTable {
  id: Generated<string>;
  token_hash: Buffer;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetTable {
  token_hash: Buffer;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginAttemptTable {
  id: Generated<string>;
  email: string;
  ip: string;
  succeeded: boolean;
  at: Generated<Date>;
}

/** Sliding-window limits (lib/throttle.ts): the times of the requests allowed under a key. */
export interface RateLimitTable {
  bucket: string;
  hits: Date[];
}

/** The address block shared by agencies, brokers, associations and sellers (one set of column names). */
type Address = {
  unit_number: string | null;
  house_number: string | null;
  street_name: string | null;
  building_name: string | null;
  floor: string | null;
  province_id: number | null;
  town_id: number | null;
  barangay_id: number | null;
  subdivision_id: number | null;
  zip_code: string | null;
};
type OrganisationStatus = {
  status: ColumnType<Status, Status | undefined, Status>;
  reason_for_inactive: string | null;
};
type Contact = { phone_1: string; phone_2: string | null; email_address: string };

export interface AgencyTable extends Audit, Address, OrganisationStatus, Contact {
  agency_id: Generated<number>;
  agency_name: string;
  owner_name: string;
  contact_person: string;
  email_address_secondary: string | null;
}

export interface BrokerAssociationTable extends Audit, Address, OrganisationStatus, Contact {
  broker_association_id: Generated<number>;
  broker_association_name: string;
  contact_person: string;
}

export interface BrokerTable extends Audit, Address, OrganisationStatus, Contact {
  broker_id: Generated<number>;
  broker_name: string;
  broker_license_number: string;
  notes_about_broker: string | null;
}

export interface SellerTable extends Audit, Address {
  seller_id: Generated<number>;
  seller_name: string;
  property_owner_name: string | null;
  phone_1: string;
  phone_2: string | null;
  email_address: string | null;
  agency_id: number | null;
  notes_about_seller: string | null;
}

/** A link row: the owner's id and the linked record's id. */
type LinkTable<Owner extends string, Target extends string> = Record<Owner | Target, number>;

export type PropertyStatusColumn = 'Open' | 'Pending' | 'Sold' | 'Occupied' | 'Archived' | 'Suspended';
/** numeric columns: read as strings, written as numbers. */
type Amount = ColumnType<string | null, number | string | null | undefined, number | string | null>;
type DateColumn = ColumnType<string | null, string | null | undefined, string | null>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export interface PropertyTable {
  property_id: Generated<number>;
  user_id: number;
  user_type: Optional<number>;
  seller_id: Optional<number>;
  agent_id: Optional<number>;
  secondary_agent_id: Optional<number>;
  third_agent_id: Optional<number>;
  agency_id: Optional<number>;
  broker_id: Optional<number>;
  domain: Optional<string>;
  is_featured: Flag;
  property_name: string;
  property_headline: string;
  property_description: string;
  property_classification_id: number;
  property_type_id: number;
  product_category_id: number;
  agri_type_id: Optional<number>;
  product_mode_id: Optional<number>;
  zoning_code_id: Optional<number>;
  price_asked: Amount;
  land_area: ColumnType<string, number | string, number | string>;
  building_area: Amount;
  unit_number: Optional<string>;
  house_number: Optional<string>;
  street_name: string;
  building_name: Optional<string>;
  province_id: number;
  town_id: number;
  barangay_id: number;
  subdivision_id: Optional<number>;
  zip_code: Optional<string>;
  longitude: Amount;
  latitude: Amount;
  status: ColumnType<PropertyStatusColumn, PropertyStatusColumn | undefined, PropertyStatusColumn>;
  suspended_reason: Optional<string>;
  rental_price_asked: Amount;
  rental_pricing_unit: Optional<string>;
  minimum_rental_period: Optional<string>;
  maximum_rental_period: Optional<string>;
  rent_due_day: Optional<number>;
  period_can_extend: Optional<boolean>;
  date_rental_started: DateColumn;
  current_rental_expires: DateColumn;
  rental_switch_on: Flag;
  sale_price_asked: Amount;
  sale_price: Amount;
  price_per_sq_m: Amount;
  sale_switch_on: Flag;
  bedrooms: Optional<number>;
  toilets: Optional<number>;
  uncovered_car_spaces: Optional<number>;
  covered_car_spaces: Optional<number>;
  furnishing: Optional<string>;
  floor_level: Optional<string>;
  garage: Flag;
  cooling: Optional<string>;
  heating_type: Optional<string>;
  elevator: Flag;
  free_wifi: Flag;
  exterior: Optional<string>;
  kitchen: Optional<string>;
  fireplace: Flag;
  swimming_pool: Flag;
  year: Optional<number>;
  zonal_value: Amount;
  price_rented: Amount;
  active_date: DateColumn;
  date_first_added: Generated<Date>;
  date_last_modified: Timestamp;
  date_last_status_change: Timestamp;
  date_sold: Optional<Date | string>;
  date_suspended: Optional<Date | string>;
  date_modified_operator: Optional<Date | string>;
  operator_id: Optional<number>;
  created_at: Generated<Date>;
  created_by: Optional<number>;
  updated_at: Generated<Date>;
  updated_by: Optional<number>;
}

export interface PropertyHistoryTable {
  id: Generated<string>;
  property_id: number;
  field: string;
  old_value: string | null;
  new_value: string | null;
  changed_by: number | null;
  changed_at: Generated<Date>;
}

export interface PropertyMediaTable {
  id: Generated<number>;
  property_id: number;
  type: 'Image' | 'Video';
  file: Optional<string>;
  thumbnail: Optional<string>;
  video_url: Optional<string>;
  description: string;
  is_default: Flag;
  /** Its place among the listing's media, lowest first (migration 0021); the default image is first. */
  sort_order: Generated<number>;
  created_by: Optional<number>;
  created_at: Generated<Date>;
}

export interface NotificationTable {
  notification_id: Generated<string>;
  user_id: number;
  notification_type: string;
  notification_subject: string;
  notification_status: ColumnType<
    'Active' | 'Inactive',
    'Active' | 'Inactive' | undefined,
    'Active' | 'Inactive'
  >;
  entity: 'property' | 'user' | 'broker' | null;
  entity_id: number | null;
  created_by: number | null;
  created_at: Generated<Date>;
  read_at: Timestamp | null;
}

/** An event waiting to be written out to its audience (lib/notifications.ts, afterCommitStep). */
export interface NotificationFanOutTable {
  fan_out_id: Generated<string>;
  kind: string;
  subject: string;
  entity: 'property' | 'user' | 'broker';
  entity_id: number;
  actor: number;
  exclude: number[];
  created_at: Generated<Date>;
  /** The events of one bulk action, written out together (decision 119). */
  batch: Generated<string | null>;
  /** Their one notification per person (notifyEach's `digest`), for a batch. */
  digest: Generated<string | null>;
}

/** jsonb: objects in, objects out (inserted as JSON text). */
type Json = ColumnType<Record<string, unknown> | null, string | null | undefined, never>;

/** Append-only: the database refuses updates, deletes and truncation. */
export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_id: Optional<number>;
  actor_name: Optional<string>;
  actor_email: Optional<string>;
  ip: Optional<string>;
  call: Optional<string>;
  action: string;
  entity: Optional<string>;
  entity_id: Optional<string>;
  before: Json;
  after: Json;
  details: Json;
}

/** The answer of a create call under its Idempotency-Key, per user (lib/idempotency.ts). */
export interface IdempotencyKeyTable {
  user_id: number;
  idempotency_key: string;
  request_hash: string;
  /** The request that runs, or ran, under the key (its writes mark the key carried out through it). */
  claim: string | null;
  answer_status: number | null;
  answer_body: string | null;
  created_at: Timestamp;
  /** When the request holding the claim last said it still runs. */
  heartbeat_at: Timestamp;
  /** The claiming request wrote, in a transaction that committed: a retry must not run it again. */
  carried_out: Generated<boolean>;
}

/** A user's saved view of a list (calls/saved-views.ts); `state` is the contract's viewState. */
export interface SavedViewTable {
  id: Generated<number>;
  user_id: number;
  list_key: string;
  name: string;
  state: ColumnType<ViewState, string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The columns a user hid on a list. */
export interface ListPreferenceTable {
  user_id: number;
  list_key: string;
  hidden_columns: ColumnType<string[], string, string>;
  updated_at: Generated<Date>;
}

export interface Database {
  roles: RoleTable;
  permissions: PermissionTable;
  role_permissions: RolePermissionTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  login_attempts: LoginAttemptTable;
  rate_limits: RateLimitTable;
  user_status_history: UserStatusHistoryTable;
  user_skill_links: UserSkillLinkTable;
  user_brokers: UserBrokerTable;
  user_otps: UserOtpTable;
  agencies: AgencyTable;
  agency_specializations: LinkTable<'agency_id', 'specialization_id'>;
  agency_capabilities: LinkTable<'agency_id', 'capability_id'>;
  agency_provinces: LinkTable<'agency_id', 'province_id'>;
  broker_associations: BrokerAssociationTable;
  broker_association_specializations: LinkTable<'broker_association_id', 'specialization_id'>;
  broker_association_capabilities: LinkTable<'broker_association_id', 'capability_id'>;
  broker_association_provinces: LinkTable<'broker_association_id', 'province_id'>;
  brokers: BrokerTable;
  broker_broker_associations: LinkTable<'broker_id', 'broker_association_id'>;
  broker_specializations: LinkTable<'broker_id', 'specialization_id'>;
  broker_capabilities: LinkTable<'broker_id', 'capability_id'>;
  broker_provinces: LinkTable<'broker_id', 'province_id'>;
  sellers: SellerTable;
  properties: PropertyTable;
  property_history: PropertyHistoryTable;
  property_media: PropertyMediaTable;
  property_amenities: LinkTable<'property_id', 'amenities_id'>;
  notifications: NotificationTable;
  notification_fan_outs: NotificationFanOutTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeyTable;
  saved_views: SavedViewTable;
  list_preferences: ListPreferenceTable;
}
