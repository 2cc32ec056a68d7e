// Logging that never crashes the server: LineWriter on failing targets, the standard stream guard
// in real child processes (full disk, closed pipe), and request and event lines that stay one line.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LineWriter,
  RequestLog,
  describeError,
  escapeLogText,
  formatRequestLine,
  logEvent,
  type LineWriterFileSystem,
  type RequestLogEntry,
} from '../../src/server/logger.ts';

const loggerUrl = new URL('../../src/server/logger.ts', import.meta.url).href;

type WriteCallback = (err: NodeJS.ErrnoException | null, bytesWritten: number) => void;

/** A file system double: each write is answered by `answer` (bytes written or an error code). */
function fakeFileSystem(answer: (call: number, length: number) => number | string | 'never') {
  const written: Buffer[] = [];
  const lengths: number[] = [];
  let calls = 0;
  const fileSystem: LineWriterFileSystem = {
    write(_fd, buffer, offset, length, done: WriteCallback) {
      const reply = answer(calls++, length);
      lengths.push(length);
      if (reply === 'never') return;
      setImmediate(() => {
        if (typeof reply === 'string') {
          done(Object.assign(new Error(reply), { code: reply }), 0);
          return;
        }
        written.push(Buffer.from(buffer.subarray(offset, offset + reply)));
        done(null, reply);
      });
    },
    close(_fd, done) {
      done(null);
    },
  };
  return { fileSystem, text: () => Buffer.concat(written).toString(), lengths, calls: () => calls };
}

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException).code;
}

describe('LineWriter', () => {
  test('appends lines to a file, in order, and counts nothing dropped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikiquery-log-'));
    try {
      const path = join(dir, 'requests.log');
      const writer = new LineWriter(path);
      for (let i = 0; i < 1000; i++) writer.write(`line ${i}`);
      await writer.flush();
      setImmediate(() => writer.write('late line'));
      await new Promise((resolve) => setImmediate(resolve));
      await writer.flush();
      writer.close();
      const lines = readFileSync(path, 'utf8').split('\n');
      assert.equal(lines.length, 1002);
      assert.equal(lines[0], 'line 0');
      assert.equal(lines[999], 'line 999');
      assert.equal(lines[1000], 'late line');
      assert.equal(lines[1001], '');
      assert.equal(writer.dropped(), 0);
      writer.write('after close');
      assert.equal(writer.dropped(), 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an unusable path fails at start-up, not at the first line', () => {
    assert.throws(() => new LineWriter('/nonexistent-directory/wikiquery.log'), (err) => errorCode(err) === 'ENOENT');
  });

  test('a partial write continues with the rest', async () => {
    const fake = fakeFileSystem((_call, length) => Math.min(7, length));
    const writer = new LineWriter(1, { fileSystem: fake.fileSystem });
    const lines = Array.from({ length: 50 }, (_, i) => `partial line number ${i}`);
    for (const line of lines) writer.write(line);
    await writer.flush();
    assert.equal(fake.text(), `${lines.join('\n')}\n`);
    assert.ok(fake.calls() > 100, 'many short writes');
    assert.equal(writer.dropped(), 0);
  });

  test('write errors drop the batch, count its lines, and the next batch goes out', async () => {
    for (const code of ['ENOSPC', 'EPIPE', 'EBADF', 'EIO']) {
      const fake = fakeFileSystem((call, length) => (call === 0 ? code : length));
      const writer = new LineWriter(1, { fileSystem: fake.fileSystem });
      writer.write('lost 1');
      writer.write('lost 2');
      writer.write('lost 3');
      await writer.flush();
      assert.equal(writer.dropped(), 3, code);
      writer.write('kept');
      await writer.flush();
      assert.equal(fake.text(), 'kept\n', code);
    }
  });

  test('an error after a partial write counts only the lines not written', async () => {
    const fake = fakeFileSystem((call) => (call === 0 ? 'aaaa\nbb'.length : 'ENOSPC'));
    const writer = new LineWriter(1, { fileSystem: fake.fileSystem });
    for (const line of ['aaaa', 'bbbb', 'cccc', 'dddd']) writer.write(line);
    await writer.flush();
    assert.equal(writer.dropped(), 3);
  });

  test('EAGAIN (a full non-blocking pipe) is waited out, not dropped', async () => {
    const fake = fakeFileSystem((call, length) => (call < 3 ? 'EAGAIN' : call === 3 ? 0 : length));
    const writer = new LineWriter(1, { fileSystem: fake.fileSystem });
    writer.write('patient line');
    await writer.flush();
    assert.equal(fake.text(), 'patient line\n');
    assert.equal(writer.dropped(), 0);
  });

  test('a stuck target: memory stays bounded, new lines are dropped and counted, flush returns in bounded time', async () => {
    const fake = fakeFileSystem(() => 'never');
    const writer = new LineWriter(1, { fileSystem: fake.fileSystem, maxPendingBytes: 64 * 1024 });
    const line = 'x'.repeat(99);
    for (let i = 0; i < 1000; i++) writer.write(line);
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 1000; i++) writer.write(line);
    const lines = 2000;
    const kept = Math.floor((64 * 1024) / 100);
    assert.equal(writer.dropped(), lines - kept);
    const started = Date.now();
    await writer.flush(50);
    assert.ok(Date.now() - started < 1000);
    assert.equal(fake.calls(), 1, 'one write in flight at a time');
  });

  test('on a pipe, each write is at most PIPE_BUF and ends at a line boundary', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'wikiquery-fifo-'));
    const fifo = join(dir, 'log.fifo');
    try {
      execFileSync('mkfifo', [fifo]);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      t.skip('mkfifo is not available');
      return;
    }
    // Read-write so that opening does not wait for a reader; the double never writes into it.
    const fd = openSync(fifo, 'r+');
    try {
      const fake = fakeFileSystem((_call, length) => length);
      const writer = new LineWriter(fd, { fileSystem: fake.fileSystem });
      const lines = Array.from({ length: 500 }, (_, i) => `${i} ${'y'.repeat(i % 97)}`);
      lines.push('z'.repeat(10_000));
      for (const line of lines) writer.write(line);
      await writer.flush();
      assert.equal(fake.text(), `${lines.join('\n')}\n`);
      for (const length of fake.lengths.slice(0, -1)) assert.ok(length <= 4096, `write of ${length} bytes`);
      assert.equal(fake.lengths.at(-1), 10_001, 'a line longer than PIPE_BUF goes out whole');
      let offset = 0;
      const text = fake.text();
      for (const length of fake.lengths) {
        offset += length;
        assert.equal(text[offset - 1], '\n');
      }
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a real full disk (/dev/full): lines dropped and counted, nothing thrown', { skip: existsSync('/dev/full') ? false : 'no /dev/full' }, async () => {
    const fd = openSync('/dev/full', 'w');
    try {
      const writer = new LineWriter(fd);
      for (let i = 0; i < 100; i++) writer.write(`line ${i}`);
      await writer.flush();
      assert.equal(writer.dropped(), 100);
    } finally {
      closeSync(fd);
    }
  });
});

