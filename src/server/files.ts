// The wiki's upload path ($wgUploadPath) served from its upload directory, as the web server in
// front of MediaWiki serves it: plain files with their type, validators, ranges and conditional
// answers; no listings, nothing outside the directory, `deleted/` never (MediaWiki's installer
// denies it), `archive/` like any other file. Thumbnails missing from `thumb/` are made on request
// (files-thumbnails.ts), as MediaWiki's thumb handler does behind a 404.
import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants, statSync, type Stats } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isInside, ThumbnailMaker, type ThumbnailAnswer, type ThumbnailWiki } from './files-thumbnails.ts';

/** What the request log needs of an answer. */
export interface FileAnswer {
  status: number;
  bytes: number;
}

export interface FileServerOptions {
  /** $wgUploadDirectory. */
  directory: string;
  /** $wgUploadPath: a path (`/wiki/images`) or a URL whose path is served. */
  uploadPath: string;
  /** Where made thumbnails are kept ('' for the default under the OS temp directory). */
  thumbnailCache: string;
}

/** Extensions to content types as Apache's mime.types gives them, for the media a wiki holds. */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png', gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', jpe: 'image/jpeg',
  webp: 'image/webp', svg: 'image/svg+xml', svgz: 'image/svg+xml', tif: 'image/tiff', tiff: 'image/tiff',
  bmp: 'image/bmp', ico: 'image/vnd.microsoft.icon', xcf: 'image/x-xcf', djvu: 'image/vnd.djvu', djv: 'image/vnd.djvu',
  pdf: 'application/pdf', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', spx: 'audio/ogg', ogv: 'video/ogg',
  webm: 'video/webm', mp3: 'audio/mpeg', mpga: 'audio/mpeg', mp4: 'video/mp4', m4a: 'audio/mp4', wav: 'audio/x-wav',
  flac: 'audio/flac', mid: 'audio/midi', midi: 'audio/midi', txt: 'text/plain', stl: 'model/stl',
};

/**
 * Uploads can be SVGs with scripts, served from the same origin as the API and its session
 * cookies: they are answered sandboxed, and never sniffed into another type.
 */
const SAFETY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; sandbox",
};
const TEXT = 'text/plain; charset=utf-8';

export function contentTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot >= 0 && CONTENT_TYPES[fileName.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

/** The path part of $wgUploadPath, without a trailing slash. */
export function uploadUrlPath(uploadPath: string): string {
  const path = /^([a-z][a-z0-9+.-]*:)?\/\//i.test(uploadPath) ? new URL(uploadPath, 'http://localhost').pathname : uploadPath;
  return path.replace(/\/+$/, '');
}

/** Start-up check: the directory exists and is one; its real path. */
export function checkFilesDirectory(directory: string): string {
  const full = resolve(directory);
  let stats: Stats;
  try {
    stats = statSync(full);
  } catch {
    throw new Error(`the files directory ${full} does not exist (serve.files.directory in the config, or --images DIR)`);
  }
  if (!stats.isDirectory()) throw new Error(`the files directory ${full} is not a directory (serve.files.directory in the config, or --images DIR)`);
  return full;
}

/** The default thumbnail cache: one folder per files directory under the OS temp directory. */
export function defaultThumbnailCache(directory: string): string {
  const id = createHash('sha1').update(resolve(directory)).digest('hex').slice(0, 12);
  return join(tmpdir(), 'wikiquery-thumbnails', id);
}

/** Why a path is refused before the disk is looked at. */
type PathVerdict = { segments: string[]; directory: boolean } | { status: number; message: string };

/**
 * The decoded segments of a path under the upload path, or the answer Apache gives: 400 for a
 * broken escape or a dot segment, 404 for an encoded slash or NUL (AllowEncodedSlashes Off) and
 * for backslashes (no such file on a POSIX disk), 403 for `.ht*` files and `deleted/`.
 */
export function checkRelativePath(raw: string): PathVerdict {
  const parts = raw.split('/');
  const directory = raw === '' || raw.endsWith('/');
  if (directory) parts.pop();
  const segments: string[] = [];
  for (const part of parts) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return { status: 400, message: 'Bad Request' };
    }
    if (segment === '.' || segment === '..') return { status: 400, message: 'Bad Request' };
    if (segment === '' || segment.includes('/') || segment.includes('\\') || segment.includes('\0')) return { status: 404, message: 'Not Found' };
    segments.push(segment);
  }
  const refused = refusedSegments(segments);
  if (refused) return refused;
  return { segments, directory };
}

