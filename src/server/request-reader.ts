// Reads an api.php request the way PHP hands it to MediaWiki: $_GET from the query string, $_POST
// from a urlencoded or multipart body (PHP's parsers, name rules and limits), then WebRequest's
// `$_POST + $_GET`.
import { BODY_UNREADABLE } from './connections.ts';
import type { IncomingMessage } from 'node:http';
import { ApiRequest } from '../api/request.ts';
import { cleanUpInput, decodeBytes } from '../api/input-cleanup.ts';
import type { RequestLimits } from './options.ts';

/** A request answered with an HTTP status of its own, before MediaWiki would have seen it. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 408 | 413,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** The client closed the connection while its body was being read: nobody to answer, nothing to log. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client closed the connection before sending its whole body');
    this.name = 'ClientGoneError';
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

/**
 * The request's parameters, headers and caller. Only HttpError (400, 408, 413) and
 * ClientGoneError come out of it, whatever the bytes.
 */
export async function readApiRequest(req: IncomingMessage, limits: RequestLimits): Promise<ApiRequest> {
  try {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const query = emptyValues();
    if (queryStart >= 0) {
      // node hands the request line over as latin1, so this is the query string's bytes.
      const bytes = Buffer.from(url.slice(queryStart + 1), 'latin1');
      parseUrlEncoded(bytes, query, { legacyEncoding: true, segments: 'query', maxInputVars: limits.maxInputVars });
    }
    const post = req.method === 'POST' ? await readPostValues(req, limits) : emptyValues();
    const values = postOverQuery(post, query);
    return new ApiRequest(req.method ?? 'GET', values.values, headerMap(req), req.socket.remoteAddress ?? '127.0.0.1', url, values.cleaned, values.arrays, [...values.order]);
  } catch (error) {
    if (error instanceof HttpError || error instanceof ClientGoneError) throw error;
    throw new HttpError(400, 'Bad request', { cause: error });
  }
}

/** Parses a query string; `legacyEncoding` reads invalid UTF-8 as windows-1252 (GET values). */
export function parseQueryString(qs: string, into: RequestValues = emptyValues(), legacyEncoding = false, maxInputVars = Infinity): RequestValues {
  if (qs) parseUrlEncoded(Buffer.from(qs, 'utf8'), into, { legacyEncoding, segments: 'query', maxInputVars });
  return into;
}

// --- names and values -----------------------------------------------------------------------

/** A parameter name PHP keeps as it is (no NUL, leading space, `[`, `.` or space). */
const PLAIN_NAME = /^[A-Za-z0-9_-]+$/;
/** PHP's max_input_nesting_level: a name with more `[..]` levels is dropped, with what it held. */
const MAX_NESTING_LEVEL = 64;

type PhpName = { name: string; kind: 'value' | 'array' | 'dropped' };

/**
 * php_register_variable_ex's reading of a name: a C string (cut at NUL) without its leading
 * spaces; `.` and space become `_` up to the first `[`; `a[..]` is an array; a first `[` left
 * unclosed becomes `_`, and so do the `.`, space and `[` after it.
 */
function phpVariableName(raw: string): PhpName | undefined {
  if (PLAIN_NAME.test(raw)) return { name: raw, kind: 'value' };
  const nul = raw.indexOf('\0');
  let name = nul < 0 ? raw : raw.slice(0, nul);
  let first = 0;
  while (name.charCodeAt(first) === 0x20) first++;
  name = name.slice(first);
  const bracket = name.indexOf('[');
  const base = (bracket < 0 ? name : name.slice(0, bracket)).replace(/[. ]/g, '_');
  if (!base) return undefined;
  if (bracket < 0) return { name: base, kind: 'value' };
  let open = bracket;
  for (let level = 1; ; level++) {
    if (level > MAX_NESTING_LEVEL) return { name: base, kind: 'dropped' };
    const close = name.indexOf(']', open + 1);
    if (close < 0) {
      if (level > 1) return { name: base, kind: 'array' };
      return { name: `${base}_${name.slice(bracket + 1).replace(/[. []/g, '_')}`, kind: 'value' };
    }
    if (name.charCodeAt(close + 1) !== 0x5b) return { name: base, kind: 'array' };
    open = close + 1;
  }
}

