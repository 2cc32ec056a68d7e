// Logging that never takes the server down: a full disk, a closed pipe or a stuck reader loses log
// lines (counted), never requests. Request lines and server events are one line each, so a request
// can never forge a line of its own and a grep finds whole records.
import fs from 'node:fs';

export type LogFormat = 'text' | 'json' | 'none';
export type EventLevel = 'info' | 'warn' | 'error';

/** The two calls LineWriter makes; tests replace them to play partial writes and errors. */
export interface LineWriterFileSystem {
  write(fd: number, buffer: Buffer, offset: number, length: number, done: (err: NodeJS.ErrnoException | null, bytesWritten: number) => void): void;
  close(fd: number, done: (err: NodeJS.ErrnoException | null) => void): void;
}

export interface LineWriterOptions {
  /** Bytes queued and in flight together; lines beyond it are dropped (and counted). */
  maxPendingBytes?: number;
  fileSystem?: LineWriterFileSystem;
}

const NODE_FILE_SYSTEM: LineWriterFileSystem = {
  write: (fd, buffer, offset, length, done) => fs.write(fd, buffer, offset, length, null, done),
  close: (fd, done) => fs.close(fd, done),
};

const DEFAULT_MAX_PENDING_BYTES = 4 * 1024 * 1024;
/** POSIX PIPE_BUF on Linux: a pipe write no longer than this is never interleaved with another process's. */
const PIPE_ATOMIC_BYTES = 4096;
/** A reader that keeps a non-blocking pipe full this long in a row costs us the batch, not our memory. */
const TRY_AGAIN_GIVE_UP_MS = 2_000;
const TRY_AGAIN_FIRST_DELAY_MS = 2;
const TRY_AGAIN_MAX_DELAY_MS = 100;
const DEFAULT_FLUSH_TIMEOUT_MS = 5_000;
const NEWLINE = 0x0a;

/**
 * Lines to standard output, standard error or a file (opened for append), written asynchronously
 * one batch at a time. write() never throws and never blocks: a failed batch is dropped and counted.
 */
export class LineWriter {
  readonly target: string;
  readonly #fd: number;
  readonly #ownsFd: boolean;
  readonly #maxPendingBytes: number;
  readonly #fileSystem: LineWriterFileSystem;
  /** Bytes per write() call: pipe and socket readers shared by several processes must get whole lines. */
  readonly #writeLimit: number;
  #queue: string[] = [];
  #queuedBytes = 0;
  #batch: Buffer | null = null;
  #batchOffset = 0;
  #batchStartScheduled = false;
  #tryAgainSince = 0;
  #tryAgainDelayMs = TRY_AGAIN_FIRST_DELAY_MS;
  #dropped = 0;
  #closed = false;
  #fdClosed = false;
  #idleWaiters: (() => void)[] = [];

  /**
   * target: '-' for standard output, '2' or 'stderr' for standard error, a file path (opened for
   * append; an unusable path throws here, at start-up, not later), or an open file descriptor.
   */
  constructor(target: string | number, options: LineWriterOptions = {}) {
    this.#maxPendingBytes = options.maxPendingBytes ?? DEFAULT_MAX_PENDING_BYTES;
    this.#fileSystem = options.fileSystem ?? NODE_FILE_SYSTEM;
    if (typeof target === 'number') {
      this.target = `fd ${target}`;
      this.#fd = target;
      this.#ownsFd = false;
    } else if (target === '-') {
      this.target = 'stdout';
      this.#fd = 1;
      this.#ownsFd = false;
    } else if (target === '2' || target === 'stderr') {
      this.target = 'stderr';
      this.#fd = 2;
      this.#ownsFd = false;
    } else {
      this.target = target;
      this.#fd = fs.openSync(target, 'a');
      this.#ownsFd = true;
    }
    this.#writeLimit = isPipeOrSocket(this.#fd) ? PIPE_ATOMIC_BYTES : Infinity;
  }

  /** Queues one line (a newline is added); dropped and counted when the queue is full or the writer closed. */
  write(line: string): void {
    if (this.#closed) {
      this.#dropped++;
      return;
    }
    const bytes = Buffer.byteLength(line) + 1;
    if (this.#queuedBytes + (this.#batch ? this.#batch.length - this.#batchOffset : 0) + bytes > this.#maxPendingBytes) {
      this.#dropped++;
      return;
    }
    this.#queue.push(line);
    this.#queuedBytes += bytes;
    if (!this.#batch && !this.#batchStartScheduled) {
      // Lines written in the same turn of the event loop leave together, in one system call.
      this.#batchStartScheduled = true;
      setImmediate(() => {
        this.#batchStartScheduled = false;
        this.#startBatch();
      });
    }
  }

