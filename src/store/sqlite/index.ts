// Opens a MediaWiki 1.39 SQLite database as a Store (read-only).
import type { Store } from '../store.ts';
import Database from 'better-sqlite3';
import { SqliteDatabase } from './database.ts';
import { sqlFamilies } from '../sql/families.ts';

export function openSqliteStore(path: string): Store {
  // A lock held by another process fails the statement at once (StoreBusyError) rather than
  // sleeping in the event loop's thread; the server retries without blocking.
  const db = new SqliteDatabase(path, { readonly: true, busyTimeoutMs: 0 });
  return {
    backend: 'sqlite',
    version: sqliteVersion(),
    ...sqlFamilies(db),
    control: {
      path,
      interruptible: db.interruptible,
      interruptUnavailableReason: db.interruptUnavailableReason,
      setDeadline: (ms) => db.setDeadline(ms),
      databaseMilliseconds: () => db.databaseMilliseconds(),
      identityChanged: () => db.identityChanged(),
      probe: () => db.probe(),
    },
    async close() {
      db.close();
    },
  };
}

let version: string | undefined;

/** The SQLite library's version, asked of a connection to no file: opening reads nothing yet. */
function sqliteVersion(): string {
  if (version === undefined) {
    const memory = new Database(':memory:');
    version = memory.prepare('SELECT sqlite_version()').pluck().get() as string;
    memory.close();
  }
  return version;
}