/**
 * Runs a child node that writes 10,000 lines through console.log, console.error,
 * process.stdout.write, process.stderr.write and a LineWriter('-'), with `guard` deciding whether it
 * calls guardStandardStreams() first. It reports its counts in a file, its standard streams being
 * broken.
 */
async function runWritingChild(stdio: 'dev-full' | 'closed-pipe', guard: boolean): Promise<{ code: number | null; signal: string | null; report: { writerDropped: number; streamErrors: number } | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'wikiquery-guard-'));
  const reportPath = join(dir, 'report.json');
  const script = `
    import { writeFileSync } from 'node:fs';
    import { guardStandardStreams, droppedStandardStreamWrites, LineWriter } from ${JSON.stringify(loggerUrl)};
    if (process.env.GUARD === '1') guardStandardStreams();
    const writer = new LineWriter('-');
    for (let i = 0; i < 10000; i++) {
      console.log('console.log line ' + i);
      console.error('console.error line ' + i);
      process.stdout.write('process.stdout.write line ' + i + '\\n');
      process.stderr.write('process.stderr.write line ' + i + '\\n');
      writer.write('LineWriter line ' + i);
      // Let asynchronous stream errors arrive between writes, as they would in a server.
      if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
    }
    await writer.flush();
    writeFileSync(process.env.REPORT, JSON.stringify({ writerDropped: writer.dropped(), streamErrors: droppedStandardStreamWrites() }));
  `;
  const devFull = stdio === 'dev-full' ? openSync('/dev/full', 'w') : -1;
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, GUARD: guard ? '1' : '0', REPORT: reportPath },
      stdio: stdio === 'dev-full' ? ['ignore', devFull, devFull] : ['ignore', 'pipe', 'pipe'],
    });
    if (stdio === 'closed-pipe') {
      child.stdout!.destroy();
      child.stderr!.destroy();
    }
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])));
    const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : null;
    return { code, signal, report };
  } finally {
    if (devFull >= 0) closeSync(devFull);
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('guardStandardStreams in a real process', { timeout: 120_000 }, () => {
  const devFull = existsSync('/dev/full') ? false : 'no /dev/full';

  test('stdout and stderr on a full disk: the process writes 10,000 lines each way and exits 0', { skip: devFull }, async () => {
    const run = await runWritingChild('dev-full', true);
    assert.equal(run.code, 0);
    assert.equal(run.report?.writerDropped, 10_000);
    assert.ok(run.report!.streamErrors >= 1);
  });

  test('stdout and stderr on a closed pipe: the process writes 10,000 lines each way and exits 0', async () => {
    const run = await runWritingChild('closed-pipe', true);
    assert.equal(run.code, 0);
    assert.equal(run.report?.writerDropped, 10_000);
    assert.ok(run.report!.streamErrors >= 1);
  });

  test('without the guard, a full disk kills the process at its first process.stdout.write', { skip: devFull }, async () => {
    const run = await runWritingChild('dev-full', false);
    assert.notEqual(run.code, 0);
    assert.equal(run.report, null);
  });

  test('without the guard, a closed pipe kills the process', async () => {
    const run = await runWritingChild('closed-pipe', false);
    assert.notEqual(run.code, 0);
    assert.equal(run.report, null);
  });
});

/** A LineWriter whose lines are kept in memory. */
function memoryWriter(): { writer: LineWriter; lines: () => Promise<string[]> } {
  const fake = fakeFileSystem((_call, length) => length);
  const writer = new LineWriter(1, { fileSystem: fake.fileSystem });
  return {
    writer,
    lines: async () => {
      await writer.flush();
      return fake.text().split('\n').slice(0, -1);
    },
  };
}

const redactPasswords = (pathWithQuery: string) => pathWithQuery.replace(/((?:^|[?&])lgpassword=)[^&]*/g, '$1[redacted]');

const sampleEntry: RequestLogEntry = {
  time: Date.UTC(2026, 10, 25, 19, 44, 40, 123),
  client: '127.0.0.1',
  method: 'GET',
  url: '/wiki/api.php?action=query&lgpassword=hunter2',
  status: 200,
  bytes: 1234,
  durationMs: 0.5321,
  action: 'query',
  modules: 'allpages',
};

describe('RequestLog', () => {
  test('text: the documented fields in order, URL quoted and redacted', async () => {
    const memory = memoryWriter();
    const log = new RequestLog({ format: 'text', writer: memory.writer, redact: redactPasswords });
    log.record(sampleEntry);
    log.record({ ...sampleEntry, time: new Date(sampleEntry.time), errorCode: 'badvalue', worker: 4321, modules: 'info,revisions' });
    assert.deepEqual(await memory.lines(), [
      '2026-11-25T19:44:40.123Z 127.0.0.1 "GET /wiki/api.php?action=query&lgpassword=[redacted]" 200 1234 0.53ms action=query modules=allpages',
      '2026-11-25T19:44:40.123Z 127.0.0.1 "GET /wiki/api.php?action=query&lgpassword=[redacted]" 200 1234 0.53ms action=query modules=info,revisions error=badvalue worker=4321',
    ]);
  });

  test('a request cannot forge a log line: newlines, quotes and control characters are escaped', async () => {
    const memory = memoryWriter();
    const log = new RequestLog({ format: 'text', writer: memory.writer, redact: (url) => url });
    const forged = '2026-01-01T00:00:00.000Z 10.0.0.1 "GET /admin" 200 1 1.00ms';
    log.record({ ...sampleEntry, url: `/wiki/api.php?x=%0A${forged}&y=\n${forged}\r\u2028"\\\x1b[31m\x85` });
    log.record({ ...sampleEntry, action: `query\n${forged}`, modules: 'all pages "x"', errorCode: 'a\tb' });
    const lines = await memory.lines();
    assert.equal(lines.length, 2);
    assert.equal(lines[0], `2026-11-25T19:44:40.123Z 127.0.0.1 "GET /wiki/api.php?x=%0A${forged.replaceAll('"', '\\"')}&y=\\n${forged.replaceAll('"', '\\"')}\\r\\u2028\\"\\\\\\x1b[31m\\x85" 200 1234 0.53ms action=query modules=allpages`);
    assert.match(lines[1], / action="query\\n2026-01-01T00:00:00.000Z 10.0.0.1 \\"GET \/admin\\" 200 1 1.00ms" modules="all pages \\"x\\"" error="a\\tb"$/);
    for (const line of lines) assert.doesNotMatch(line, /[\x00-\x1f\x7f-\x9f\u2028\u2029]/);
  });

  test('json: one object per line with the same fields', async () => {
    const memory = memoryWriter();
    const log = new RequestLog({ format: 'json', writer: memory.writer, redact: redactPasswords });
    log.record({ ...sampleEntry, url: `${sampleEntry.url}&z=\n`, worker: 7 });
    const lines = await memory.lines();
    assert.equal(lines.length, 1);
    assert.deepEqual(JSON.parse(lines[0]), {
      time: '2026-11-25T19:44:40.123Z',
      client: '127.0.0.1',
      method: 'GET',
      url: '/wiki/api.php?action=query&lgpassword=[redacted]&z=\n',
      status: 200,
      bytes: 1234,
      durationMs: 0.532,
      action: 'query',
      modules: 'allpages',
      worker: 7,
    });
  });

  test("'none' writes nothing; a throwing redact or a bad time costs a line, never an exception", async () => {
    const memory = memoryWriter();
    const quiet = new RequestLog({ format: 'none', writer: memory.writer, redact: redactPasswords });
    assert.equal(quiet.enabled, false);
    quiet.record(sampleEntry);
    const broken = new RequestLog({ format: 'text', writer: memory.writer, redact: () => { throw new Error('no'); } });
    broken.record(sampleEntry);
    const badTime = new RequestLog({ format: 'text', writer: memory.writer, redact: (url) => url });
    badTime.record({ ...sampleEntry, time: Number.NaN });
    const lines = await memory.lines();
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^\S+ error request log entry could not be formatted url=/);
    assert.match(lines[1], /^\d{4}-\d\d-\d\dT[\d:.]+Z 127\.0\.0\.1 "GET /);
  });

  test('formatting a line costs a few microseconds (printed, not asserted)', () => {
    const rounds = 200_000;
    const entries = Array.from({ length: 16 }, (_, i) => ({ ...sampleEntry, time: sampleEntry.time as number + i, url: `${sampleEntry.url}&n=${i}` }));
    for (const format of ['text', 'json'] as const) {
      let length = 0;
      for (let i = 0; i < 20_000; i++) length += formatRequestLine(entries[i & 15], format, redactPasswords).length;
      const started = process.hrtime.bigint();
      for (let i = 0; i < rounds; i++) length += formatRequestLine(entries[i & 15], format, redactPasswords).length;
      const ns = Number(process.hrtime.bigint() - started) / rounds;
      console.log(`formatting a ${format} request line (with redaction): ${(ns / 1000).toFixed(2)} µs`);
      assert.ok(length > 0);
    }
    const noRedaction = (url: string) => url;
    const started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) formatRequestLine(entries[i & 15], 'text', noRedaction);
    console.log(`formatting a text request line (identity redact): ${(Number(process.hrtime.bigint() - started) / rounds / 1000).toFixed(2)} µs`);
  });
});

