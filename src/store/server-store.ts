// A wiki in MariaDB/MySQL or PostgreSQL as a Store: one server, or a primary and its replicas
// (MediaWiki's $wgDBservers) with reads spread over them by src/store/sql/load-balancer.ts.
import type { Store } from './store.ts';
import { serverKindOf, serverName, type ServerKind } from './server-url.ts';
import { sqlFamilies } from './sql/families.ts';
import type { SqlExecutor } from './sql/executor.ts';
import { DEFAULT_MAX_LAG_SECONDS, LoadBalancedExecutor, type BalancedServer } from './sql/load-balancer.ts';
import { StoreUnavailableError } from './errors.ts';

/** One database server of the wiki. */
export interface DatabaseServerConfig {
  /** mysql:// (or mariadb://) or postgres:// (or postgresql://), the same kind for all servers. */
  url: string;
  /** Share of the reads (MediaWiki's 'load'). Replicas: 1; the primary: 0 when there are replicas. */
  weight?: number;
  /** Its name in dbrepllag (with $wgShowHostnames) and the logs; the URL's host and port by default. */
  name?: string;
  /** Seconds of lag beyond which it takes no reads (MediaWiki's 'max lag', 6 by default). */
  maxLag?: number;
}

/** How replicas measure their lag (MariaDB/MySQL; PostgreSQL standbys always use their replay time). */
export interface LagDetectionConfig {
  /** MediaWiki's lagDetectionMethod: the replication status (default) or a pt-heartbeat table. */
  method?: 'replication-status' | 'pt-heartbeat';
  /** pt-heartbeat's table, `heartbeat.heartbeat` by default. */
  table?: string;
  /** The primary's server_id in that table (its newest row of any server when not given). */
  serverId?: number;
}

/** A wiki in a database server: MediaWiki's $wgDBprefix and, for PostgreSQL, $wgDBmwschema. */
export interface ServerDatabase {
  /** The primary (or the only server). */
  url: string;
  prefix?: string;
  schema?: string;
  /** Replicas of the same data, read instead of the primary. */
  replicas?: DatabaseServerConfig[];
  /** The primary's share of reads (default 0 with replicas, 1 without) and its name. */
  primary?: Omit<DatabaseServerConfig, 'url' | 'maxLag'>;
  lagDetection?: LagDetectionConfig;
  /** How often lags are measured and failed servers tried again (ms); 1000 by default. */
  lagCheckMs?: number;
}

