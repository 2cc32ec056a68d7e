// Raw HTTP exchanges for robustness tests: exact bytes out, status/headers/body back, a hang cut off.
import { request as httpRequest } from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query string, sent as given (no re-encoding). */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request that got no complete answer in time: the server hung, or dropped the connection. */
export class NoAnswer extends Error {}

export function sendRaw(baseUrl: string, req: RawRequest, timeoutMs: number): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body) headers['Content-Length'] = req.body.length;
    const outgoing = httpRequest({ host: hostname, port, method: req.method, path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', (e) => fail(e.message));
    });
    const fail = (why: string) => {
      clearTimeout(timer);
      outgoing.destroy();
      reject(new NoAnswer(why));
    };
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    outgoing.on('error', (e) => fail(e.message));
    outgoing.end(req.body);
  });
}

/** A curl command line that replays the request (long values shortened for reading). */
export function replayCommand(baseUrl: string, req: RawRequest, maxLength = 600): string {
  const origin = new URL(baseUrl).origin;
  const parts = [`curl -sS -X ${req.method}`];
  for (const [k, v] of Object.entries(req.headers ?? {})) parts.push(`-H ${shellQuote(`${k}: ${v}`)}`);
  if (req.body) parts.push(`--data-binary ${shellQuote(shorten(req.body.toString('latin1'), maxLength))}`);
  parts.push(shellQuote(origin + shorten(req.path, maxLength)));
  return parts.join(' ');
}

function shorten(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}…[${s.length - max} more characters]`;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