  /** Lines lost so far: write errors, a full queue, writes after close(). */
  dropped(): number {
    return this.#dropped;
  }

  /** Resolves once everything queued is written or dropped, or after timeoutMs whatever the state. */
  flush(timeoutMs = DEFAULT_FLUSH_TIMEOUT_MS): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(finish, timeoutMs);
      function finish(): void {
        clearTimeout(timer);
        resolve();
      }
      this.#idleWaiters.push(finish);
    });
  }

  /** Stops taking lines; what is queued still goes out, then a file this writer opened is closed. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#isIdle()) this.#closeFd();
  }

  #isIdle(): boolean {
    return !this.#batch && this.#queue.length === 0;
  }

  #startBatch(): void {
    if (this.#batch) return;
    if (this.#queue.length === 0) {
      this.#becameIdle();
      return;
    }
    const lines = this.#queue;
    this.#queue = [];
    this.#queuedBytes = 0;
    lines.push('');
    this.#batch = Buffer.from(lines.join('\n'));
    this.#batchOffset = 0;
    this.#writeSome();
  }

  #writeSome(): void {
    const batch = this.#batch!;
    const offset = this.#batchOffset;
    let length = batch.length - offset;
    if (length > this.#writeLimit) {
      const lastNewline = batch.lastIndexOf(NEWLINE, offset + this.#writeLimit - 1);
      // A single line longer than the limit goes out whole: split, it could interleave anyway.
      length = (lastNewline >= offset ? lastNewline : batch.indexOf(NEWLINE, offset)) + 1 - offset;
    }
    try {
      this.#fileSystem.write(this.#fd, batch, offset, length, (err, bytesWritten) => this.#afterWrite(err, bytesWritten));
    } catch (err) {
      // Argument errors are thrown rather than reported; they lose the batch all the same.
      this.#afterWrite(err as NodeJS.ErrnoException, 0);
    }
  }

  #afterWrite(err: NodeJS.ErrnoException | null, bytesWritten: number): void {
    const batch = this.#batch!;
    if (!err && bytesWritten > 0) {
      this.#tryAgainSince = 0;
      this.#tryAgainDelayMs = TRY_AGAIN_FIRST_DELAY_MS;
      this.#batchOffset += bytesWritten;
      if (this.#batchOffset < batch.length) this.#writeSome();
      else this.#finishBatch();
      return;
    }
    // Standard output shared with Node's own stream is non-blocking: a full pipe says "try again"
    // (or writes nothing), which is a slow reader, not a failure, until it lasts too long.
    const tryAgain = !err || err.code === 'EAGAIN' || err.code === 'EWOULDBLOCK';
    const now = Date.now();
    if (tryAgain && (this.#tryAgainSince === 0 || now - this.#tryAgainSince < TRY_AGAIN_GIVE_UP_MS)) {
      if (this.#tryAgainSince === 0) this.#tryAgainSince = now;
      setTimeout(() => this.#writeSome(), this.#tryAgainDelayMs);
      this.#tryAgainDelayMs = Math.min(this.#tryAgainDelayMs * 2, TRY_AGAIN_MAX_DELAY_MS);
      return;
    }
    this.#tryAgainSince = 0;
    this.#tryAgainDelayMs = TRY_AGAIN_FIRST_DELAY_MS;
    this.#dropped += countNewlines(batch, this.#batchOffset);
    this.#finishBatch();
  }

  #finishBatch(): void {
    this.#batch = null;
    this.#batchOffset = 0;
    if (this.#queue.length > 0) this.#startBatch();
    else this.#becameIdle();
  }

  #becameIdle(): void {
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
    if (this.#closed) this.#closeFd();
  }

  #closeFd(): void {
    if (!this.#ownsFd || this.#fdClosed) return;
    this.#fdClosed = true;
    try {
      this.#fileSystem.close(this.#fd, () => {});
    } catch {
      // Nothing is left to lose.
    }
  }
}

function isPipeOrSocket(fd: number): boolean {
  try {
    const stat = fs.fstatSync(fd);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}

function countNewlines(buffer: Buffer, from: number): number {
  let count = 0;
  for (let at = buffer.indexOf(NEWLINE, from); at >= 0; at = buffer.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

let standardStreamsGuarded = false;
let standardStreamErrors = 0;

/**
 * Makes console.log, console.error and process.stdout/stderr.write harmless when the stream fails
 * (a full disk, a closed pipe): without a listener, Node turns the stream's 'error' into an uncaught
 * exception. Permanent and idempotent. After its first error Node discards a stream's later writes
 * silently, so the count is of failures, a lower bound on the lines lost.
 */
