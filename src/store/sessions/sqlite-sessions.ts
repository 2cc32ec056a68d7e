// The session store in a SQLite file: WAL, so that every process on the machine reads and writes
// it at once; each statement takes microseconds, run on the calling thread.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { COUNTERS_TABLE, createTableStatements, SECRETS_TABLE, SESSIONS_TABLE, type SessionStore } from './session-store.ts';

export function openSqliteSessionStore(path: string): SessionStore {
  mkdirSync(dirname(path), { recursive: true });
  // Another process writing at the same moment holds the lock for microseconds: wait for it.
  const db = new Database(path, { timeout: 2000 });
  // Worker processes starting together all set up a new file at once; switching it to WAL can
  // answer "database is locked" at once, without waiting, while another does the same.
  whenUnlocked(() => {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    for (const statement of createTableStatements('TEXT', 'TEXT')) db.exec(statement);
  });
  const getSession = db.prepare<[string, number], { data: string }>(`SELECT data FROM ${SESSIONS_TABLE} WHERE id = ? AND expires > ?`);
  const putSession = db.prepare(
    `INSERT INTO ${SESSIONS_TABLE} (id, data, expires) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires = excluded.expires`,
  );
  const deleteSession = db.prepare(`DELETE FROM ${SESSIONS_TABLE} WHERE id = ?`);
  const getCount = db.prepare<[string, number], { hits: number }>(`SELECT hits FROM ${COUNTERS_TABLE} WHERE name = ? AND expires > ?`);
  // A counter whose window is over starts again at 1 with a new window.
  const increment = db.prepare(
    `INSERT INTO ${COUNTERS_TABLE} AS c (name, hits, expires) VALUES (?, 1, ?) ON CONFLICT (name) DO UPDATE SET ` +
      'hits = CASE WHEN c.expires <= ? THEN 1 ELSE c.hits + 1 END, expires = CASE WHEN c.expires <= ? THEN excluded.expires ELSE c.expires END',
  );
  const clearCounter = db.prepare(`DELETE FROM ${COUNTERS_TABLE} WHERE name = ?`);
  const insertSecret = db.prepare(`INSERT INTO ${SECRETS_TABLE} (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`);
  const getSecret = db.prepare<[string], { value: string }>(`SELECT value FROM ${SECRETS_TABLE} WHERE name = ?`);
  const purgeSessions = db.prepare(`DELETE FROM ${SESSIONS_TABLE} WHERE expires <= ?`);
  const purgeCounters = db.prepare(`DELETE FROM ${COUNTERS_TABLE} WHERE expires <= ?`);
  return {
    description: path,
    async get(id) {
      return getSession.get(id, Date.now())?.data ?? null;
    },
    async put(id, data, expiresAt) {
      putSession.run(id, data, expiresAt);
    },
    async delete(id) {
      deleteSession.run(id);
    },
    async count(key) {
      return getCount.get(key, Date.now())?.hits ?? 0;
    },
    async increment(key, ttlSeconds) {
      const now = Date.now();
      increment.run(key, now + ttlSeconds * 1000, now, now);
    },
    async clear(keys) {
      for (const key of keys) clearCounter.run(key);
    },
    async secret(name, generated) {
      insertSecret.run(name, generated);
      return getSecret.get(name)!.value;
    },
    async purgeExpired() {
      const now = Date.now();
      return purgeSessions.run(now).changes + purgeCounters.run(now).changes;
    },
    async close() {
      db.close();
    },
  };
}

const SETUP_WAIT_MS = 10_000;

/** Runs `setup` again while another process holds the file's lock, for SETUP_WAIT_MS at most. */
function whenUnlocked(setup: () => void): void {
  const giveUpAt = Date.now() + SETUP_WAIT_MS;
  for (;;) {
    try {
      setup();
      return;
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (!code.startsWith('SQLITE_BUSY') || Date.now() > giveUpAt) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}
