// One serving process: the wiki, its HTTP front, its logs and metrics; stopped gracefully.
import { setInternalErrorReporter } from '../api/main.ts';
import { redactUrl } from '../api/redact.ts';
import { apiModulesFor } from '../api/api.ts';
import { isServed } from '../api/actions/action.ts';
import { queryModules } from '../modules/index.ts';
import type { SiteConfig } from '../wiki/site.ts';
import type { ClusterMember } from './cluster.ts';
import { createApiServer } from './http.ts';
import { describeError, droppedStandardStreamWrites, formatEvent, guardStandardStreams, LineWriter, RequestLog } from './logger.ts';
import { ServerMetrics } from './metrics.ts';
import type { ServeOptions } from './options.ts';
import { prepareQueryThreads } from './query-threads.ts';
import { ServedWiki, type WikiDatabase } from './served-wiki.ts';

export interface ServingProcess {
  /** The api.php URL. */
  url: string;
  port: number;
  metrics: ServerMetrics;
  /**
   * Stops accepting, lets requests in flight finish (up to the drain time), closes everything.
   * `idleGraceMs`: how long idle keep-alive connections stay open for a last request.
   */
  close(idleGraceMs?: number): Promise<void>;
}

export interface ServeProcessOptions {
  /** A SQLite file, or a wiki in MariaDB/MySQL or PostgreSQL. */
  db: WikiDatabase;
  site: SiteConfig;
  serve: ServeOptions;
  port: number;
  host: string;
  /** In a cluster: the supervisor's side of things. */
  cluster?: (hooks: { snapshot: () => ReturnType<ServerMetrics['snapshot']>; drain: (reason: string) => void }) => ClusterMember;
  /** Called once the process has drained after a drain request from the cluster or a signal. */
  onDrained?: () => void;
}

const KNOWN_MODULES = new Set(queryModules.map((m) => m.decl.name));
/** The actions the metrics label by name (the others are counted together). */
const SERVED_ACTION_NAMES = [...apiModulesFor(queryModules).actions.values()].filter(isServed).map((a) => a.name);

export async function serveProcess(options: ServeProcessOptions): Promise<ServingProcess> {
  guardStandardStreams();
  const { serve } = options;
  const requestWriter = new LineWriter(serve.logFormat === 'none' ? '-' : serve.logFile);
  const eventWriter = new LineWriter('stderr');
  const eventFormat = serve.logFormat === 'json' ? 'json' : 'text';
  const event = (level: 'info' | 'warn' | 'error', message: string) => eventWriter.write(formatEvent(level, message, { pid: process.pid }, eventFormat));
  setInternalErrorReporter((id, error, url) => event('error', `[${id}] internal error while serving ${redactUrl(url)}: ${describeError(error)}`));

  const metrics = new ServerMetrics({
    isKnownModule: (name) => KNOWN_MODULES.has(name),
    knownActions: SERVED_ACTION_NAMES,
  });
  metrics.logLinesDropped = () => requestWriter.dropped() + eventWriter.dropped() + droppedStandardStreamWrites();

  await prepareQueryThreads();
  const wiki = await ServedWiki.open(options.db, options.site, queryModules, serve, event);
  const requestLog = new RequestLog({ format: serve.logFormat, writer: requestWriter, redact: redactUrl });

  let drained: Promise<void> | null = null;
  const close = (idleGraceMs = 0): Promise<void> =>
    (drained ??= (async () => {
      await server.drain(serve.drainTimeoutMs, idleGraceMs);
      await wiki.close();
      await Promise.all([requestWriter.flush(), eventWriter.flush()]);
    })());

  const member = options.cluster?.({
    snapshot: () => metrics.snapshot(),
    drain: (reason) => {
      if (drained) return;
      event('info', `draining (${reason})`);
      void close(stopGraceMs(serve)).then(() => options.onDrained?.());
    },
  });
  const server = createApiServer(wiki, serve, {
    requestLog,
    metrics,
    event,
    clusterMetrics: member ? () => member.metrics() : undefined,
    workers: member ? () => member.workers() : undefined,
  });
  metrics.connections = () => server.stats().open;
  const port = await server.listen(options.port, options.host);
  wiki.watch();
  return { url: `http://${options.host}:${port}${options.site.scriptPath}/api.php`, port, metrics, close };
}

/**
 * A stopping worker keeps idle keep-alive connections until their keep-alive timeout, as it would
 * have anyway: a client's next request gets its answer (with `Connection: close`), and clients
 * that follow the advertised `Keep-Alive: timeout` close first, instead of a close racing a
 * request on the wire. Node closes idle connections a second after the advertised timeout.
 */
export function stopGraceMs(serve: ServeOptions): number {
  return serve.connections.keepAliveTimeoutMs + 1_000;
}