export function guardStandardStreams(): void {
  if (standardStreamsGuarded) return;
  standardStreamsGuarded = true;
  const countError = (): void => {
    standardStreamErrors++;
  };
  process.stdout.on('error', countError);
  process.stderr.on('error', countError);
}

/** Errors seen on process.stdout and process.stderr since guardStandardStreams(). */
export function droppedStandardStreamWrites(): number {
  return standardStreamErrors;
}

export interface RequestLogEntry {
  /** When the request arrived. */
  time: Date | number;
  client: string;
  method: string;
  /** Path and query string as received; redacted before it is written. */
  url: string;
  status: number;
  /** Bytes of the answer's body. */
  bytes: number;
  durationMs: number;
  action?: string;
  /** The request's list/prop/meta/generator names. */
  modules?: string;
  /** The API error code of the answer, if it was one. */
  errorCode?: string;
  worker?: number;
}

export interface RequestLogOptions {
  format: LogFormat;
  writer: LineWriter;
  /** Hides secrets (passwords, tokens) in a path with its query string. */
  redact: (pathWithQuery: string) => string;
}

/** One line per request, in the text or JSON form of formatRequestLine(), or nothing for 'none'. */
export class RequestLog {
  readonly format: LogFormat;
  readonly #writer: LineWriter;
  readonly #redact: (pathWithQuery: string) => string;

  constructor(options: RequestLogOptions) {
    this.format = options.format;
    this.#writer = options.writer;
    this.#redact = options.redact;
  }

  /** False for 'none': the caller can skip gathering an entry. */
  get enabled(): boolean {
    return this.format !== 'none';
  }

  record(entry: RequestLogEntry): void {
    if (this.format === 'none') return;
    let line: string;
    try {
      line = formatRequestLine(entry, this.format, this.#redact);
    } catch {
      // A throwing redact() or a malformed entry costs its line, never the request.
      this.#writer.write(formatEvent('error', 'request log entry could not be formatted', { url: safeString(entry?.url) }, this.format));
      return;
    }
    this.#writer.write(line);
  }
}

/**
 * Text, fields separated by single spaces, in this order:
 *
 *   time client "METHOD url" status bytes durationms [action=…] [modules=…] [error=…] [worker=…]
 *   2026-11-25T19:44:40.123Z 127.0.0.1 "GET /wiki/api.php?action=query&list=allpages" 200 1234 0.53ms action=query modules=allpages
 *
 * time is ISO 8601 UTC with milliseconds; the URL is redacted and quoted; the duration has two
 * decimals. In the quoted URL and in any value, `"` and `\` are backslash-escaped and control
 * characters (C0, DEL, C1, U+2028, U+2029) become \n, \r, \t, \xHH or \uHHHH, so every request is
 * exactly one line. A value with a space, quote or backslash is quoted; an empty one is left out.
 *
 * JSON: one object per line with the entry's own field names (time as ISO text, url redacted,
 * durationMs rounded to microseconds), absent fields left out.
 */
export function formatRequestLine(entry: RequestLogEntry, format: 'text' | 'json', redact: (pathWithQuery: string) => string): string {
  const time = isoTime(entry.time);
  const url = redact(entry.url);
  if (format === 'json') {
    const record: Record<string, string | number> = {
      time,
      client: entry.client,
      method: entry.method,
      url,
      status: entry.status,
      bytes: entry.bytes,
      durationMs: Math.round(entry.durationMs * 1000) / 1000,
    };
    if (entry.action) record.action = entry.action;
    if (entry.modules) record.modules = entry.modules;
    if (entry.errorCode) record.errorCode = entry.errorCode;
    if (entry.worker !== undefined) record.worker = entry.worker;
    return JSON.stringify(record);
  }
  let line = `${time} ${bareOrQuoted(entry.client)} "${escapeLogText(entry.method)} ${escapeLogText(url)}" ${entry.status} ${entry.bytes} ${entry.durationMs.toFixed(2)}ms`;
  if (entry.action) line += ` action=${bareOrQuoted(entry.action)}`;
  if (entry.modules) line += ` modules=${bareOrQuoted(entry.modules)}`;
  if (entry.errorCode) line += ` error=${bareOrQuoted(entry.errorCode)}`;
  if (entry.worker !== undefined) line += ` worker=${entry.worker}`;
  return line;
}

/**
 * A server event (start, a worker's death, an internal error) as one line: text
 * `time level message key=value…` (values quoted and escaped as in request lines), or a JSON object
 * {time, level, message, …fields}. An Error among the fields becomes describeError()'s one line.
 */
export function logEvent(writer: LineWriter, level: EventLevel, message: string, fields?: Record<string, unknown>, format: 'text' | 'json' = 'text'): void {
  writer.write(formatEvent(level, message, fields, format === 'json' ? 'json' : 'text'));
}

export function formatEvent(level: EventLevel, message: string, fields: Record<string, unknown> | undefined, format: LogFormat): string {
  const time = isoTime(Date.now());
  if (format === 'json') {
    const record: Record<string, unknown> = { time, level, message: safeString(message) };
    for (const [key, value] of Object.entries(fields ?? {})) {
      const fieldValue = jsonFieldValue(value);
      if (fieldValue !== undefined) record[key in record ? `field_${key}` : key] = fieldValue;
    }
    try {
      return JSON.stringify(record);
    } catch {
      return JSON.stringify({ time, level, message: safeString(message) });
    }
  }
  let line = `${time} ${level} ${escapeLogText(safeString(message))}`;
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (value === undefined) continue;
    line += ` ${key.replace(UNSAFE_KEY, '_') || '_'}=${bareOrQuoted(textFieldValue(value))}`;
  }
  return line;
}

