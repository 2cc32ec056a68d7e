// The wiki a process serves: its database, the API built over it, its query threads; and the
// next one when the database file is replaced (a fresh `wikiquery import` renames `<db>.tmp`
// over it), picked up by new requests while the requests in flight finish on the old one.
// A wiki in a database server (MariaDB/MySQL, PostgreSQL) has no file to replace and no query
// threads: its queries are awaited, so the event loop is never blocked by them.
import { statSync } from 'node:fs';
import { createApi, type Api } from '../api/api.ts';
import type { QueryModule } from '../api/module.ts';
import { openSqliteStore } from '../store/sqlite/index.ts';
import type { SiteConfig } from '../wiki/site.ts';
import type { ServeOptions } from './options.ts';
import { QueryThreadPool } from './query-threads.ts';
import { StoreBusyError } from '../store/errors.ts';
import type { Store } from '../store/store.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerDatabase } from '../store/server-store.ts';
import type { ServerState } from '../store/replication.ts';
import { openSessions, type OpenedSessions } from './sessions.ts';

export type { ServerDatabase } from '../store/server-store.ts';

/** A SQLite file's path, or a wiki in a database server. */
export type WikiDatabase = string | ServerDatabase;


/** The URL without its password, for logs and the health report. */
export function describeServerDatabase(database: ServerDatabase): string {
  const url = new URL(database.url);
  if (url.password) url.password = '***';
  const replicas = database.replicas?.length ? `${database.replicas.length} replica${database.replicas.length > 1 ? 's' : ''}` : '';
  const where = [database.prefix ? `prefix ${database.prefix}` : '', database.schema ? `schema ${database.schema}` : '', replicas].filter(Boolean).join(', ');
  return where ? `${url.toString()} (${where})` : url.toString();
}

/** One opened database with everything built over it. */
export class WikiGeneration {
  private inFlight = 0;
  private retired = false;
  private closed = false;

  constructor(
    readonly api: Api,
    readonly threads: QueryThreadPool | null,
    readonly openedAt: number,
  ) {}

  get store(): Store {
    return this.api.services.store;
  }

  /** Whether queries can be stopped by a deadline (the SQLite extension could be loaded). */
  get interruptible(): boolean {
    return this.store.control?.interruptible ?? false;
  }

  acquire(): void {
    this.inFlight++;
  }

  release(): void {
    this.inFlight--;
    if (this.retired && this.inFlight === 0) void this.close();
  }

  /** No new requests come here; closes once the last one in flight has finished. */
  retire(): void {
    this.retired = true;
    if (this.inFlight === 0) void this.close();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.threads?.close();
    await this.store.close();
  }
}

export interface DatabaseHealth {
  /** The SQLite file, or the server's URL without its password. */
  path: string;
  /** The database answers (schema and a page row read; for a server, the last periodic check). */
  readable: boolean;
  error?: string;
  /** The file at `path` is not the one being served (deleted, or replaced and not picked up yet). */
  replaced: boolean;
  sizeBytes?: number;
  modified?: string;
  ageSeconds?: number;
  /** When the served database was opened. */
  openedAt: string;
  /** Queries stop at their deadline (false: the time limit cannot interrupt a query). */
  interruptible: boolean;
  interruptUnavailableReason?: string;
  /** How far the interruption reaches, where it is not the whole request. */
  interruptNote?: string;
  /** A primary and its replicas: each server's state and lag. */
  servers?: ServerState[];
}

export class ServedWiki {
  private generation: WikiGeneration;
  private watchTimer: NodeJS.Timeout | null = null;
  private switching = false;
  /** What went wrong with the last replacement that could not be opened, if it is still there. */
  private replacementError: string | undefined;
  /** A server database's answer to the last cheap query (health() cannot wait for one). */
  private serverProbe: { ok: true } | { ok: false; error: string } = { ok: true };
  /** A probe still waiting for a slow server is not joined by another. */
  private probing = false;