/** PHP's rules for request variables: last value wins, in the place of the name's first appearance. */
function addParam(into: RequestValues, rawName: string, value: string, rawBytes?: Uint8Array): void {
  const parsed = phpVariableName(rawName);
  if (!parsed) return;
  const { name, kind } = parsed;
  if (kind === 'dropped') {
    into.values.delete(name);
    into.cleaned.delete(name);
    into.arrays.delete(name);
    into.order.delete(name);
    return;
  }
  into.order.add(name);
  if (kind === 'array') {
    into.values.delete(name);
    into.cleaned.delete(name);
    into.arrays.add(name);
    return;
  }
  into.arrays.delete(name);
  const clean = cleanUpInput(value);
  into.values.set(name, clean);
  if (clean !== value || rawBytes) {
    into.cleaned.set(name, Buffer.from(rawBytes ?? Buffer.from(value, 'utf8')).toString('latin1'));
  } else {
    into.cleaned.delete(name);
  }
}

/**
 * MediaWiki's `$_POST + $_GET`: body values win, body names come first. A value is read as
 * windows-1252 when not UTF-8 if its name is in the query string (WebRequest::getGPCVal), even
 * when the body's value is the one kept.
 */
function postOverQuery(post: RequestValues, query: RequestValues): RequestValues {
  if (post.order.size === 0) return query;
  if (query.order.size === 0) return post;
  const out = emptyValues();
  for (const from of [post, query]) {
    for (const name of from.order) {
      if (out.order.has(name)) continue;
      out.order.add(name);
      const value = from.values.get(name);
      if (value === undefined) {
        if (from.arrays.has(name)) out.arrays.add(name);
        continue;
      }
      const raw = from.cleaned.get(name);
      if (raw !== undefined && from === post && query.order.has(name)) {
        out.values.set(name, cleanUpInput(decodeBytes(Buffer.from(raw, 'latin1'), true).text));
      } else {
        out.values.set(name, value);
      }
      if (raw !== undefined) out.cleaned.set(name, raw);
    }
  }
  return out;
}

function headerMap(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

// --- urlencoded -----------------------------------------------------------------------------

interface UrlEncodedRules {
  legacyEncoding: boolean;
  /**
   * How PHP walks the `&`-separated segments and counts them against max_input_vars. The query
   * string (php_default_treat_data) skips empty segments and keeps the first maxInputVars; a body
   * (add_post_vars) counts every segment, empty ones too, and checks the count after adding, so
   * it keeps one more.
   */
  segments: 'query' | 'body';
  maxInputVars: number;
}

function parseUrlEncoded(bytes: Buffer, into: RequestValues, rules: UrlEncodedRules): void {
  const length = bytes.length;
  let count = 0;
  for (let start = 0; start < length; ) {
    let end = bytes.indexOf(0x26, start);
    if (end < 0) end = length;
    const segmentStart = start;
    start = end + 1;
    if (segmentStart === end && rules.segments === 'query') continue;
    if (rules.segments === 'query' && ++count > rules.maxInputVars) return;
    // subarray keeps the search for `=` within this segment, whatever follows it.
    const eq = bytes.subarray(segmentStart, end).indexOf(0x3d);
    const nameEnd = eq < 0 ? end : segmentStart + eq;
    const name = decodeComponent(bytes, segmentStart, nameEnd, false).text;
    if (name) {
      const value = eq < 0 ? { text: '' } : decodeComponent(bytes, nameEnd + 1, end, rules.legacyEncoding);
      addParam(into, name, value.text, value.invalidBytes);
    }
    if (rules.segments === 'body' && ++count > rules.maxInputVars) return;
  }
}

const HEX_VALUE = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) HEX_VALUE[0x30 + i] = i;
for (let i = 0; i < 6; i++) HEX_VALUE[0x41 + i] = HEX_VALUE[0x61 + i] = 10 + i;

/** php_url_decode: `+` is a space, `%XX` a byte, any other `%` itself. */
function percentDecodeBytes(bytes: Buffer, start: number, end: number): Buffer {
  const out = Buffer.allocUnsafe(end - start);
  let n = 0;
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte === 0x2b) {
      out[n++] = 0x20;
    } else if (byte === 0x25 && i + 2 < end && HEX_VALUE[bytes[i + 1]] >= 0 && HEX_VALUE[bytes[i + 2]] >= 0) {
      out[n++] = (HEX_VALUE[bytes[i + 1]] << 4) | HEX_VALUE[bytes[i + 2]];
      i += 2;
    } else {
      out[n++] = byte;
    }
  }
  return out.subarray(0, n);
}

