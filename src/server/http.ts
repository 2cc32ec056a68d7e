// The HTTP front of one process: /wiki/api.php (GET, POST urlencoded and multipart), the health
// and metrics endpoints, the wiki's files when it has them (files.ts), nothing else. Connections
// and their limits are connections.ts's; reading a request is request-reader.ts's; where it runs
// is execute.ts's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRequest } from '../api/request.ts';
import { redactUrl } from '../api/redact.ts';
import { createHttpServer, type ManagedServer } from './connections.ts';
import { RequestExecutor } from './execute.ts';
import { FileServer } from './files.ts';
import { describeError, type RequestLog } from './logger.ts';
import type { ServerMetrics } from './metrics.ts';
import type { ServeOptions } from './options.ts';
import { ClientGoneError, HttpError, readApiRequest } from './request-reader.ts';
import type { ServedWiki } from './served-wiki.ts';

export interface ServerOperations {
  requestLog: RequestLog;
  metrics: ServerMetrics;
  event(level: 'info' | 'warn' | 'error', message: string): void;
  /** In a cluster: every worker's metrics summed by the supervisor (null when it does not answer). */
  clusterMetrics?: () => Promise<string | null>;
  /** In a cluster: the workers serving, as the supervisor last said. */
  workers?: () => { count: number; restarts: number };
}

const TEXT = 'text/plain; charset=utf-8';
const MODULE_PARAMS = ['list', 'prop', 'meta', 'generator'] as const;

export function createApiServer(wiki: ServedWiki, options: ServeOptions, ops: ServerOperations): ManagedServer {
  const apiPath = `${wiki.site.scriptPath}/api.php`;
  const executor = new RequestExecutor(wiki, options);
  const files = options.files.directory ? new FileServer({ ...options.files, uploadPath: wiki.site.uploadPath }, wiki) : null;
  const startedAt = Date.now();
  let inFlight = 0;

  const server: ManagedServer = createHttpServer(
    options,
    async (req: IncomingMessage, res: ServerResponse) => {
      const started = performance.now();
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      const head = req.method === 'HEAD';

      if (options.healthPath && path === options.healthPath) {
        const health = healthReport();
        send(res, health.ok ? 200 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }, `${JSON.stringify(health.body, null, 1)}\n`, head);
        return;
      }
      if (options.metricsPath && path === options.metricsPath) {
        const text = (await ops.clusterMetrics?.()) ?? ops.metrics.render();
        send(res, 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store' }, text, head);
        return;
      }
      if (files?.handles(path)) {
        const answer = await files.serve(req, res, path);
        ops.requestLog.record({ time: Date.now(), client: clientOf(req), method: req.method ?? '?', url, status: answer.status, bytes: answer.bytes, durationMs: performance.now() - started });
        return;
      }
      if (path !== apiPath) {
        answerPlain(req, res, 404, `Not found: only ${apiPath} is served here.\n`, started);
        return;
      }
      // OPTIONS is a CORS preflight, which the API answers as MediaWiki does.
      if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
        answerPlain(req, res, 405, 'Method not allowed\n', started, { Allow: 'GET, POST, HEAD, OPTIONS' });
        return;
      }

      inFlight++;
      ops.metrics.requestStarted();
      let request: ApiRequest | undefined;
      try {
        try {
          request = await readApiRequest(req, options.request);
        } catch (e) {
          if (e instanceof ClientGoneError) return;
          if (e instanceof HttpError) {
            ops.metrics.refused(String(e.status));
            answerPlain(req, res, e.status, `${e.message}\n`, started, { Connection: 'close' });
            return;
          }
          throw e;
        }
        const executed = await executor.execute(request);
        const { response } = executed;
        const headers = response.setCookies?.length ? { ...response.headers, 'Set-Cookie': response.setCookies } : response.headers;
        const bytes = send(res, response.status, headers, response.body, head);
        const durationMs = performance.now() - started;
        const action = request.peek('action') ?? 'help';
        const modules = moduleNames(request);
        const errorCode = response.headers['MediaWiki-API-Error'];
        ops.metrics.requestFinished({ action, modules, status: response.status, durationMs, databaseMs: executed.databaseMs, timedOut: executed.timedOut, metBusy: executed.metBusy, onThread: executed.lane === 'thread' });
        ops.requestLog.record({ time: Date.now(), client: clientOf(req), method: req.method ?? 'GET', url, status: response.status, bytes, durationMs, action, modules, errorCode });
      } finally {
        inFlight--;
        ops.metrics.requestEnded();
      }
    },
    {
      onError: (error: unknown, req: IncomingMessage) => {
        ops.event('error', `request failed: ${describeError(error)} (${req.method} ${redactUrl(req.url ?? '/')})`);
      },
    },
  );

  function healthReport(): { ok: boolean; body: Record<string, unknown> } {
    const database = wiki.health();
    const body: Record<string, unknown> = {
      status: database.readable ? (database.replaced || database.error ? 'degraded' : 'ok') : 'failing',
      pid: process.pid,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      requestsInFlight: inFlight,
      connections: server.stats(),
      database,
    };
    const workers = ops.workers?.();
    if (workers) body.workers = workers;
    return { ok: database.readable, body };
  }

  function answerPlain(req: IncomingMessage, res: ServerResponse, status: number, text: string, started: number, headers: Record<string, string> = {}): void {
    const bytes = send(res, status, { 'Content-Type': TEXT, ...headers }, text, req.method === 'HEAD');
    ops.requestLog.record({ time: Date.now(), client: clientOf(req), method: req.method ?? '?', url: req.url ?? '/', status, bytes, durationMs: performance.now() - started });
  }

  return server;
}

/** Writes the answer (a header given as a list is sent once per value: Set-Cookie); the number of body bytes sent (0 when the client is gone). */
function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: string | Buffer, head: boolean): number {
  if (res.destroyed || res.headersSent) return 0;
  const length = Buffer.byteLength(body);
  res.writeHead(status, { ...headers, 'Content-Length': length });
  res.end(head ? undefined : body);
  return head ? 0 : length;
}

/** The modules a request names, for metrics and the log: `allpages,info`. */
function moduleNames(request: ApiRequest): string {
  const names: string[] = [];
  for (const param of MODULE_PARAMS) {
    const value = request.peek(param);
    if (value) for (const name of value.split(value.charCodeAt(0) === 0x1f ? '\x1f' : '|')) if (name) names.push(name);
  }
  return names.sort().join(',');
}

function clientOf(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? '-';
}
