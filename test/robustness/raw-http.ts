// Raw HTTP exchanges for robustness tests: exact bytes out, status/headers/body back, a hang cut off.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

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

/** Bytes sent over one connection exactly as given: what no HTTP client library would send. */
export interface WireExchange {
  /** One socket write each. */
  writes: Buffer[];
  /** Before each write after the first, wait (up to a second) for an interim 100 Continue or an answer, as an Expect: 100-continue client does. */
  awaitContinue?: boolean;
  /** Half-close after the last write: no more bytes will come, which the server may read as the end of a request. */
  endAfterWriting?: boolean;
  /** Answers that, like those to HEAD, have no body whatever their headers say, by position. */
  headAnswers?: readonly number[];
  /** The exchange is over once this many final answers arrived, or the last of them says Connection: close and the server closed. */
  expectedAnswers: number;
}

export interface WireResult {
  /** 1xx answers, in order. */
  interim: number[];
  answers: RawAnswer[];
  /**
   * answered: all the expected answers came and the connection stayed usable; closed: the server
   * closed (FIN) after what it sent; reset: the connection was reset; timeout: the server neither
   * answered nor closed in time.
   */
  ending: 'answered' | 'closed' | 'reset' | 'timeout';
  /** Why the bytes after the last whole answer are not an HTTP answer, if they are not. */
  malformed: string | null;
  elapsedMs: number;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: [\t\x20-\x7e\x80-\xff]*)?$/;

type Parsed = { answer: RawAnswer; end: number } | { incomplete: true } | { malformed: string };

/** One HTTP/1.1 answer at `at`: status line, header fields, and a body framed by Content-Length, chunks, or the close. */
export function parseAnswer(bytes: Buffer, at: number, head: boolean, closed: boolean): Parsed {
  const headEnd = bytes.indexOf('\r\n\r\n', at, 'latin1');
  if (headEnd < 0) {
    if (closed) return { malformed: `cut off in the header (${JSON.stringify(bytes.toString('latin1', at, at + 80))})` };
    return bytes.length - at > 256 * 1024 ? { malformed: 'an answer header over 256 KB' } : { incomplete: true };
  }
  const [statusLine, ...fields] = bytes.toString('latin1', at, headEnd).split('\r\n');
  const status = STATUS_LINE.exec(statusLine);
  if (!status) return { malformed: `bad status line ${JSON.stringify(statusLine.slice(0, 80))}` };
  const headers: Record<string, string | string[] | undefined> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    const name = field.slice(0, colon);
    if (colon <= 0 || !TOKEN.test(name) || /[\r\n\0]/.test(field)) return { malformed: `bad header field ${JSON.stringify(field.slice(0, 80))}` };
    const key = name.toLowerCase();
    const value = field.slice(colon + 1).trim();
    const before = headers[key];
    headers[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  const code = Number(status[1]);
  const bodyStart = headEnd + 4;
  const done = (body: Buffer, end: number): Parsed => ({ answer: { status: code, headers, body: body.toString('utf8') }, end });
  if (head || code < 200 || code === 204 || code === 304) return done(Buffer.alloc(0), bodyStart);
  const encoding = headers['transfer-encoding'];
  const length = headers['content-length'];
  if (encoding !== undefined) {
    if (length !== undefined) return { malformed: 'both Transfer-Encoding and Content-Length' };
    if (String(encoding).toLowerCase() !== 'chunked') return { malformed: `Transfer-Encoding ${JSON.stringify(encoding)}` };
    return parseChunked(bytes, bodyStart, closed, done);
  }
  if (length !== undefined) {
    if (Array.isArray(length) || !/^\d{1,15}$/.test(length)) return { malformed: `Content-Length ${JSON.stringify(length)}` };
    const end = bodyStart + Number(length);
    if (bytes.length < end) return closed ? { malformed: `body cut off at ${bytes.length - bodyStart} of ${length} bytes` } : { incomplete: true };
    return done(bytes.subarray(bodyStart, end), end);
  }
  // Without either, the body runs to the close.
  return closed ? done(bytes.subarray(bodyStart), bytes.length) : { incomplete: true };
}

function parseChunked(bytes: Buffer, from: number, closed: boolean, done: (body: Buffer, end: number) => Parsed): Parsed {
  const chunks: Buffer[] = [];
  let at = from;
  const incomplete = (): Parsed => (closed ? { malformed: 'chunked body cut off' } : { incomplete: true });
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at, 'latin1');
    if (lineEnd < 0) return incomplete();
    const sizeText = bytes.toString('latin1', at, lineEnd).split(';')[0].trim();
    if (!/^[0-9a-fA-F]{1,8}$/.test(sizeText)) return { malformed: `bad chunk size ${JSON.stringify(sizeText.slice(0, 40))}` };
    const size = parseInt(sizeText, 16);
    at = lineEnd + 2;
    if (size === 0) {
      // Trailer fields, then the empty line.
      for (;;) {
        const end = bytes.indexOf('\r\n', at, 'latin1');
        if (end < 0) return incomplete();
        if (end === at) return done(Buffer.concat(chunks), end + 2);
        at = end + 2;
      }
    }
    if (bytes.length < at + size + 2) return incomplete();
    chunks.push(bytes.subarray(at, at + size));
    if (bytes.toString('latin1', at + size, at + size + 2) !== '\r\n') return { malformed: 'chunk data not followed by CRLF' };
    at += size + 2;
  }
}