describe('logEvent', () => {
  test('an internal error is one line: class, message, first stack frame', async () => {
    const memory = memoryWriter();
    let error: unknown;
    try {
      (null as unknown as { x(): void }).x();
    } catch (err) {
      error = err;
    }
    logEvent(memory.writer, 'error', 'request failed', { error, method: 'GET', url: '/wiki/api.php?a=b c' });
    logEvent(memory.writer, 'info', 'listening', { port: 8080, workers: 4 });
    logEvent(memory.writer, 'warn', 'worker died', { pid: 123, code: 1, signal: null }, 'json');
    const lines = await memory.lines();
    assert.equal(lines.length, 3);
    assert.match(lines[0], /^\d{4}-\d\d-\d\dT[\d:.]+Z error request failed error="TypeError: Cannot read properties of null \(reading 'x'\) at .*logger\.test\.ts:\d+:\d+\)?" method=GET url="\/wiki\/api\.php\?a=b c"$/);
    assert.match(lines[1], /^\S+ info listening port=8080 workers=4$/);
    const json = JSON.parse(lines[2]);
    assert.deepEqual({ ...json, time: 'T' }, { time: 'T', level: 'warn', message: 'worker died', pid: 123, code: 1, signal: null });
  });

  test('messages and fields that would break the line are escaped; odd values never throw', async () => {
    const memory = memoryWriter();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    logEvent(memory.writer, 'warn', 'two\nlines', { 'bad key': 'v', big: 10n, cyclic, message: 'field named message' });
    logEvent(memory.writer, 'warn', 'two\nlines', { big: 10n, cyclic, message: 'field named message' }, 'json');
    const lines = await memory.lines();
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^\S+ warn two\\nlines bad_key=v big=10 cyclic="\[object Object\]" message="field named message"$/);
    const json = JSON.parse(lines[1]);
    assert.equal(json.message, 'two\nlines');
    assert.equal(json.field_message, 'field named message');
    assert.equal(json.big, '10');
  });

  test('describeError and escapeLogText', () => {
    class DatabaseBusyError extends Error {}
    const busy = Object.assign(new DatabaseBusyError('database is locked'), { code: 'SQLITE_BUSY' });
    assert.match(describeError(busy), /^DatabaseBusyError: database is locked \[SQLITE_BUSY\] at /);
    assert.doesNotMatch(describeError(busy), /\n/);
    assert.equal(describeError('plain'), 'plain');
    assert.equal(escapeLogText('plain text'), 'plain text');
    assert.equal(escapeLogText('a"b\\c\nd\u0000'), 'a\\"b\\\\c\\nd\\x00');
  });
});
