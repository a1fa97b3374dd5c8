import type { ColumnType, Generated } from 'kysely';
import type { Status, UserStatus } from '@app/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
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
  phone_1: ColumnType<string | null, string | null | undefined, string | null>;
  phone_2: ColumnType<string | null, string | null | undefined, string | null>;
  status_reason: ColumnType<string | null, string | null | undefined, string | null>;
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

export interface Database {
  roles: RoleTable;
  permissions: PermissionTable;
  role_permissions: RolePermissionTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  login_attempts: LoginAttemptTable;
  user_status_history: UserStatusHistoryTable;
}
