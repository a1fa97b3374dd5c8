import { useQuery } from '@tanstack/react-query';
import { AUDIT_LOG, auditApi, type AuditEntry } from '@app/contract';
import { callQuery, listQuery } from '../../lib/queries.ts';

/** The audit log (Settings > Audit Log). */
export const auditLogQuery = listQuery<AuditEntry>(auditApi[AUDIT_LOG.call]);

/** getAuditLogUsers: the users the User filter offers. */
const USERS_CALL = auditApi[AUDIT_LOG.usersCall];
/** The filter's users change seldom: a minute before they are asked for again. */
const USERS_STALE_MS = 60_000;

/** The users whose name or e-mail holds `searchText`. */
export const useAuditUsers = (searchText: string) =>
  useQuery({ ...callQuery(USERS_CALL, { searchText }), staleTime: USERS_STALE_MS });

/** The user of an id (the chosen one's name); nothing is asked for without an id. */
export const useAuditUser = (userId: string) =>
  useQuery({
    ...callQuery(USERS_CALL, { user_id: userId }),
    enabled: userId !== '',
    staleTime: USERS_STALE_MS,
  });
