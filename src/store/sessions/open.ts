// Opens the session store a configuration names.
import { openServerSessionStore } from './server-sessions.ts';
import type { SessionStore, SessionStoreLocation } from './session-store.ts';
import { openSqliteSessionStore } from './sqlite-sessions.ts';

export type { SessionStore, SessionStoreLocation } from './session-store.ts';

export async function openSessionStore(location: SessionStoreLocation): Promise<SessionStore> {
  return 'file' in location ? openSqliteSessionStore(location.file) : openServerSessionStore(location.url);
}
