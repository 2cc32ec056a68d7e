// The session store in a MariaDB/MySQL or PostgreSQL database, for several machines serving one
// wiki: tables wikiquery creates there (never in the wiki's own database unless told to).
import { createPool as createMariaDbPool, type Pool as MariaDbPool } from 'mariadb';
import pg from 'pg';
import { COUNTERS_TABLE, createTableStatements, SECRETS_TABLE, SESSIONS_TABLE, type SessionStore } from './session-store.ts';

/** One statement with `?` placeholders, run on the server; rows as plain objects. */
type Run = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

interface ServerDialect {
  run: Run;
  close(): Promise<void>;
  textType: string;
  keyType: string;
  upsertSession: string;
  increment: (now: number, expires: number) => [string, unknown[]];
  insertSecret: string;
}

export async function openServerSessionStore(url: string): Promise<SessionStore> {
  const dialect = /^postgres(ql)?:/i.test(url) ? postgres(url) : mariadb(url);
  for (const statement of createTableStatements(dialect.textType, dialect.keyType)) await dialect.run(statement, []);
  const { run } = dialect;
  return {
    description: withoutPassword(url),
    async get(id) {
      const rows = await run(`SELECT data FROM ${SESSIONS_TABLE} WHERE id = ? AND expires > ?`, [id, Date.now()]);
      return rows.length ? String(rows[0]!.data) : null;
    },
    async put(id, data, expiresAt) {
      await run(dialect.upsertSession, [id, data, expiresAt]);
    },
    async delete(id) {
      await run(`DELETE FROM ${SESSIONS_TABLE} WHERE id = ?`, [id]);
    },
    async count(key) {
      const rows = await run(`SELECT hits FROM ${COUNTERS_TABLE} WHERE name = ? AND expires > ?`, [key, Date.now()]);
      return rows.length ? Number(rows[0]!.hits) : 0;
    },
    async increment(key, ttlSeconds) {
      const now = Date.now();
      const [sql, params] = dialect.increment(now, now + ttlSeconds * 1000);
      await run(sql, [key, ...params]);
    },
    async clear(keys) {
      for (const key of keys) await run(`DELETE FROM ${COUNTERS_TABLE} WHERE name = ?`, [key]);
    },
    async secret(name, generated) {
      await run(dialect.insertSecret, [name, generated]);
      const rows = await run(`SELECT value FROM ${SECRETS_TABLE} WHERE name = ?`, [name]);
      return String(rows[0]!.value);
    },
    async purgeExpired() {
      const now = Date.now();
      const before = await run(`SELECT (SELECT COUNT(*) FROM ${SESSIONS_TABLE} WHERE expires <= ?) + (SELECT COUNT(*) FROM ${COUNTERS_TABLE} WHERE expires <= ?) AS n`, [now, now]);
      await run(`DELETE FROM ${SESSIONS_TABLE} WHERE expires <= ?`, [now]);
      await run(`DELETE FROM ${COUNTERS_TABLE} WHERE expires <= ?`, [now]);
      return Number(before[0]?.n ?? 0);
    },
    close: () => dialect.close(),
  };
}

function mariadb(url: string): ServerDialect {
  const parsed = new URL(url);
  const pool: MariaDbPool = createMariaDbPool({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    socketPath: parsed.searchParams.get('socket') ?? undefined,
    connectionLimit: 2,
    bigIntAsNumber: true,
  });
  return {
    run: async (sql, params) => {
      const result: unknown = await pool.query(sql, params);
      return Array.isArray(result) ? (result as Record<string, unknown>[]) : [];
    },
    close: () => pool.end(),
    textType: 'MEDIUMTEXT',
    keyType: 'VARBINARY(255)',
    upsertSession: `INSERT INTO ${SESSIONS_TABLE} (id, data, expires) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE data = VALUES(data), expires = VALUES(expires)`,
    // MariaDB assigns left to right, each assignment seeing the ones before: hits first.
    increment: (now, expires) => [
      `INSERT INTO ${COUNTERS_TABLE} (name, hits, expires) VALUES (?, 1, ?) ON DUPLICATE KEY UPDATE hits = IF(expires <= ?, 1, hits + 1), expires = IF(hits = 1, VALUES(expires), expires)`,
      [expires, now],
    ],
    insertSecret: `INSERT IGNORE INTO ${SECRETS_TABLE} (name, value) VALUES (?, ?)`,
  };
}

function postgres(url: string): ServerDialect {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    run: async (sql, params) => (await pool.query(numbered(sql), params)).rows as Record<string, unknown>[],
    close: () => pool.end(),
    textType: 'TEXT',
    keyType: 'TEXT',
    upsertSession: `INSERT INTO ${SESSIONS_TABLE} (id, data, expires) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, expires = EXCLUDED.expires`,
    increment: (now, expires) => [
      `INSERT INTO ${COUNTERS_TABLE} AS c (name, hits, expires) VALUES (?, 1, ?) ON CONFLICT (name) DO UPDATE SET ` +
        'hits = CASE WHEN c.expires <= ? THEN 1 ELSE c.hits + 1 END, expires = CASE WHEN c.expires <= ? THEN EXCLUDED.expires ELSE c.expires END',
      [expires, now, now],
    ],
    insertSecret: `INSERT INTO ${SECRETS_TABLE} (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`,
  };
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
