// How far a MariaDB/MySQL replica is behind its primary, measured as MediaWiki's database layer
// measures it: the replication status's Seconds_Behind_Master (its default), or the newest row of
// a pt-heartbeat table (its 'pt-heartbeat' lag detection), and which failures are the server's.
import type { SqlExecutor } from '../sql/executor.ts';

export type MariaDbLagDetection =
  | { method: 'replication-status' }
  /** pt-heartbeat's table (`heartbeat.heartbeat`), the rows of the primary's server_id when given. */
  | { method: 'pt-heartbeat'; table: string; serverId?: number };

/** The replication status names its columns after the primary in MariaDB and older MySQL, after the source in MySQL 8.4. */
const STATUS_STATEMENTS = ['SHOW SLAVE STATUS', 'SHOW REPLICA STATUS'];

/**
 * Seconds behind the primary, or false when the server does not replicate (no replication
 * status, or its SQL thread stopped: MediaWiki's answer then too).
 */
export async function mariaDbLag(executor: SqlExecutor, detection: MariaDbLagDetection): Promise<number | false> {
  if (detection.method === 'pt-heartbeat') return heartbeatLag(executor, detection.table, detection.serverId);
  let lastError: unknown;
  for (const statement of STATUS_STATEMENTS) {
    let rows: Record<string, unknown>[];
    try {
      rows = await executor.all<Record<string, unknown>>(statement);
    } catch (error) {
      // MySQL 8.4 has no SHOW SLAVE STATUS; MariaDB before 10.5 no SHOW REPLICA STATUS.
      if ((error as { errno?: number }).errno === 1064) {
        lastError = error;
        continue;
      }
      throw error;
    }
    const row = rows[0];
    if (row === undefined) return false;
    const seconds = row.Seconds_Behind_Master ?? row.Seconds_Behind_Source;
    return seconds === null || seconds === undefined ? false : Number(seconds);
  }
  throw lastError;
}

async function heartbeatLag(executor: SqlExecutor, table: string, serverId: number | undefined): Promise<number | false> {
  if (!/^\w+(\.\w+)?$/.test(table)) throw new Error(`heartbeat table ${JSON.stringify(table)}: a name or database.name`);
  const where = serverId === undefined ? '' : `WHERE server_id = ${Math.trunc(serverId)}`;
  // pt-heartbeat writes ts as the primary's UTC time with microseconds.
  const row = await executor.get<{ us: number | null }>(
    `SELECT TIMESTAMPDIFF(MICROSECOND, ts, UTC_TIMESTAMP(6)) AS us FROM ${table} ${where} ORDER BY ts DESC LIMIT 1`,
  );
  if (row === undefined || row.us === null) return false;
  return Math.max(0, Number(row.us) / 1e6);
}

/** Connector errors that are the connection's or the server's, not the query's. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND',
  'ER_GET_CONNECTION_TIMEOUT', 'ER_CONNECTION_TIMEOUT', 'ER_SOCKET_UNEXPECTED_CLOSE', 'ER_CONNECTION_ALREADY_CLOSED',
  'ER_CLOSING_POOL', 'ER_POOL_ALREADY_CLOSED', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR',
]);
/** Server errors of the same kind: shutdown in progress, connection killed, too many connections, server gone. */
const CONNECTION_ERRNOS = new Set([1040, 1053, 1927, 2002, 2003, 2006, 2013]);

export function isMariaDbConnectionFailure(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; fatal?: boolean };
  return e?.fatal === true || CONNECTION_ERROR_CODES.has(e?.code ?? '') || CONNECTION_ERRNOS.has(e?.errno ?? 0);
}