  private constructor(
    readonly database: WikiDatabase,
    readonly site: SiteConfig,
    private readonly queryModules: readonly QueryModule[],
    readonly options: ServeOptions,
    first: WikiGeneration,
    private readonly onEvent: (level: 'info' | 'warn' | 'error', message: string) => void,
    /** The wiki's sessions, kept across database replacements. */
    private readonly sessions: OpenedSessions,
  ) {
    this.generation = first;
  }

  /** `queryModules`: the query modules the API answers with (the composition root's choice). */
  static async open(
    database: WikiDatabase,
    site: SiteConfig,
    queryModules: readonly QueryModule[],
    options: ServeOptions,
    onEvent: ServedWiki['onEvent'] = () => {},
  ): Promise<ServedWiki> {
    const sessions = await openSessions(database, site, options);
    let first: WikiGeneration;
    try {
      first = typeof database === 'string'
        ? await openGeneration(database, site, queryModules, options, sessions)
        : await openServerGeneration(database, site, queryModules, options, onEvent, sessions);
    } catch (e) {
      await sessions.close();
      throw e;
    }
    const wiki = new ServedWiki(database, site, queryModules, options, first, onEvent, sessions);
    const control = first.store.control;
    if (control && !control.interruptible) {
      onEvent('warn', `queries cannot be interrupted (${control.interruptUnavailableReason ?? 'unknown reason'}): every request runs on a query thread, and one past the time limit ends its thread`);
    }
    return wiki;
  }

  /** The generation new requests use; call acquire()/release() around a request. */
  current(): WikiGeneration {
    return this.generation;
  }

  /** The SQLite file's path (undefined for a server database). */
  get dbPath(): string | undefined {
    return typeof this.database === 'string' ? this.database : undefined;
  }

  /**
   * Checks now and then whether the database file was replaced, and switches to the new one; for
   * a server database, whether it still answers.
   */
  watch(): void {
    if (this.options.databaseCheckMs <= 0 || this.watchTimer) return;
    const check = typeof this.database === 'string' ? () => void this.checkForReplacement() : () => void this.probeServer();
    this.watchTimer = setInterval(check, this.options.databaseCheckMs);
    this.watchTimer.unref();
  }

  /** A cheap query (site_stats' one row) on a server database; the result is what health() reports. */
  async probeServer(): Promise<boolean> {
    if (this.probing) return this.serverProbe.ok;
    this.probing = true;
    try {
      await this.generation.store.site.stats();
      if (!this.serverProbe.ok) this.onEvent('info', 'the database answers again');
      this.serverProbe = { ok: true };
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      if (this.serverProbe.ok) this.onEvent('error', `the database does not answer (${error})`);
      this.serverProbe = { ok: false, error };
    } finally {
      this.probing = false;
    }
    return this.serverProbe.ok;
  }

  async checkForReplacement(): Promise<boolean> {
    const control = this.generation.store.control;
    const dbPath = this.dbPath;
    if (this.switching || !control || dbPath === undefined || !control.identityChanged()) return false;
    let exists = true;
    try {
      statSync(dbPath);
    } catch {
      exists = false;
    }
    // Deleted: keep serving the file we hold open; the health endpoint says so.
    if (!exists) return false;
    this.switching = true;
    try {
      const next = await openGeneration(dbPath, this.site, this.queryModules, this.options, this.sessions);
      const probe = next.store.control?.probe() ?? { ok: true };
      if (!probe.ok) {
        await next.close();
        if (this.replacementError !== probe.error) this.onEvent('error', `the database at ${dbPath} was replaced by one that cannot be read (${probe.error}); still serving the previous one`);
        this.replacementError = probe.error;
        return false;
      }
      const previous = this.generation;
      this.generation = next;
      this.replacementError = undefined;
      previous.retire();
      this.onEvent('info', `the database at ${dbPath} was replaced: serving the new one`);
      return true;
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (this.replacementError !== reason) this.onEvent('error', `the database at ${dbPath} was replaced but cannot be opened (${reason}); still serving the previous one`);
      this.replacementError = reason;
      return false;
    } finally {
      this.switching = false;
    }
  }

