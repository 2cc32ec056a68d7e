// Opens a dump file (plain, gzip or bzip2, multistream included) as a stream of decompressed bytes.

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readSync, statSync, createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { PassThrough, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import unbzip2 from 'unbzip2-stream';

export type Compression = 'none' | 'gzip' | 'bzip2';

export interface DumpSource {
  path: string;
  compression: Compression;
  /** What decompresses: `lbzip2`, `bzip2`, `unbzip2-stream` (pure JS), `zlib`, or `none`. */
  decoder: string;
  /** Size of the file on disk. */
  totalBytes: number;
  /** File bytes read so far (compressed bytes for compressed files): the basis of progress and ETA. */
  bytesRead(): number;
  /** The decompressed bytes, in order. Throws DumpSourceError when decompression fails. */
  bytes(): AsyncIterable<Buffer>;
  /** The same decoded as UTF-8 text. */
  chunks(): AsyncIterable<string>;
}

export class DumpSourceError extends Error {
  override name = 'DumpSourceError';
}

const CHUNK_BYTES = 1 << 20;

export function detectCompression(path: string): Compression {
  const head = Buffer.alloc(4);
  const fd = openSync(path, 'r');
  let n = 0;
  try {
    n = readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  if (n >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (n >= 3 && head.toString('latin1', 0, 3) === 'BZh') return 'bzip2';
  return 'none';
}

let bzip2ToolCache: string | null | undefined;

/** The fastest bzip2 decompressor on PATH: lbzip2 uses every core; bzip2 is single-threaded. */
export function findBzip2Tool(): string | null {
  if (bzip2ToolCache !== undefined) return bzip2ToolCache;
  bzip2ToolCache = null;
  for (const tool of ['lbzip2', 'bzip2']) {
    const probe = spawnSync(tool, ['--help'], { stdio: 'ignore' });
    if (!probe.error) {
      bzip2ToolCache = tool;
      break;
    }
  }
  return bzip2ToolCache;
}

export interface OpenOptions {
  /** Use the pure JavaScript bzip2 decoder even when a bzip2 program is installed. */
  forceJsBzip2?: boolean;
}

export function openDump(path: string, options: OpenOptions = {}): DumpSource {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new DumpSourceError(`cannot read ${path}: no such file`);
  }
  if (!stat.isFile()) throw new DumpSourceError(`cannot read ${path}: not a file`);
  const compression = detectCompression(path);
  const tool = compression === 'bzip2' && !options.forceJsBzip2 ? findBzip2Tool() : null;
  const decoder = compression === 'gzip' ? 'zlib' : compression === 'bzip2' ? (tool ?? 'unbzip2-stream') : 'none';
  let read = 0;
  return {
    path,
    compression,
    decoder,
    totalBytes: stat.size,
    bytesRead: () => read,
    bytes: () => {
      const file = createReadStream(path, { highWaterMark: CHUNK_BYTES });
      const count = (bytes: number): void => {
        read += bytes;
      };
      return decompress(file, compression, tool, path, count);
    },
    chunks() {
      return decodeUtf8(this.bytes());
    },
  };
}

async function* decodeUtf8(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of bytes) yield decoder.write(chunk);
  const rest = decoder.end();
  if (rest) yield rest;
}

async function* decompress(
  file: Readable,
  compression: Compression,
  tool: string | null,
  path: string,
  count: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  if (compression === 'none') {
    // One consumer per stream: the bytes are counted here, not by a second 'data' listener.
    for await (const chunk of file as AsyncIterable<Buffer>) {
      count(chunk.length);
      yield chunk;
    }
    return;
  }
  // Piped streams flow anyway, so counting through 'data' takes nothing from the decompressor.
  file.on('data', (chunk: Buffer) => count(chunk.length));
  if (compression === 'gzip') {
    const gunzip = createGunzip({ chunkSize: CHUNK_BYTES });
    file.on('error', (error) => gunzip.destroy(error));
    file.pipe(gunzip);
    try {
      yield* gunzip as AsyncIterable<Buffer>;
    } catch (error) {
      throw new DumpSourceError(`${path}: gzip data is corrupt or truncated (${(error as Error).message})`);
    }
    return;
  }
  if (tool) {
    yield* decodeWithTool(file, tool, path);
    return;
  }
  const through = unbzip2();
  file.on('error', (error) => through.emit('error', error));
  file.pipe(through);
  // unbzip2-stream is an old-style stream: pipe it into a modern one for async iteration.
  const decoder = new PassThrough({ highWaterMark: CHUNK_BYTES });
  through.on('error', (error: Error) => decoder.destroy(error));
  through.pipe(decoder);
  try {
    yield* decoder as AsyncIterable<Buffer>;
  } catch (error) {
    throw new DumpSourceError(`${path}: bzip2 data is corrupt or truncated (${String((error as Error).message ?? error)})`);
  }
}

async function* decodeWithTool(file: Readable, tool: string, path: string): AsyncGenerator<Buffer> {
  const child = spawn(tool, ['-dc'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr += text;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  // The child may stop reading early (corrupt data); its closed stdin is not our error.
  child.stdin.on('error', () => {});
  file.pipe(child.stdin);
  let finished = false;
  try {
    yield* child.stdout as AsyncIterable<Buffer>;
    finished = true;
  } finally {
    if (!finished) {
      file.destroy();
      child.kill();
    }
  }
  const code = await exited;
  if (code !== 0) {
    const detail = stderr.trim().split('\n').slice(-2).join(' ').replace(/^\S+: /, '');
    throw new DumpSourceError(`${path}: bzip2 data is corrupt or truncated (${tool}: ${detail || `exit code ${code}`})`);
  }
}

/** A part of a plain dump that a reader can parse apart: `[start, end)` of the file. */
export interface DumpSegment {
  start: number;
  end: number;
  /** The record the segment opens with, `<page>` or `<logitem>` ('' for the first segment). */
  marker: string;
}

const RECORD_MARKERS = ['<page>', '<logitem>'];
/** How far past its planned end a segment may run looking for a record's start before the rest stays one segment. */
const SEGMENT_SEARCH_LIMIT = 64 << 20;

/**
 * Cuts a plain (uncompressed) dump into segments of about `targetBytes`, each after the first
 * starting at a line that opens a `<page>` or `<logitem>` (white space before it only). Such a
 * line may still lie in a comment or a CDATA section: the reader of the segment before finds out,
 * as it then ends in the middle of something, and reads on instead.
 */
export function findSegments(path: string, targetBytes: number): DumpSegment[] {
  const size = statSync(path).size;
  const fd = openSync(path, 'r');
  const segments: DumpSegment[] = [{ start: 0, end: size, marker: '' }];
  try {
    let from = Math.max(1, targetBytes);
    while (from < size) {
      const found = nextRecordLine(fd, from, Math.min(size, from + SEGMENT_SEARCH_LIMIT));
      if (!found) break;
      segments[segments.length - 1]!.end = found.at;
      segments.push({ start: found.at, end: size, marker: found.marker });
      from = found.at + Math.max(1, targetBytes);
    }
  } finally {
    closeSync(fd);
  }
  return segments;
}

/** The first line in the file's `[from, limit)` that opens a record, as its start and marker. */
function nextRecordLine(fd: number, from: number, limit: number): { at: number; marker: string } | null {
  const window = Buffer.allocUnsafe(CHUNK_BYTES);
  // Windows overlap by a marker's length, and by the indentation before it (looked at backwards from the marker).
  for (let at = from; at < limit; at += CHUNK_BYTES - 64) {
    const n = readSync(fd, window, 0, Math.min(CHUNK_BYTES, limit - at + 16), at);
    if (n <= 0) return null;
    const bytes = window.subarray(0, n);
    let best: { at: number; marker: string } | null = null;
    for (const marker of RECORD_MARKERS) {
      for (let i = bytes.indexOf(marker); i >= 0; i = bytes.indexOf(marker, i + 1)) {
        const lineStart = lineStartBefore(bytes, i);
        if (lineStart < 0) continue;
        if (at + lineStart < from) continue;
        if (!best || at + lineStart < best.at) best = { at: at + lineStart, marker };
        break;
      }
    }
    if (best) return best;
    if (n < CHUNK_BYTES) return null;
  }
  return null;
}

/** Where the line holding `bytes[i]` starts when only spaces and tabs come before it on that line (after a newline), else -1. */
function lineStartBefore(bytes: Buffer, i: number): number {
  let j = i - 1;
  while (j >= 0 && (bytes[j] === 0x20 || bytes[j] === 0x09)) j--;
  return j >= 0 && bytes[j] === 0x0a ? j + 1 : -1;
}

/** The bytes `[start, end)` of a file in chunks (a segment of a plain dump). */
export function* readRange(path: string, start: number, end: number, count: (bytes: number) => void = () => {}): Generator<Buffer> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new DumpSourceError(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let at = start; at < end; ) {
      const n = readSync(fd, chunk, 0, Math.min(CHUNK_BYTES, end - at), at);
      if (n <= 0) throw new DumpSourceError(`${path}: the file ended at byte ${at}, before its expected size`);
      at += n;
      count(n);
      yield chunk.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}
