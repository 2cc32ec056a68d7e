// What the pool (query-threads.ts) and a query thread (query-thread.ts) say to each other: a file
// of its own so that the thread's entry file needs nothing from the pool that starts it.
import type { ApiResponse } from '../api/main.ts';
import type { TransferredRequest } from '../api/request.ts';
import type { SiteConfig } from '../wiki/site.ts';
import type { ThreadSessions } from './sessions.ts';

export type ThreadOutcome =
  | { kind: 'answer'; response: ApiResponse; databaseMs: number }
  /** The database was locked by another process: the caller may try again later. */
  | { kind: 'busy' }
  /** The request ran out of time; `ended` when its thread had to be ended to stop it. */
  | { kind: 'timeout'; ended: boolean }
  /** Something went wrong in the thread (a bug): answered as an internal error. */
  | { kind: 'failed'; error: string };

/** Messages between the pool and a thread. */
export type ToThread = { type: 'run'; id: number; request: TransferredRequest; remainingMs: number };
export type FromThread =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'done'; id: number; outcome: ThreadOutcome };

export interface QueryThreadInit {
  dbPath: string;
  site: SiteConfig;
  /** The process's sessions, which the thread opens again for itself. */
  sessions?: ThreadSessions;
}