function saysClose(answer: RawAnswer): boolean {
  return /\bclose\b/i.test(String(answer.headers.connection ?? ''));
}

/**
 * Writes the exchange's bytes on a fresh connection and reads answers until the expected ones
 * came, the server closed, or timeoutMs passed. Never rejects: what went wrong is in the result.
 */
export function sendWire(baseUrl: string, exchange: WireExchange, timeoutMs: number): Promise<WireResult> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const interim: number[] = [];
    const answers: RawAnswer[] = [];
    let received: Buffer = Buffer.alloc(0);
    let parsedTo = 0;
    let malformed: string | null = null;
    let finished = false;
    let wakeWriter: (() => void) | null = null;

    const finish = (ending: WireResult['ending']): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      wakeWriter?.();
      resolve({ interim, answers, ending, malformed, elapsedMs: performance.now() - started });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);

    const parse = (closed: boolean): void => {
      while (malformed === null && parsedTo < received.length) {
        const head = exchange.headAnswers?.includes(answers.length) ?? false;
        const parsed = parseAnswer(received, parsedTo, head, closed);
        if ('incomplete' in parsed) return;
        if ('malformed' in parsed) {
          malformed = parsed.malformed;
          return;
        }
        parsedTo = parsed.end;
        if (parsed.answer.status < 200) {
          interim.push(parsed.answer.status);
        } else {
          answers.push(parsed.answer);
        }
        wakeWriter?.();
      }
    };

    socket.on('data', (chunk: Buffer) => {
      received = received.length ? Buffer.concat([received, chunk]) : chunk;
      parse(false);
      if (malformed !== null) return finish('closed');
      const last = answers[answers.length - 1];
      if (answers.length >= exchange.expectedAnswers && !(last && saysClose(last))) finish('answered');
    });
    socket.on('end', () => {
      parse(true);
      finish('closed');
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      parse(true);
      // Writing into a connection the server already answered and closed is not the server's fault.
      finish(e.code === 'ECONNRESET' ? 'reset' : 'closed');
    });
    socket.on('connect', async () => {
      for (let i = 0; i < exchange.writes.length && !finished; i++) {
        if (i > 0 && exchange.awaitContinue && interim.length === 0 && answers.length === 0) {
          await new Promise<void>((wake) => {
            wakeWriter = wake;
            setTimeout(wake, 1000);
          });
          wakeWriter = null;
          if (finished) return;
        }
        if (!socket.write(exchange.writes[i])) await new Promise((drained) => socket.once('drain', drained).once('close', drained));
      }
      if (exchange.endAfterWriting && !finished) socket.end();
    });
  });
}