export interface ServerStoreOptions {
  /** Each statement running longer is stopped by the server (StoreInterruptedError). */
  statementTimeoutMs?: number;
  /** Connections per server. */
  connections?: number;
  onEvent?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

const DEFAULT_LAG_CHECK_MS = 1000;
const MONITOR_TIMEOUT_MS = 1000;
/** A server that takes longer to say how far behind it is counts as hung (and is asked again later). */
const MEASURE_TIMEOUT_MS = 2000;

interface OpenedServer {
  executor: SqlExecutor & { close(): Promise<void> };
  /**
   * One connection of its own for lag measurements, which fails within MONITOR_TIMEOUT_MS when the
   * server is gone: the queries' pool would wait its whole acquire timeout first.
   */
  monitor: SqlExecutor & { close(): Promise<void> };
  measureLag(primary: boolean): Promise<number | false>;
  isConnectionFailure(error: unknown): boolean;
}

interface Backend {
  name: 'mysql' | 'postgres';
  /** Facts read from the first server that answers: the version, checks every server must pass. */
  inspect(executor: SqlExecutor): Promise<string>;
  open(url: string): Promise<OpenedServer>;
}

async function backendFor(kind: ServerKind, database: ServerDatabase, options: ServerStoreOptions): Promise<Backend> {
  if (kind === 'mariadb') {
    const [{ MariaDbExecutor, mariaDbFlavour }, replica] = await Promise.all([import('./mariadb/executor.ts'), import('./mariadb/replica.ts')]);
    const detection = database.lagDetection?.method === 'pt-heartbeat'
      ? { method: 'pt-heartbeat' as const, table: database.lagDetection.table ?? 'heartbeat.heartbeat', serverId: database.lagDetection.serverId }
      : { method: 'replication-status' as const };
    const executorOptions = { tablePrefix: database.prefix, statementTimeoutMs: options.statementTimeoutMs, connections: options.connections };
    let flavour: Awaited<ReturnType<typeof mariaDbFlavour>> | undefined;
    return {
      name: 'mysql',
      inspect: async (executor) => String((await executor.get<{ v: string }>('SELECT VERSION() AS v'))!.v),
      open: async (url) => {
        // The statement timeout's variable depends on the flavour, asked once of the first server that answers.
        flavour ??= options.statementTimeoutMs === undefined ? undefined : await mariaDbFlavour(url);
        const executor = new MariaDbExecutor(url, executorOptions, flavour);
        const monitor = new MariaDbExecutor(url, { tablePrefix: database.prefix, connections: 1, acquireTimeoutMs: MONITOR_TIMEOUT_MS });
        return {
          executor,
          monitor,
          measureLag: async (primary) => (primary ? (await monitor.get('SELECT 1'), 0) : replica.mariaDbLag(monitor, detection)),
          isConnectionFailure: replica.isMariaDbConnectionFailure,
        };
      },
    };
  }
  const [{ PostgresExecutor, checkByteOrderCollation }, replica] = await Promise.all([import('./postgres/executor.ts'), import('./postgres/replica.ts')]);
  const executorOptions = { tablePrefix: database.prefix, schema: database.schema, statementTimeoutMs: options.statementTimeoutMs, connections: options.connections };
  return {
    name: 'postgres',
    inspect: async (executor) => {
      await checkByteOrderCollation(executor);
      return String((await executor.get<{ server_version: string }>('SHOW server_version'))!.server_version);
    },
    open: async (url) => {
      // A server that hangs must not keep the pool's connection slots waiting on it.
      const executor = new PostgresExecutor(url, { ...executorOptions, connectTimeoutMs: options.statementTimeoutMs ?? 30_000 });
      const monitor = new PostgresExecutor(url, { tablePrefix: database.prefix, schema: database.schema, connections: 1, connectTimeoutMs: MONITOR_TIMEOUT_MS });
      return { executor, monitor, measureLag: () => replica.postgresLag(monitor), isConnectionFailure: replica.isPostgresConnectionFailure };
    },
  };
}

/**
 * Opens the wiki's servers behind a load balancer (one server alone too: it gives each request
 * its time limit, and a server that stops answering its 503). The first server that answers is
 * inspected (version, collation); a replica that does not answer yet is taken out of rotation
 * until it does, but the primary or a replica must answer now.
 */
export async function openServerStore(database: ServerDatabase, options: ServerStoreOptions = {}): Promise<Store> {
  const kind = serverKindOf(database.url);
  if (!kind) throw new Error(`not a database URL: ${database.url}`);
  for (const replica of database.replicas ?? []) {
    if (serverKindOf(replica.url) !== kind) throw new Error(`replica ${serverName(replica.url, replica.name)} is not a ${kind} URL like the primary's`);
  }
  const backend = await backendFor(kind, database, options);
  const replicas = database.replicas ?? [];
  const configs: (DatabaseServerConfig & { primary: boolean })[] = [
    // Alone, the primary takes every read; with replicas, by default none while one can.
    { url: database.url, name: database.primary?.name, weight: database.primary?.weight ?? (replicas.length > 0 ? 0 : 1), primary: true },
    ...replicas.map((r) => ({ ...r, weight: r.weight ?? 1, primary: false })),
  ];
  const opened: OpenedServer[] = [];
  try {
    for (const config of configs) opened.push(await backend.open(config.url));
  } catch (e) {
    await Promise.all(opened.flatMap((s) => [s.executor.close(), s.monitor.close()]));
    throw e;
  }
  const servers: BalancedServer[] = configs.map((config, i) => ({
    name: serverName(config.url, config.name),
    executor: opened[i]!.executor,
    close: async () => void (await Promise.all([opened[i]!.executor.close(), opened[i]!.monitor.close()])),
    weight: Math.max(0, config.weight ?? 1),
    primary: config.primary,
    maxLagSeconds: config.maxLag ?? DEFAULT_MAX_LAG_SECONDS,
    measureLag: () => opened[i]!.measureLag(config.primary),
    isConnectionFailure: opened[i]!.isConnectionFailure,
  }));
  const lagCheckMs = database.lagCheckMs ?? DEFAULT_LAG_CHECK_MS;
  // A server that hangs rather than refuses: its queries are asked elsewhere after this long.
  const unansweredMs = (options.statementTimeoutMs ?? 30_000) + 1000;
  const balancer = new LoadBalancedExecutor(servers, { lagCheckMs, unansweredMs, measureTimeoutMs: MEASURE_TIMEOUT_MS, onEvent: options.onEvent });
  try {
    await balancer.start();
    const version = await backend.inspect(balancer);
    return {
      backend: backend.name,
      version,
      ...sqlFamilies(balancer),
      replication: balancer,
      runRequest: (work, timeLimitMs) => balancer.runRequest(work, timeLimitMs),
      close: () => balancer.close(),
    };
  } catch (e) {
    await balancer.close();
    if (e instanceof StoreUnavailableError) throw new Error(`none of the wiki's database servers answers: ${e.message}`, { cause: e });
    throw e;
  }
}

/**
 * The config file's `database` section (the same fields as ServerDatabase), checked: a mistake is
 * refused at start-up with its place named, not met by the first request.
 */
export function readServerDatabaseSection(section: unknown): Partial<ServerDatabase> {
  if (section === undefined || section === null) return {};
  const fail = (where: string, what: string): never => {
    throw new Error(`config: database.${where} ${what}`);
  };
  const object = (value: unknown, where: string): Record<string, unknown> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(where, 'must be a mapping');
    return value as Record<string, unknown>;
  };
  const string = (value: unknown, where: string): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') fail(where, 'must be a string');
    return value as string;
  };
  const number = (value: unknown, where: string): number | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(where, 'must be a number >= 0');
    return value as number;
  };
  const url = (value: unknown, where: string): string => {
    const text = string(value, where);
    if (text === undefined || !serverKindOf(text)) fail(where, 'must be a mysql:// or postgres:// URL');
    return text!;
  };
  const s = object(section, '');
  const known = new Set(['url', 'prefix', 'schema', 'replicas', 'primary', 'lagDetection', 'lagCheckMs']);
  for (const key of Object.keys(s)) if (!known.has(key)) fail(key, `is not a setting (${[...known].join(', ')})`);
  const out: Partial<ServerDatabase> = {};
  if (s.url !== undefined) out.url = url(s.url, 'url');
  if (s.prefix !== undefined) out.prefix = string(s.prefix, 'prefix');
  if (s.schema !== undefined) out.schema = string(s.schema, 'schema');
  if (s.lagCheckMs !== undefined) out.lagCheckMs = number(s.lagCheckMs, 'lagCheckMs');
  if (s.primary !== undefined) {
    const p = object(s.primary, 'primary');
    out.primary = { weight: number(p.weight, 'primary.weight'), name: string(p.name, 'primary.name') };
  }
  if (s.replicas !== undefined) {
    if (!Array.isArray(s.replicas)) fail('replicas', 'must be a list');
    out.replicas = (s.replicas as unknown[]).map((entry, i) => {
      const r = typeof entry === 'string' ? { url: entry } : object(entry, `replicas[${i}]`);
      return {
        url: url(r.url, `replicas[${i}].url`),
        weight: number(r.weight, `replicas[${i}].weight`),
        name: string(r.name, `replicas[${i}].name`),
        maxLag: number(r.maxLag, `replicas[${i}].maxLag`),
      };
    });
  }
  if (s.lagDetection !== undefined) {
    const d = object(s.lagDetection, 'lagDetection');
    const method = string(d.method, 'lagDetection.method');
    if (method !== undefined && method !== 'replication-status' && method !== 'pt-heartbeat') fail('lagDetection.method', 'must be replication-status or pt-heartbeat');
    out.lagDetection = { method: method as LagDetectionConfig['method'], table: string(d.table, 'lagDetection.table'), serverId: number(d.serverId, 'lagDetection.serverId') };
  }
  return out;
}