  health(): DatabaseHealth {
    const generation = this.generation;
    if (typeof this.database !== 'string') {
      const servers = generation.store.replication?.servers();
      const out: DatabaseHealth = {
        path: describeServerDatabase(this.database),
        // With replicas, the wiki answers while one of its servers does.
        readable: servers && servers.length > 1 ? servers.some((server) => server.up) : this.serverProbe.ok,
        replaced: false,
        openedAt: new Date(generation.openedAt).toISOString(),
        // A request's queries stop at its time limit; the statement running then is stopped by
        // the server itself (its statement timeout is the time limit too).
        interruptible: true,
      };
      if (servers && servers.length > 1) {
        out.servers = servers;
        if (!out.readable) out.error = 'no database server answers';
      } else if (!this.serverProbe.ok) {
        out.error = this.serverProbe.error;
      }
      return out;
    }
    const dbPath = this.database;
    const control = generation.store.control;
    const probe = control?.probe() ?? { ok: true as const };
    const out: DatabaseHealth = {
      path: dbPath,
      readable: probe.ok,
      replaced: control?.identityChanged() ?? false,
      openedAt: new Date(generation.openedAt).toISOString(),
      interruptible: control?.interruptible ?? false,
    };
    if (!probe.ok) out.error = probe.error;
    else if (this.replacementError) out.error = `replacement not served: ${this.replacementError}`;
    if (control && !control.interruptible) out.interruptUnavailableReason = control.interruptUnavailableReason;
    try {
      const stat = statSync(dbPath);
      out.sizeBytes = stat.size;
      out.modified = stat.mtime.toISOString();
      out.ageSeconds = Math.max(0, Math.round((Date.now() - stat.mtimeMs) / 1000));
    } catch {
      out.error ??= 'the database file is missing (still serving the file opened before)';
    }
    return out;
  }

  async close(): Promise<void> {
    if (this.watchTimer) clearInterval(this.watchTimer);
    this.watchTimer = null;
    await this.generation.close();
    await this.sessions.close();
  }
}

/** At start-up a database locked by another process is waited for this long before giving up. */
const STARTUP_BUSY_WAIT_MS = 60_000;

async function openGeneration(dbPath: string, site: SiteConfig, queryModules: readonly QueryModule[], options: ServeOptions, sessions: OpenedSessions): Promise<WikiGeneration> {
  const store = openSqliteStore(dbPath);
  try {
    const api = await createApiWhenUnlocked(site, store, queryModules, sessions);
    const threads = options.queryThreads > 0 || !store.control?.interruptible
      ? new QueryThreadPool({ dbPath, site, sessions: sessions.thread, size: Math.max(1, options.queryThreads) })
      : null;
    return new WikiGeneration(api, threads, Date.now());
  } catch (e) {
    await store.close();
    throw e;
  }
}

/**
 * A wiki in MariaDB/MySQL or PostgreSQL: its queries are awaited on the event loop, no threads
 * needed, each stopped by the server at the time limit.
 */
async function openServerGeneration(
  database: ServerDatabase, site: SiteConfig, queryModules: readonly QueryModule[], options: ServeOptions, onEvent: ServedWiki['onEvent'], sessions: OpenedSessions,
): Promise<WikiGeneration> {
  const { openServerStore } = await import('../store/server-store.ts');
  // The server stops a statement past the time limit; the store raises StoreInterruptedError for it.
  const store = await openServerStore(database, { statementTimeoutMs: options.timeLimitMs, onEvent });
  try {
    return new WikiGeneration(await createApi(site, store, queryModules, { sessions: sessions.manager }), null, Date.now());
  } catch (e) {
    await store.close();
    throw e;
  }
}

/** The services read a few facts from the database: a lock held by another process is waited out. */
async function createApiWhenUnlocked(site: SiteConfig, store: Store, queryModules: readonly QueryModule[], sessions: OpenedSessions): Promise<Api> {
  const giveUpAt = Date.now() + STARTUP_BUSY_WAIT_MS;
  for (;;) {
    try {
      return await createApi(site, store, queryModules, { sessions: sessions.manager });
    } catch (e) {
      if (!(e instanceof StoreBusyError) || Date.now() > giveUpAt) throw e;
      await sleep(100);
    }
  }
}
