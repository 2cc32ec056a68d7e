// The store's families over one executor: the same query code for every database.
import type { Store } from '../store.ts';
import type { SqlExecutor } from './executor.ts';
import { SqlPageStore } from './pages.ts';
import { SqlFileStore } from './files.ts';
import { SqlLinkStore } from './links.ts';
import { SqlCategoryStore } from './categories.ts';
import { SqlRevisionStore } from './revisions.ts';
import { SqlUserStore } from './users.ts';
import { SqlWatchlistStore } from './watchlist.ts';
import { SqlSiteStore } from './site.ts';
import { SqlAccountStore } from './accounts.ts';
import { SqlLoggingStore } from './logging.ts';
import { SqlRecentChangesStore } from './recent-changes.ts';
import { SqlChangeTagStore } from './change-tags.ts';
import { SqlQueryPageStore } from './query-pages.ts';
import { SqlSearchStore } from './search.ts';

export type StoreFamilies = Pick<Store, 'pages' | 'files' | 'links' | 'categories' | 'revisions' | 'users' | 'accounts' | 'watchlist' | 'site' | 'queryPages' | 'logging' | 'recentChanges' | 'changeTags' | 'search' | 'storedTimestamp'>;

export function sqlFamilies(executor: SqlExecutor): StoreFamilies {
  return {
    pages: new SqlPageStore(executor),
    files: new SqlFileStore(executor),
    links: new SqlLinkStore(executor),
    categories: new SqlCategoryStore(executor),
    revisions: new SqlRevisionStore(executor),
    users: new SqlUserStore(executor),
    accounts: new SqlAccountStore(executor),
    watchlist: new SqlWatchlistStore(executor),
    site: new SqlSiteStore(executor),
    logging: new SqlLoggingStore(executor),
    recentChanges: new SqlRecentChangesStore(executor),
    changeTags: new SqlChangeTagStore(executor),
    queryPages: new SqlQueryPageStore(executor),
    search: new SqlSearchStore(executor),
    storedTimestamp: (timestamp, column) => executor.dialect.storedTimestamp(timestamp, column),
  };
}