/** `deleted/` (its .htaccess denies all) and Apache's `.ht*` rule; other hidden files are not served. */
function refusedSegments(segments: readonly string[]): { status: number; message: string } | null {
  if (segments[0] === 'deleted') return { status: 403, message: 'Forbidden' };
  for (const segment of segments) {
    if (segment.startsWith('.ht')) return { status: 403, message: 'Forbidden' };
    if (segment.startsWith('.')) return { status: 404, message: 'Not Found' };
  }
  return null;
}

export class FileServer {
  readonly urlPath: string;
  private readonly thumbnails: ThumbnailMaker;
  private rootReal: Promise<string>;

  constructor(options: FileServerOptions, wiki: ThumbnailWiki) {
    this.urlPath = uploadUrlPath(options.uploadPath);
    const directory = checkFilesDirectory(options.directory);
    this.rootReal = realpath(directory);
    // Known-rejected here means known-rejected for every request: keep the start-up error quiet.
    this.rootReal.catch(() => {});
    const cache = resolve(options.thumbnailCache || defaultThumbnailCache(directory));
    this.thumbnails = new ThumbnailMaker({ directory, cache, uploadPath: this.urlPath, wiki });
  }

  /** Whether a request path is the upload path's. */
  handles(path: string): boolean {
    return path === this.urlPath || path.startsWith(`${this.urlPath}/`);
  }

  async serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<FileAnswer> {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') return plain(req, res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    const verdict = checkRelativePath(path.slice(this.urlPath.length + 1));
    if ('status' in verdict) return plain(req, res, verdict.status, verdict.message);
    const root = await this.rootReal;
    const found = await this.openInside(root, verdict.segments);
    if (found.kind === 'refused') return plain(req, res, found.status, found.status === 403 ? 'Forbidden' : 'Not Found');
    if (found.kind === 'file') {
      if (verdict.directory) {
        await found.handle.close();
        return plain(req, res, 404, 'Not Found');
      }
      return sendFile(req, res, found.handle, found.stats, { 'Content-Type': contentTypeOf(verdict.segments.at(-1)!) });
    }
    if (verdict.segments[0] === 'thumb' && !verdict.directory && verdict.segments.length > 1) {
      return this.sendThumbnail(req, res, await this.thumbnails.answer(verdict.segments.slice(1), req.headers['if-modified-since']));
    }
    return plain(req, res, 404, 'Not Found');
  }

  private async sendThumbnail(req: IncomingMessage, res: ServerResponse, answer: ThumbnailAnswer): Promise<FileAnswer> {
    switch (answer.kind) {
      case 'error':
        return send(req, res, answer.status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...(answer.vary ? { Vary: answer.vary } : {}), ...SAFETY_HEADERS }, answer.html);
      case 'redirect':
        return send(req, res, answer.status, { Location: answer.location, Expires: new Date(Date.now() + 12 * 3600_000).toUTCString() }, '');
      case 'not-modified':
        return send(req, res, 304, {}, '');
      case 'file': {
        let handle: FileHandle;
        try {
          handle = await open(answer.path, 'r');
        } catch {
          return plain(req, res, 500, 'The thumbnail could not be read');
        }
        const stats = await handle.stat();
        return sendFile(req, res, handle, stats, { 'Content-Type': answer.mime, 'Content-Disposition': answer.disposition });
      }
    }
  }

  /**
   * Opens what the segments name when it is a regular file whose real path (symbolic links
   * followed) stays inside the directory and outside its refused parts; a directory is refused
   * (no listing), as is anything that leads out.
   */
  private async openInside(root: string, segments: readonly string[]): Promise<
    { kind: 'file'; handle: FileHandle; stats: Stats } | { kind: 'missing' } | { kind: 'refused'; status: number }
  > {
    let real: string;
    try {
      real = await realpath(join(root, ...segments));
    } catch {
      return { kind: 'missing' };
    }
    const inside = relative(root, real);
    if (!isInside(root, real)) return { kind: 'refused', status: 403 };
    if (inside !== '' && refusedSegments(inside.split(sep))) return { kind: 'refused', status: 403 };
    let handle: FileHandle;
    try {
      // O_NOFOLLOW: a link put in place of the file after the check is not followed; O_NONBLOCK:
      // a named pipe left in the directory does not hold a thread until someone writes to it.
      handle = await open(real, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
    } catch {
      return { kind: 'missing' };
    }
    const stats = await handle.stat();
    if (stats.isFile()) return { kind: 'file', handle, stats };
    await handle.close();
    return stats.isDirectory() ? { kind: 'refused', status: 403 } : { kind: 'missing' };
  }
}