/** Decoded text; `invalidBytes` holds the raw bytes when they were not valid UTF-8. */
function decodeComponent(bytes: Buffer, start: number, end: number, legacyEncoding: boolean): { text: string; invalidBytes?: Uint8Array } {
  let ascii = true;
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte === 0x25 || byte === 0x2b) return decodeBytes(percentDecodeBytes(bytes, start, end), legacyEncoding);
    if (byte >= 0x80) ascii = false;
  }
  return ascii ? { text: bytes.toString('latin1', start, end) } : decodeBytes(bytes.subarray(start, end), legacyEncoding);
}

/** Raw bytes as text: ASCII as it is, the rest through the UTF-8 decoder. */
function decodeRaw(bytes: Buffer, legacyEncoding: boolean): { text: string; invalidBytes?: Uint8Array } {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] >= 0x80) return decodeBytes(bytes, legacyEncoding);
  }
  return { text: bytes.toString('latin1') };
}

// --- the body -------------------------------------------------------------------------------

const URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
const NO_BODY = Buffer.alloc(0);
/** setTimeout's longest delay; a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * PHP reads parameters from these two body types only; any other body (JSON, text, none
 * declared) is read under the same limits and left aside.
 */
async function readPostValues(req: IncomingMessage, limits: RequestLimits): Promise<RequestValues> {
  const contentType = req.headers['content-type'] ?? '';
  const type = postContentType(contentType);
  const body = await readBody(req, limits, type === URLENCODED || type === MULTIPART);
  const into = emptyValues();
  if (type === URLENCODED) parseUrlEncoded(body, into, { legacyEncoding: false, segments: 'body', maxInputVars: limits.maxInputVars });
  else if (type === MULTIPART) parseMultipart(body, contentType, into, limits.maxInputVars);
  return into;
}

/** SAPI's reading of Content-Type: lowercased, up to the first `;`, `,` or space. */
function postContentType(header: string): string {
  const end = header.search(/[;, ]/);
  return (end < 0 ? header : header.slice(0, end)).toLowerCase();
}

/**
 * The body, or nothing when `keep` is false. A body longer than maxBodyBytes is refused (413) as
 * soon as that is known: from Content-Length before anything is read, or when a chunked body grows
 * past it. Apache's mod_reqtimeout: the body must arrive within bodyTimeoutMs, plus one second for
 * each minRateBytesPerSecond bytes received (408).
 */
function readBody(req: IncomingMessage, limits: RequestLimits, keep: boolean): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limits.maxBodyBytes) {
    return Promise.reject(new HttpError(413, `Request body larger than ${limits.maxBodyBytes} bytes`));
  }
  if (req.readableEnded) return Promise.resolve(NO_BODY);
  if (req.destroyed) return Promise.reject(new ClientGoneError());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const started = performance.now();
    const msPerByte = limits.minRateBytesPerSecond > 0 ? 1000 / limits.minRateBytesPerSecond : 0;
    // One timer, moved on only when it fires: cheaper than re-arming it for every chunk.
    const checkDeadline = (): void => {
      const left = started + limits.bodyTimeoutMs + received * msPerByte - performance.now();
      if (left > 0) timer = setTimeout(checkDeadline, Math.min(Math.ceil(left), LONGEST_TIMER_MS));
      else finish(new HttpError(408, 'Request body not received in time'));
    };
    // As mod_reqtimeout's body=0, no time limit at all.
    let timer = limits.bodyTimeoutMs > 0 ? setTimeout(checkDeadline, Math.min(limits.bodyTimeoutMs, LONGEST_TIMER_MS)) : undefined;
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limits.maxBodyBytes) finish(new HttpError(413, `Request body larger than ${limits.maxBodyBytes} bytes`));
      else if (keep) chunks.push(chunk);
    };
    const onEnd = (): void => finish();
    const onGone = (): void => finish(new ClientGoneError());
    const onUnreadable = (status: number): void => finish(new HttpError(status === 413 ? 413 : 400, 'Malformed request body'));
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('close', onGone).off('error', onGone).off(BODY_UNREADABLE, onUnreadable);
      if (!error) {
        resolve(keep ? Buffer.concat(chunks, received) : NO_BODY);
        return;
      }
      // Whatever else arrives is not read: the answer closes the connection.
      req.pause();
      reject(error);
    };
    req.on('data', onData).on('end', onEnd).on('close', onGone).on('error', onGone).on(BODY_UNREADABLE, onUnreadable);
  });
}

// --- multipart ------------------------------------------------------------------------------

