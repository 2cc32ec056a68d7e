// Opens a MediaWiki 1.39 SQLite database as a Store (read-only).
import type { Store } from '../store.ts';
import { SqliteDatabase } from './database.ts';
import { SqlitePageStore } from './pages.ts';
import { SqliteSiteStore } from './site.ts';
import { SqliteMetaStore } from './meta.ts';
import { SqliteListingStore } from './listings.ts';
import { SqliteRevisionStore } from './revisions.ts';
import { SqlitePageLinkStore } from './pagelinks.ts';

export function openSqliteStore(path: string): Store {
  const db = new SqliteDatabase(path, { readonly: true });
  const version = db.get<{ v: string }>('SELECT sqlite_version() AS v')!.v;
  return {
    backend: 'sqlite',
    version,
    pages: new SqlitePageStore(db),
    site: new SqliteSiteStore(db),
    meta: new SqliteMetaStore(db),
    listings: new SqliteListingStore(db),
    revisions: new SqliteRevisionStore(db),
    pageLinks: new SqlitePageLinkStore(db),
    async close() {
      db.close();
    },
  };
}
