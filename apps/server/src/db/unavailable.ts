/**
 * What a failed query's error means for the answer: that PostgreSQL cannot be reached (503, not 500).
 * Here, below lib/, for the connection hook (db/audit-context.ts) needs it too.
 */

// Socket failures (with the system call that failed) and PostgreSQL's shutdown, recovery and
// connection classes (57P01-57P03, 08xxx, 53300 too many connections).
const CONNECTION_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;
const SERVER_CODES = /^(57P0[123]|08[0-9A-Z]{3}|53300)$/;
// What node-postgres says when a connection ends under a query or a dead one is used.
const CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/** Whether the error means PostgreSQL cannot be reached or dropped the connection (503, not 500). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (SERVER_CODES.test(code)) return true;
    if (CONNECTION_CODES.test(code) && typeof syscall === 'string') return true;
  }
  if (CONNECTION_MESSAGES.test(error.message)) return true;
  const inner = error instanceof AggregateError ? error.errors[0] : error.cause;
  return isDatabaseUnavailable(inner, depth + 1);
}