/** PHP's FILLUNIT: its multipart reader sees the body through a buffer this long (or the boundary's length + 6). */
const PHP_MULTIPART_BUFFER = 5 * 1024;
/** PHP's max_file_uploads: files past it are skipped rather than read. */
const PHP_MAX_FILE_UPLOADS = 20;

/**
 * The boundary as rfc1867_post_handler finds it: after the first `boundary` (any case) and the
 * first `=` after that; quoted up to the closing quote, otherwise up to `,` or `;`.
 */
function multipartBoundary(contentType: string): string | undefined {
  let at = contentType.indexOf('boundary');
  if (at < 0) at = contentType.replace(/[A-Z]+/g, (upper) => upper.toLowerCase()).indexOf('boundary');
  if (at < 0) return undefined;
  const eq = contentType.indexOf('=', at);
  if (eq < 0) return undefined;
  const rest = contentType.slice(eq + 1);
  if (rest.startsWith('"')) {
    const close = rest.indexOf('"', 1);
    return close < 0 ? undefined : rest.slice(1, close);
  }
  const end = rest.search(/[,;]/);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * PHP's multipart reader (main/rfc1867.c), whose quirks decide which fields MediaWiki sees.
 * Lines end at LF (CR LF too) and are at most the buffer's length: a longer one is read in pieces.
 * A part starts at a line equal to `--boundary` (compared as a C string); its headers run to an
 * empty line; a header line starting with a space continues the previous one. A part without
 * Content-Disposition is skipped; one with neither name nor filename ends the reading (the fields
 * read so far stay). A field's value runs to the next `\n--boundary`, less one CR. The first
 * maxInputVars fields are kept; a cut-short body keeps what was read, its last value included.
 */
function parseMultipart(body: Buffer, contentType: string, into: RequestValues, maxInputVars: number): void {
  const boundary = multipartBoundary(contentType);
  if (boundary === undefined) return;
  const reader = new MultipartReader(body, Buffer.from(boundary, 'latin1'));
  let fields = 0;
  let uploadsLeft = PHP_MAX_FILE_UPLOADS;
  while (!reader.atEnd()) {
    if (!reader.skipToDelimiter()) return;
    const disposition = reader.readHeaders().find((header) => /^content-disposition$/i.test(header.name))?.value;
    if (disposition === undefined) continue;
    const { name, filename } = parseDisposition(disposition);
    if (filename === undefined && name !== undefined) {
      const value = reader.readValue();
      if (++fields <= maxInputVars) {
        const decoded = decodeRaw(value, false);
        addParam(into, decodeRaw(Buffer.from(name, 'latin1'), false).text, decoded.text, decoded.invalidBytes);
      }
      continue;
    }
    if (name === undefined && filename === undefined) return;
    // An uploaded file is read to its end; a skipped one is passed over line by line.
    if (filename !== '' && uploadsLeft > 0) {
      uploadsLeft--;
      reader.readValue();
    }
  }
}

/** name= and filename= of a Content-Disposition value, read like PHP's php_ap_getword/getword_conf. */
function parseDisposition(value: string): { name?: string; filename?: string } {
  const out: { name?: string; filename?: string } = {};
  let pos = skipSpaces(value, 0);
  while (pos < value.length) {
    const [pair, next] = getWord(value, pos, ';');
    pos = skipSpaces(value, next);
    if (!pair.includes('=')) continue;
    const [key, valueStart] = getWord(pair, 0, '=');
    const lower = key.toLowerCase();
    if (lower === 'name') out.name = getWordConf(pair.slice(valueStart));
    else if (lower === 'filename') out.filename = getWordConf(pair.slice(valueStart));
  }
  return out;
}

/** C's isspace. */
function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

function skipSpaces(s: string, pos: number): number {
  while (pos < s.length && isSpace(s.charCodeAt(pos))) pos++;
  return pos;
}

/** The text up to `stop` (quotes protect it), and where the text after the run of `stop`s begins. */
function getWord(s: string, start: number, stop: string): [string, number] {
  let pos = start;
  while (pos < s.length && s[pos] !== stop) {
    const quote = s[pos];
    if (quote === '"' || quote === "'") {
      pos++;
      while (pos < s.length && s[pos] !== quote) pos += s[pos] === '\\' && s[pos + 1] === quote ? 2 : 1;
      if (pos < s.length) pos++;
    } else {
      pos++;
    }
  }
  if (pos >= s.length) return [s.slice(start), s.length];
  const word = s.slice(start, pos);
  while (s[pos] === stop) pos++;
  return [word, pos];
}

/** A parameter value: quoted (backslash escapes the quote and itself), or up to the next space. */
function getWordConf(s: string): string {
  const start = skipSpaces(s, 0);
  const quote = s[start];
  if (quote === '"' || quote === "'") return unescape(s, start + 1, s.length, quote);
  let end = start;
  while (end < s.length && !isSpace(s.charCodeAt(end))) end++;
  return unescape(s, start, end, '');
}

function unescape(s: string, start: number, end: number, quote: string): string {
  const parts: string[] = [];
  let from = start;
  let i = start;
  for (; i < end && s[i] !== quote; i++) {
    if (s[i] === '\\' && (s[i + 1] === '\\' || (quote !== '' && s[i + 1] === quote))) {
      parts.push(s.slice(from, i));
      from = ++i;
    }
  }
  parts.push(s.slice(from, i));
  return parts.join('');
}

/** The body as PHP's multipart_buffer walks it. */
class MultipartReader {
  private pos = 0;
  private readonly delimiter: Buffer;
  private readonly nextDelimiter: Buffer;
  private readonly bufferLength: number;

  constructor(
    private readonly body: Buffer,
    boundary: Buffer,
  ) {
    this.delimiter = Buffer.concat([Buffer.from('--'), boundary]);
    this.nextDelimiter = Buffer.concat([Buffer.from('\n--'), boundary]);
    this.bufferLength = Math.max(boundary.length + 6, PHP_MULTIPART_BUFFER);
  }

  atEnd(): boolean {
    return this.pos >= this.body.length;
  }

  /**
   * The next line without its LF (or CR LF); a line longer than the buffer comes in pieces of
   * the buffer's length. Undefined at the end, and for a last line without LF (left unread).
   */
  private nextLine(): Buffer | undefined {
    const { body, pos } = this;
    const window = Math.min(body.length - pos, this.bufferLength);
    const lf = body.subarray(pos, pos + window).indexOf(0x0a);
    if (lf >= 0) {
      this.pos = pos + lf + 1;
      return body.subarray(pos, lf > 0 && body[pos + lf - 1] === 0x0d ? pos + lf - 1 : pos + lf);
    }
    if (window < this.bufferLength) return undefined;
    this.pos = pos + window;
    return body.subarray(pos, pos + window);
  }

  /** Moves past the next line equal to `--boundary`; false if there is none. */
  skipToDelimiter(): boolean {
    for (let line = this.nextLine(); line; line = this.nextLine()) {
      if (cString(line).equals(this.delimiter)) return true;
    }
    return false;
  }

  /** A part's header lines, as latin1 text, up to an empty line (or the end). */
  readHeaders(): { name: string; value: string }[] {
    const headers: { name: string; value: string }[] = [];
    let current: { name: string; value: string } | undefined;
    for (let line = this.nextLine(); line; line = this.nextLine()) {
      const text = cString(line).toString('latin1');
      if (text === '') break;
      const colon = isSpace(text.charCodeAt(0)) ? -1 : text.indexOf(':');
      if (colon >= 0) {
        current = { name: text.slice(0, colon), value: text.slice(skipSpaces(text, colon + 1)) };
        headers.push(current);
      } else if (current) {
        current.value += text;
      }
    }
    return headers;
  }

  /**
   * A value: up to the next `\n--boundary`, or at the end up to a cut-short start of one, less
   * one CR before it.
   */
  readValue(): Buffer {
    const { body, pos, nextDelimiter } = this;
    let end = body.indexOf(nextDelimiter, pos);
    if (end < 0) end = partialDelimiterAtEnd(body, pos, nextDelimiter);
    const valueEnd = end < body.length && end > pos && body[end - 1] === 0x0d ? end - 1 : end;
    this.pos = valueEnd;
    return body.subarray(pos, valueEnd);
  }
}

/** Where the body ends with the start of `delimiter` (PHP stops its value there), or its length. */
function partialDelimiterAtEnd(body: Buffer, from: number, delimiter: Buffer): number {
  for (let at = Math.max(from, body.length - delimiter.length + 1); at < body.length; at++) {
    if (body[at] === delimiter[0] && delimiter.subarray(0, body.length - at).equals(body.subarray(at))) return at;
  }
  return body.length;
}

/** The bytes up to the first NUL, as C string functions see them. */
function cString(bytes: Buffer): Buffer {
  const nul = bytes.indexOf(0);
  return nul < 0 ? bytes : bytes.subarray(0, nul);
}
