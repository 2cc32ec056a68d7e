// Opens a MediaWiki 1.39 SQLite database as a Store (read-only).
import type { Store } from '../store.ts';
import Database from 'better-sqlite3';
import { SqliteDatabase } from './database.ts';
import { SqlitePageStore } from './pages.ts';
import { SqliteFileStore } from './files.ts';
import { SqliteLinkStore } from './links.ts';
import { SqliteCategoryStore } from './categories.ts';
import { SqliteRevisionStore } from './revisions.ts';
import { SqliteUserStore } from './users.ts';
import { SqliteWatchlistStore } from './watchlist.ts';
import { SqliteSiteStore } from './site.ts';

export function openSqliteStore(path: string): Store {
  // A lock held by another process fails the statement at once (StoreBusyError) rather than
  // sleeping in the event loop's thread; the server retries without blocking.
  const db = new SqliteDatabase(path, { readonly: true, busyTimeoutMs: 0 });
  return {
    backend: 'sqlite',
    version: sqliteVersion(),
    pages: new SqlitePageStore(db),
    files: new SqliteFileStore(db),
    links: new SqliteLinkStore(db),
    categories: new SqliteCategoryStore(db),
    revisions: new SqliteRevisionStore(db),
    users: new SqliteUserStore(db),
    watchlist: new SqliteWatchlistStore(db),
    site: new SqliteSiteStore(db),
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
