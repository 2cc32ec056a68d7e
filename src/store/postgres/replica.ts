// How far a PostgreSQL standby is behind its primary: the time since the last transaction it
// replayed, while WAL it has received is still waiting to be replayed (a standby that has replayed
// all it received is not behind; a primary is never behind). MediaWiki's PostgreSQL layer reports
// no lag at all; this is what its LoadBalancer would need. And which failures are the server's.
import type { SqlExecutor } from '../sql/executor.ts';

const LAG_SQL = `SELECT CASE
  WHEN NOT pg_is_in_recovery() THEN 0
  WHEN pg_last_wal_receive_lsn() IS NOT NULL AND pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
  ELSE CAST(EXTRACT(EPOCH FROM (clock_timestamp() - pg_last_xact_replay_timestamp())) AS DOUBLE PRECISION)
END AS lag`;

/** Seconds behind the primary, or false when a standby has replayed nothing yet. */
export async function postgresLag(executor: SqlExecutor): Promise<number | false> {
  const row = await executor.get<{ lag: number | null }>(LAG_SQL);
  if (row === undefined || row.lag === null) return false;
  return Math.max(0, Number(row.lag));
}

/** Errors of the connection or of a server going away (SQLSTATE classes 08 and 57P), not of the query. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND']);

export function isPostgresConnectionFailure(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  const code = e?.code ?? '';
  if (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
  // pg reports a connection lost mid-query, or a connect timeout, without a code.
  return code === '' && /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e?.message ?? '');
}
