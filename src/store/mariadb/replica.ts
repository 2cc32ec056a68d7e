// How far a MariaDB/MySQL replica is behind its primary, measured as MediaWiki's database layer
// measures it: the replication status's Seconds_Behind_Master (its default), or the newest row of
// a pt-heartbeat table (its 'pt-heartbeat' lag detection), and which failures are the server's.
import type { SqlExecutor } from '../sql/executor.ts';

export type MariaDbLagDetection =
  | { method: 'replication-status' }
  /** pt-heartbeat's table (`heartbeat.heartbeat`); the primary's server_id, else the one the replica replicates from. */
  | { method: 'pt-heartbeat'; table: string; serverId?: number };

/** The replication status names its columns after the primary in MariaDB and older MySQL, after the source in MySQL 8.4. */
const STATUS_STATEMENTS = ['SHOW SLAVE STATUS', 'SHOW REPLICA STATUS'];

/** The replica's replication status row; undefined when it does not replicate. */
async function replicationStatus(executor: SqlExecutor): Promise<Record<string, unknown> | undefined> {
  let lastError: unknown;
  for (const statement of STATUS_STATEMENTS) {
    try {
      return (await executor.all<Record<string, unknown>>(statement))[0];
    } catch (error) {
      // MySQL 8.4 has no SHOW SLAVE STATUS; MariaDB before 10.5 no SHOW REPLICA STATUS.
      if ((error as { errno?: number }).errno !== 1064) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * Seconds behind the primary, or false when the server does not replicate: no replication status,
 * its SQL thread stopped (no Seconds_Behind_Master), or no heartbeat row; MediaWiki's answers too.
 */
export async function mariaDbLag(executor: SqlExecutor, detection: MariaDbLagDetection): Promise<number | false> {
  if (detection.method === 'pt-heartbeat') {
    let serverId = detection.serverId;
    if (serverId === undefined) {
      // Stock pt-heartbeat: the rows of the server this replica replicates from.
      const status = await replicationStatus(executor);
      serverId = Number(status?.Master_Server_Id ?? status?.Source_Server_Id ?? 0);
      if (!serverId) return false;
    }
    return heartbeatLag(executor, detection.table, serverId);
  }
  const status = await replicationStatus(executor);
  const seconds = status?.Seconds_Behind_Master ?? status?.Seconds_Behind_Source;
  if (seconds === null || seconds === undefined || seconds === '') return false;
  // A delayed replica (MASTER_DELAY) is behind by the delay it still waits out, too.
  return Math.trunc(Number(seconds) + Number(status?.SQL_Remaining_Delay ?? 0));
}

async function heartbeatLag(executor: SqlExecutor, table: string, serverId: number): Promise<number | false> {
  if (!/^\w+(\.\w+)?$/.test(table)) throw new Error(`heartbeat table ${JSON.stringify(table)}: a name or database.name`);
  // The server's own clock, so that the query's trip is not counted; pt-heartbeat writes ts in UTC.
  const row = await executor.get<{ us: number | null }>(
    `SELECT TIMESTAMPDIFF(MICROSECOND, ts, UTC_TIMESTAMP(6)) AS us FROM ${table} WHERE server_id = ${Math.trunc(serverId)} ORDER BY ts DESC LIMIT 1`,
  );
  if (row === undefined || row.us === null) return false;
  return Math.max(0, Number(row.us) / 1e6);
}

/** Connector errors that are the connection's or the server's, not the query's. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND',
  'ER_CONNECTION_TIMEOUT', 'ER_SOCKET_UNEXPECTED_CLOSE', 'ER_CONNECTION_ALREADY_CLOSED',
  'ER_CLOSING_POOL', 'ER_POOL_ALREADY_CLOSED', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR',
]);
/** Server errors of the same kind: shutdown in progress, connection killed, too many connections, server gone. */
const CONNECTION_ERRNOS = new Set([1040, 1053, 1927, 2002, 2003, 2006, 2013]);

export function isMariaDbConnectionFailure(error: unknown): boolean {
  const e = error as { code?: string; errno?: number; fatal?: boolean; cause?: unknown };
  // The pool gives up waiting for a connection both when it cannot open one (its cause says why)
  // and when all of them are busy: only the first is the server's failure.
  if (e?.code === 'ER_GET_CONNECTION_TIMEOUT') return e.cause !== undefined && isMariaDbConnectionFailure(e.cause);
  return e?.fatal === true || CONNECTION_ERROR_CODES.has(e?.code ?? '') || CONNECTION_ERRNOS.has(e?.errno ?? 0);
}
