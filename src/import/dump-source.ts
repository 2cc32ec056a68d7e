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
