// The HTTP front: /wiki/api.php over node:http (GET, POST urlencoded and multipart), nothing else.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import busboy from 'busboy';
import { ApiRequest } from '../api/request.ts';
import { handleApiRequest } from '../api/main.ts';
import { cleanUpInput, decodeBytes } from '../api/input-cleanup.ts';
import type { ApiServices } from '../api/services.ts';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** A parameter name PHP keeps as it is (no NUL, leading space, `[`, `.` or space). */
const PLAIN_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * PHP's rules for request variables: last value wins; `.` and ` ` in names become `_`; `a[...]`
 * makes an array (which the API refuses with a warning); an unclosed `[` becomes `_`.
 */
function addParam(into: RequestValues, rawName: string, value: string, rawBytes?: Uint8Array): void {
  // PHP's names are C strings (cut at NUL) and lose their leading spaces.
  const plain = PLAIN_NAME.test(rawName);
  const name = plain ? rawName : rawName.split('\0', 1)[0].replace(/^ +/, '');
  const bracket = name.indexOf('[');
  const isArray = bracket >= 0 && name.indexOf(']', bracket) > 0;
  const phpName = bracket < 0 ? (plain ? name : name.replace(/[. ]/g, '_')) : `${name.slice(0, bracket).replace(/[. ]/g, '_')}${isArray ? '' : `_${name.slice(bracket + 1)}`}`;
  if (!phpName) return;
  into.order.add(phpName);
  if (isArray) {
    into.values.delete(phpName);
    into.cleaned.delete(phpName);
    into.arrays.add(phpName);
    return;
  }
  into.arrays.delete(phpName);
  const clean = cleanUpInput(value);
  into.values.set(phpName, clean);
  if (clean !== value || rawBytes) {
    into.cleaned.set(phpName, Buffer.from(rawBytes ?? Buffer.from(value, 'utf8')).toString('latin1'));
  } else {
    into.cleaned.delete(phpName);
  }
}

/**
 * Parameter values, the raw bytes (latin1 string) of those that input cleanup changed, names sent
 * as arrays, and every name in the order PHP keeps them (first appearance).
 */
export interface RequestValues {
  values: Map<string, string>;
  cleaned: Map<string, string>;
  arrays: Set<string>;
  order: Set<string>;
}

export function emptyValues(): RequestValues {
  return { values: new Map(), cleaned: new Map(), arrays: new Set(), order: new Set() };
}

/** Parses a query string; `legacyEncoding` reads invalid UTF-8 as windows-1252 (GET values). */
export function parseQueryString(qs: string, into: RequestValues = emptyValues(), legacyEncoding = false): RequestValues {
  if (!qs) return into;
  for (const part of qs.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    const name = decodeComponent(rawName, false).text;
    if (!name) continue;
    const value = decodeComponent(rawValue, legacyEncoding);
    addParam(into, name, value.text, value.invalidBytes);
  }
  return into;
}

function percentDecodeBytes(s: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25 && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === 0x2b) {
      out.push(0x20);
    } else if (c < 0x80) {
      out.push(c);
    } else {
      const cp = s.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      out.push(...Buffer.from(ch, 'utf8'));
      i += ch.length - 1;
    }
  }
  return Uint8Array.from(out);
}

/** Decoded text; `invalidBytes` holds the raw bytes when they were not valid UTF-8. */
function decodeComponent(s: string, legacyEncoding: boolean): { text: string; invalidBytes?: Uint8Array } {
  if (!/[%+]/.test(s)) return { text: s };
  // The common case, ASCII with well-formed escapes of valid UTF-8, decodes natively;
  // decodeURIComponent throws wherever the byte-wise path below has something to repair.
  if (ASCII.test(s)) {
    try {
      const text = decodeURIComponent(s.replaceAll('+', ' '));
      // TextDecoder drops a leading byte order mark; let it.
      if (text.charCodeAt(0) !== 0xfeff) return { text };
    } catch {
      // malformed escape or invalid UTF-8
    }
  }
  return decodeBytes(percentDecodeBytes(s), legacyEncoding);
}

const ASCII = /^[\x00-\x7f]*$/;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Like PHP, a malformed multipart body (no boundary, wrong boundary, cut short) yields the
 * fields read before the damage and nothing else; it is not an error.
 */
function readMultipart(req: IncomingMessage, into: RequestValues): Promise<void> {
  return new Promise((resolve) => {
    const giveUp = () => {
      req.resume();
      resolve();
    };
    let bb: ReturnType<typeof busboy>;
    try {
      bb = busboy({ headers: req.headers, limits: { fieldSize: MAX_BODY_BYTES, files: 0 } });
    } catch {
      giveUp();
      return;
    }
    bb.on('field', (name, value) => addParam(into, name, value));
    bb.on('close', () => resolve());
    bb.on('error', () => {
      req.unpipe(bb);
      giveUp();
    });
    req.pipe(bb);
  });
}

function headerMap(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

async function toApiRequest(req: IncomingMessage): Promise<ApiRequest> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const values = parseQueryString(q < 0 ? '' : url.slice(q + 1), emptyValues(), true);
  if (req.method === 'POST') {
    // PHP reads parameters only from these two body types; any other body (JSON, text, none
    // declared) is not parameters.
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type === 'multipart/form-data') await readMultipart(req, values);
    else if (type === 'application/x-www-form-urlencoded') parseQueryString((await readBody(req)).toString('utf8'), values);
    else req.resume();
  }
  return new ApiRequest(req.method ?? 'GET', values.values, headerMap(req), req.socket.remoteAddress ?? '127.0.0.1', url, values.cleaned, values.arrays, [...values.order]);
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer, head: boolean): void {
  res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
  res.end(head ? undefined : body);
}

export function createApiServer(services: ApiServices, log: (line: string) => void = () => {}): Server {
  const apiPath = `${services.site.scriptPath}/api.php`;
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== apiPath) {
      send(res, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, `Not found: only ${apiPath} is served here.\n`, req.method === 'HEAD');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'HEAD') {
      send(res, 405, { Allow: 'GET, POST, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, 'Method not allowed\n', false);
      return;
    }
    toApiRequest(req)
      .then((apiReq) => handleApiRequest(services, apiReq))
      .then((answer) => send(res, answer.status, answer.headers, answer.body, req.method === 'HEAD'))
      .catch((err: unknown) => {
        log(`request failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
        if (!res.headersSent) send(res, 400, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Bad request\n', false);
      });
  });
}