/**
 * An error in one line: its class, message and code, and where it was thrown (the first frame of
 * its stack), e.g. `TypeError: x is not a function at handle (file:///…/main.ts:12:3)`.
 */
export function describeError(err: unknown): string {
  try {
    if (!(err instanceof Error)) return safeString(err);
    const className = err.name !== 'Error' ? err.name : (err.constructor?.name || 'Error');
    let text = `${className}: ${err.message}`;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && !err.message.includes(code)) text += ` [${code}]`;
    const stack = typeof err.stack === 'string' ? err.stack : '';
    const frame = FIRST_FRAME.exec(stack);
    if (frame) text += ` at ${frame[1]}`;
    return text;
  } catch {
    return 'unprintable error';
  }
}

const FIRST_FRAME = /\n\s+at (.+)/;
const UNSAFE_KEY = /[^A-Za-z0-9_.-]/g;
/** Characters that could end or fake a log line, or confuse the reader of a quoted value. */
const NEEDS_ESCAPE = /["\\\x00-\x1f\x7f-\x9f\u2028\u2029]/;
const NEEDS_ESCAPE_ALL = /["\\\x00-\x1f\x7f-\x9f\u2028\u2029]/g;
const NEEDS_QUOTES = /[\s"\\\x00-\x1f\x7f-\x9f]/;

export function escapeLogText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(NEEDS_ESCAPE_ALL, (char) => {
    switch (char) {
      case '"': return '\\"';
      case '\\': return '\\\\';
      case '\n': return '\\n';
      case '\r': return '\\r';
      case '\t': return '\\t';
    }
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

function bareOrQuoted(value: string): string {
  return value !== '' && !NEEDS_QUOTES.test(value) ? value : `"${escapeLogText(value)}"`;
}

let lastIsoMs = NaN;
let lastIso = '';
const LATEST_DATE_MS = 8.64e15;

function isoTime(time: Date | number): string {
  const ms = typeof time === 'number' ? time : time.getTime();
  if (ms === lastIsoMs) return lastIso;
  // toISOString throws on an invalid date; a log line must not.
  const usable = Number.isFinite(ms) && Math.abs(ms) <= LATEST_DATE_MS ? ms : Date.now();
  lastIsoMs = usable;
  lastIso = new Date(usable).toISOString();
  return lastIso;
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '[unprintable]';
  }
}

function textFieldValue(value: unknown): string {
  if (value instanceof Error) return describeError(value);
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value) ?? safeString(value);
    } catch {
      return safeString(value);
    }
  }
  return safeString(value);
}

function jsonFieldValue(value: unknown): unknown {
  if (value instanceof Error) return describeError(value);
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') return safeString(value);
  if (typeof value === 'object' && value !== null) {
    try {
      JSON.stringify(value);
      return value;
    } catch {
      return safeString(value);
    }
  }
  return value;
}
