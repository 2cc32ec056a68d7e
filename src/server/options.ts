// How the server serves: processes, limits, timeouts, logs. Read from the `serve` section of the
// config file and from command-line flags; defaults close to MediaWiki behind Apache and PHP.
import { availableParallelism } from 'node:os';

export interface RequestLimits {
  /** PHP's max_input_vars: variables read from the query string, and again from the body. */
  maxInputVars: number;
  /** PHP's post_max_size: a longer body is answered 413. */
  maxBodyBytes: number;
  /** Apache's LimitRequestLine: a longer request line is answered 414. */
  maxRequestLineBytes: number;
  /** The request's header fields, all together (431 beyond). */
  maxHeaderBytes: number;
  /** Apache's LimitRequestFields (431 beyond). */
  maxHeaderCount: number;
  /**
   * Apache's mod_reqtimeout (header=20-40,MinRate=500 body=20,MinRate=500): the headers must
   * arrive within headerTimeoutMs, extended by each minRate bytes received up to headerTimeoutMaxMs;
   * the body within bodyTimeoutMs, extended the same way without a ceiling.
   */
  headerTimeoutMs: number;
  headerTimeoutMaxMs: number;
  bodyTimeoutMs: number;
  minRateBytesPerSecond: number;
}

export interface ConnectionLimits {
  /** Apache's KeepAliveTimeout: an idle connection is closed after this long. */
  keepAliveTimeoutMs: number;
  /**
   * The connection closes after this many answers (0: never). Apache's MaxKeepAliveRequests is
   * 100; nginx's keepalive_requests 1000, taken here: a new connection every 100 requests cost
   * about 30 µs of CPU per request, client and server together.
   */
  maxRequestsPerConnection: number;
  /** Open connections per process; beyond it idle ones are closed first, then new ones refused. */
  maxConnections: number;
  /** Requests received on one connection and not answered yet; beyond it the connection stops being read. */
  maxPipelined: number;
  /** Apache's Timeout: a client that takes no byte of its answer for this long is disconnected. */
  sendTimeoutMs: number;
}

export interface ServeOptions {
  /** Processes behind the port; 0 serves from this process alone (no supervisor). */
  workers: number;
  /** The longest a request may run (MediaWiki's $wgRequestTimeLimit); its queries are interrupted then. */
  timeLimitMs: number;
  /**
   * Database time a request may spend on a process's event loop; past it the request moves to a
   * query thread, so that one slow request never keeps the others waiting.
   */
  eventLoopBudgetMs: number;
  /** Query threads per process for requests that outgrow the event loop budget. */
  queryThreads: number;
  /** How long a request waits, in total, for a database locked by another process before its error. */
  busyWaitMs: number;
  /** How often the database file is checked for a replacement (a new import renamed over it). */
  databaseCheckMs: number;
  /** SIGTERM/SIGINT: the longest requests in flight may take to finish before the process exits. */
  drainTimeoutMs: number;
  request: RequestLimits;
  connections: ConnectionLimits;
  /** Request log: one line per request, `text` or `json`, or `none`. */
  logFormat: 'text' | 'json' | 'none';
  /** Where the request log goes: `-` is standard output. */
  logFile: string;
  /** Paths of the health and metrics endpoints ('' turns one off). */
  healthPath: string;
  metricsPath: string;
  /**
   * Sessions (the config file's top-level `sessions` section): `url` a MariaDB/MySQL or PostgreSQL
   * database for several machines, or `path` a SQLite file (by default one beside the wiki's
   * database); `secret` signs the session cookies (by default one generated and kept in the
   * store); `cookiePrefix` is $wgCookiePrefix (by default the wiki id).
   */
  sessions: { path: string; url: string; secret: string; cookiePrefix: string };
  /**
   * The wiki's files (docs/files.md): `directory` is $wgUploadDirectory, served under the site's
   * upload path ('' serves no files); `thumbnailCache` is where thumbnails made on request are
   * kept ('' is a folder under the OS temp directory).
   */
  files: { directory: string; thumbnailCache: string };
}

export const DEFAULT_SERVE_OPTIONS: ServeOptions = {
  workers: availableParallelism(),
  timeLimitMs: 30_000,
  eventLoopBudgetMs: 10,
  queryThreads: 2,
  busyWaitMs: 1_000,
  databaseCheckMs: 1_000,
  drainTimeoutMs: 30_000,
  request: {
    maxInputVars: 1000,
    maxBodyBytes: 8 * 1024 * 1024,
    maxRequestLineBytes: 8190,
    maxHeaderBytes: 16 * 1024,
    maxHeaderCount: 100,
    headerTimeoutMs: 20_000,
    headerTimeoutMaxMs: 40_000,
    bodyTimeoutMs: 20_000,
    minRateBytesPerSecond: 500,
  },
  connections: {
    keepAliveTimeoutMs: 5_000,
    maxRequestsPerConnection: 1000,
    maxConnections: 4_096,
    maxPipelined: 8,
    sendTimeoutMs: 60_000,
  },
  logFormat: 'text',
  logFile: '-',
  healthPath: '/health',
  metricsPath: '/metrics',
  sessions: { path: '', url: '', secret: '', cookiePrefix: '' },
  files: { directory: '', thumbnailCache: '' },
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
export type ServeOptionsInput = DeepPartial<ServeOptions>;

/** Options laid over the defaults; unknown keys and wrong types are refused with a message naming them. */
export function resolveServeOptions(...layers: (ServeOptionsInput | undefined)[]): ServeOptions {
  const out = structuredClone(DEFAULT_SERVE_OPTIONS);
  for (const layer of layers) if (layer) merge(out as unknown as Record<string, unknown>, layer as Record<string, unknown>, 'serve');
  return out;
}

function merge(into: Record<string, unknown>, from: Record<string, unknown>, path: string): void {
  for (const [key, value] of Object.entries(from)) {
    if (value === undefined) continue;
    const where = `${path}.${key}`;
    if (!(key in into)) throw new Error(`unknown option ${where}`);
    const current = into[key];
    if (typeof current === 'object' && current !== null) {
      if (typeof value !== 'object' || value === null) throw new Error(`${where} must be an object`);
      merge(current as Record<string, unknown>, value as Record<string, unknown>, where);
    } else if (typeof current === 'number') {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`${where} must be a number >= 0`);
      into[key] = value;
    } else if (typeof value !== typeof current) {
      throw new Error(`${where} must be a ${typeof current}`);
    } else {
      into[key] = value;
    }
  }
  if (path === 'serve' && !['text', 'json', 'none'].includes(into.logFormat as string)) throw new Error('serve.logFormat must be text, json or none');
}
