// Where this process keeps the wiki's sessions (src/store/sessions) and the secret that signs
// them: the config's `sessions` section, else a SQLite file beside the wiki's database (in the
// temporary directory when that one cannot be written), with a secret generated once and kept in
// the store, so that every process using the same store signs alike.
import { accessSync, constants, statSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { SessionManager } from '../api/session/sessions.ts';
import { cookiePrefixOf } from '../api/session/cookies.ts';
import { stopPasswordThread } from '../api/session/password-check.ts';
import { openSessionStore, type SessionStore, type SessionStoreLocation } from '../store/sessions/open.ts';
import type { SiteConfig } from '../wiki/site.ts';
import type { ServeOptions } from './options.ts';
import type { ServerDatabase } from '../store/server-store.ts';

/** A SQLite file's path, or a wiki in a database server (served-wiki.ts's WikiDatabase). */
type WikiDatabase = string | ServerDatabase;

/** What a query thread needs to open the same sessions. */
export interface ThreadSessions {
  location: SessionStoreLocation;
  secret: string;
  cookiePrefix: string;
}

export interface OpenedSessions {
  manager: SessionManager;
  thread: ThreadSessions;
  close(): Promise<void>;
}

/** Expired sessions and counters are removed this often. */
const PURGE_INTERVAL_MS = 10 * 60_000;
const SECRET_NAME = 'session-signing';

export function sessionStoreLocation(database: WikiDatabase, options: ServeOptions['sessions']): SessionStoreLocation {
  if (options.url) return { url: options.url };
  if (options.path) return { file: options.path };
  const wiki = typeof database === 'string' ? database : database.url;
  if (typeof database === 'string' && writable(dirname(database))) return { file: `${database}.sessions.sqlite` };
  const key = createHash('sha256').update(wiki).digest('hex').slice(0, 12);
  const name = typeof database === 'string' ? basename(database) : 'server';
  return { file: join(tmpdir(), 'wikiquery-sessions', `${name}-${key}.sqlite`) };
}

/**
 * Whether files may be made in the directory. Its write bits are read too: root passes access()
 * everywhere, and a directory without write bits (a read-only fixture) is not to be written to.
 */
function writable(directory: string): boolean {
  try {
    accessSync(directory, constants.W_OK);
    return (statSync(directory).mode & 0o222) !== 0;
  } catch {
    return false;
  }
}

export async function openSessions(database: WikiDatabase, site: SiteConfig, options: ServeOptions): Promise<OpenedSessions> {
  const location = sessionStoreLocation(database, options.sessions);
  const store = await openSessionStore(location);
  try {
    const secret = options.sessions.secret || (await store.secret(SECRET_NAME, randomBytes(32).toString('hex')));
    const thread: ThreadSessions = { location, secret, cookiePrefix: options.sessions.cookiePrefix || cookiePrefixOf(site.dbName, typeof database === 'string' ? '' : database.prefix ?? '') };
    const timer = setInterval(() => void store.purgeExpired().catch(() => {}), PURGE_INTERVAL_MS);
    timer.unref();
    return {
      manager: managerOver(store, thread),
      thread,
      close: async () => {
        clearInterval(timer);
        await stopPasswordThread();
        await store.close();
      },
    };
  } catch (e) {
    await store.close();
    throw e;
  }
}

/** A query thread's own connection to the sessions its process opened. */
export async function openThreadSessions(thread: ThreadSessions): Promise<SessionManager> {
  return managerOver(await openSessionStore(thread.location), thread);
}

function managerOver(store: SessionStore, thread: ThreadSessions): SessionManager {
  return new SessionManager({ store, secret: thread.secret, cookiePrefix: thread.cookiePrefix });
}
