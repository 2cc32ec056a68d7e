// The wiki a process serves: its database, the API built over it, its query threads; and the
// next one when the database file is replaced (a fresh `wikiquery import` renames `<db>.tmp`
// over it), picked up by new requests while the requests in flight finish on the old one.
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
  path: string;
  /** The database answers (schema and a page row read). */
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
}

export class ServedWiki {
  private generation: WikiGeneration;
  private watchTimer: NodeJS.Timeout | null = null;
  private switching = false;
  /** What went wrong with the last replacement that could not be opened, if it is still there. */
  private replacementError: string | undefined;

  private constructor(
    readonly dbPath: string,
    readonly site: SiteConfig,
    private readonly queryModules: readonly QueryModule[],
    readonly options: ServeOptions,
    first: WikiGeneration,
    private readonly onEvent: (level: 'info' | 'warn' | 'error', message: string) => void,
  ) {
    this.generation = first;
  }

  /** `queryModules`: the query modules the API answers with (the composition root's choice). */
  static async open(
    dbPath: string,
    site: SiteConfig,
    queryModules: readonly QueryModule[],
    options: ServeOptions,
    onEvent: ServedWiki['onEvent'] = () => {},
  ): Promise<ServedWiki> {
    const first = await openGeneration(dbPath, site, queryModules, options);
    const wiki = new ServedWiki(dbPath, site, queryModules, options, first, onEvent);
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

  /** Checks now and then whether the database file was replaced, and switches to the new one. */
  watch(): void {
    if (this.options.databaseCheckMs <= 0 || this.watchTimer) return;
    this.watchTimer = setInterval(() => void this.checkForReplacement(), this.options.databaseCheckMs);
    this.watchTimer.unref();
  }

  async checkForReplacement(): Promise<boolean> {
    const control = this.generation.store.control;
    if (this.switching || !control || !control.identityChanged()) return false;
    let exists = true;
    try {
      statSync(this.dbPath);
    } catch {
      exists = false;
    }
    // Deleted: keep serving the file we hold open; the health endpoint says so.
    if (!exists) return false;
    this.switching = true;
    try {
      const next = await openGeneration(this.dbPath, this.site, this.queryModules, this.options);
      const probe = next.store.control?.probe() ?? { ok: true };
      if (!probe.ok) {
        await next.close();
        if (this.replacementError !== probe.error) this.onEvent('error', `the database at ${this.dbPath} was replaced by one that cannot be read (${probe.error}); still serving the previous one`);
        this.replacementError = probe.error;
        return false;
      }
      const previous = this.generation;
      this.generation = next;
      this.replacementError = undefined;
      previous.retire();
      this.onEvent('info', `the database at ${this.dbPath} was replaced: serving the new one`);
      return true;
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      if (this.replacementError !== reason) this.onEvent('error', `the database at ${this.dbPath} was replaced but cannot be opened (${reason}); still serving the previous one`);
      this.replacementError = reason;
      return false;
    } finally {
      this.switching = false;
    }
  }

  health(): DatabaseHealth {
    const generation = this.generation;
    const control = generation.store.control;
    const probe = control?.probe() ?? { ok: true as const };
    const out: DatabaseHealth = {
      path: this.dbPath,
      readable: probe.ok,
      replaced: control?.identityChanged() ?? false,
      openedAt: new Date(generation.openedAt).toISOString(),
      interruptible: control?.interruptible ?? false,
    };
    if (!probe.ok) out.error = probe.error;
    else if (this.replacementError) out.error = `replacement not served: ${this.replacementError}`;
    if (control && !control.interruptible) out.interruptUnavailableReason = control.interruptUnavailableReason;
    try {
      const stat = statSync(this.dbPath);
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
  }
}

/** At start-up a database locked by another process is waited for this long before giving up. */
const STARTUP_BUSY_WAIT_MS = 60_000;

async function openGeneration(dbPath: string, site: SiteConfig, queryModules: readonly QueryModule[], options: ServeOptions): Promise<WikiGeneration> {
  const store = openSqliteStore(dbPath);
  try {
    const api = await createApiWhenUnlocked(site, store, queryModules);
    const threads = options.queryThreads > 0 || !store.control?.interruptible
      ? new QueryThreadPool({ dbPath, site, size: Math.max(1, options.queryThreads) })
      : null;
    return new WikiGeneration(api, threads, Date.now());
  } catch (e) {
    await store.close();
    throw e;
  }
}

/** The services read a few facts from the database: a lock held by another process is waited out. */
async function createApiWhenUnlocked(site: SiteConfig, store: Store, queryModules: readonly QueryModule[]): Promise<Api> {
  const giveUpAt = Date.now() + STARTUP_BUSY_WAIT_MS;
  for (;;) {
    try {
      return await createApi(site, store, queryModules);
    } catch (e) {
      if (!(e instanceof StoreBusyError) || Date.now() > giveUpAt) throw e;
      await sleep(100);
    }
  }
}