/** Apache's ETag for a file: its size and modification time, in hex. */
export function etagOf(stats: Stats): string {
  return `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs * 1000).toString(16)}"`;
}

/** The entity tags of an If-Match / If-None-Match list, weak ones without their W/. */
function entityTags(header: string): string[] {
  return header.split(',').map((t) => t.trim().replace(/^W\//, '')).filter(Boolean);
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function httpDate(header: string | undefined): number | null {
  if (!header) return null;
  const time = Date.parse(header);
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}

type ByteRange = { start: number; end: number };

/** More ranges than this in one request are answered with the whole file (a request for 10,000 one-byte parts costs more than the file). */
const MAX_RANGES = 100;

/**
 * The `bytes=` ranges of a file of `size` bytes, in order, overlapping and adjacent ones merged as
 * Apache merges them; 'ignored' for a header that is not one (the whole file is sent), and
 * 'unsatisfiable' when no range starts inside the file.
 */
export function parseRanges(header: string, size: number): ByteRange[] | 'ignored' | 'unsatisfiable' {
  const match = /^bytes=(.*)$/i.exec(header.trim());
  if (!match) return 'ignored';
  const specs = match[1]!.split(',').map((spec) => spec.trim()).filter(Boolean);
  if (specs.length === 0 || specs.length > MAX_RANGES) return 'ignored';
  const ranges: ByteRange[] = [];
  for (const spec of specs) {
    const parts = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
    if (!parts || (parts[1] === '' && parts[2] === '')) return 'ignored';
    if (parts[1] === '') {
      const suffix = Number(parts[2]);
      if (suffix > 0 && size > 0) ranges.push({ start: Math.max(0, size - suffix), end: size - 1 });
      continue;
    }
    const start = Number(parts[1]);
    if (parts[2] !== '' && Number(parts[2]) < start) return 'ignored';
    if (start < size) ranges.push({ start, end: parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1) });
  }
  if (ranges.length === 0) return 'unsatisfiable';
  ranges.sort((a, b) => a.start - b.start);
  const merged: ByteRange[] = [ranges[0]!];
  for (const range of ranges.slice(1)) {
    const last = merged.at(-1)!;
    if (range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push(range);
  }
  return merged;
}

/**
 * Streams an open file with its validators, answering the conditional headers (RFC 9110's order:
 * If-Match, If-Unmodified-Since, If-None-Match, If-Modified-Since) and byte ranges.
 */
async function sendFile(req: IncomingMessage, res: ServerResponse, handle: FileHandle, stats: Stats, typeHeaders: Record<string, string>): Promise<FileAnswer> {
  try {
    const etag = etagOf(stats);
    const modified = Math.floor(stats.mtimeMs / 1000);
    const validators = { ETag: etag, 'Last-Modified': new Date(modified * 1000).toUTCString() };
    const ifMatch = req.headers['if-match'];
    const ifUnmodifiedSince = httpDate(req.headers['if-unmodified-since']);
    if (ifMatch !== undefined ? !(ifMatch.trim() === '*' || entityTags(ifMatch).includes(etag)) : ifUnmodifiedSince !== null && modified > ifUnmodifiedSince) {
      return send(req, res, 412, { 'Content-Type': TEXT, ...validators }, 'Precondition Failed\n');
    }
    const ifNoneMatch = req.headers['if-none-match'];
    const ifModifiedSince = httpDate(req.headers['if-modified-since']);
    if (ifNoneMatch !== undefined ? ifNoneMatch.trim() === '*' || entityTags(ifNoneMatch).includes(etag) : ifModifiedSince !== null && modified <= ifModifiedSince) {
      return send(req, res, 304, validators, '');
    }
    const headers: Record<string, string | number> = { ...typeHeaders, ...validators, 'Accept-Ranges': 'bytes', ...SAFETY_HEADERS };
    let ranges: ReturnType<typeof parseRanges> = 'ignored';
    const rangeHeader = req.headers.range;
    const ifRange = headerText(req.headers['if-range']);
    if (rangeHeader !== undefined && (ifRange === undefined || ifRange.trim() === etag || httpDate(ifRange) === modified)) ranges = parseRanges(rangeHeader, stats.size);
    if (ranges === 'unsatisfiable') return send(req, res, 416, { 'Content-Type': TEXT, 'Content-Range': `bytes */${stats.size}`, ...validators }, 'Range Not Satisfiable\n');
    const parts = ranges === 'ignored' ? [{ start: 0, end: stats.size - 1 }] : ranges;
    const status = ranges === 'ignored' ? 200 : 206;
    // Several ranges go as multipart/byteranges, each part with its own type and range.
    const boundary = parts.length > 1 ? randomBytes(12).toString('hex') : '';
    const partHeads = parts.map((part, i) => boundary
      ? `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Type: ${typeHeaders['Content-Type']}\r\nContent-Range: bytes ${part.start}-${part.end}/${stats.size}\r\n\r\n`
      : '');
    const tail = boundary ? `\r\n--${boundary}--\r\n` : '';
    const length = parts.reduce((sum, part, i) => sum + Buffer.byteLength(partHeads[i]!) + Math.max(0, part.end - part.start + 1), Buffer.byteLength(tail));
    if (boundary) headers['Content-Type'] = `multipart/byteranges; boundary=${boundary}`;
    else if (status === 206) headers['Content-Range'] = `bytes ${parts[0]!.start}-${parts[0]!.end}/${stats.size}`;
    headers['Content-Length'] = length;
    if (res.destroyed || res.headersSent) return { status, bytes: 0 };
    res.writeHead(status, headers);
    if (req.method === 'HEAD' || length === 0) {
      res.end();
      return { status, bytes: 0 };
    }
    try {
      for (const [i, part] of parts.entries()) {
        if (partHeads[i]) await writeText(res, partHeads[i]!);
        if (part.end >= part.start) await pipeline(handle.createReadStream({ start: part.start, end: part.end, autoClose: false }), res, { end: false });
      }
      res.end(tail);
    } catch {
      // The client left, or the file could not be read after the headers: the connection ends short.
      res.destroy();
      return { status, bytes: 0 };
    }
    return { status, bytes: length };
  } finally {
    await handle.close();
  }
}

/** Writes text to the answer, waiting when the socket's buffer is full. */
function writeText(res: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (res.write(text)) resolve();
    else {
      const fail = () => reject(new Error('the client left'));
      res.once('close', fail);
      res.once('drain', () => {
        res.off('close', fail);
        resolve();
      });
    }
  });
}

function plain(req: IncomingMessage, res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): FileAnswer {
  return send(req, res, status, { 'Content-Type': TEXT, ...headers }, `${message}\n`);
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string): FileAnswer {
  if (res.destroyed || res.headersSent) return { status, bytes: 0 };
  const head = req.method === 'HEAD' || status === 304;
  const length = Buffer.byteLength(body);
  res.writeHead(status, status === 304 ? headers : { ...headers, 'Content-Length': length });
  res.end(head ? undefined : body);
  return { status, bytes: head ? 0 : length };
}
