// Deadlines, locks and file health on real SQLite files: the interrupt extension (interrupt.c)
// stops a running statement, a lock held elsewhere fails at once, probe() and identityChanged()
// tell what became of the file.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, renameSync, rmSync, truncateSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SqliteDatabase } from '../../src/store/sqlite/database.ts';
import { openSqliteStore } from '../../src/store/sqlite/index.ts';
import { interruptExtension, INTERRUPT_ENTRY_POINT } from '../../src/store/sqlite/native-extension.ts';
import { createWiki } from '../../src/import/write/create-wiki.ts';
import { StoreBusyError, StoreInterruptedError } from '../../src/store/errors.ts';

/** Counts to 1e10: minutes of work, so only a deadline ends it. */
const ENDLESS = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 1e10) SELECT count(*) AS n FROM c';
const counting = (to: number) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < ${to}) SELECT count(*) AS n FROM c`;
/** Far above what the deadlines below need, for a loaded two-core machine. */
const PROMPTLY_MS = 3000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const extension = interruptExtension();
// A machine without a C compiler runs the fallback only; a compile error must fail the tests.
const noCompiler = 'error' in extension && extension.error.startsWith('no C compiler') ? extension.error : false;

let dir: string;
let wikiPath: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-interrupt-'));
  wikiPath = join(dir, 'wiki.sqlite');
  createWiki(wikiPath);
});

after(() => rmSync(dir, { recursive: true, force: true }));

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

describe('deadlines', { skip: noCompiler }, () => {
  test('the extension builds and loads', () => {
    assert.ok('path' in extension, 'error' in extension ? extension.error : '');
    const db = new SqliteDatabase(wikiPath);
    try {
      assert.equal(db.interruptible, true, db.interruptUnavailableReason);
      assert.equal(db.interruptUnavailableReason, undefined);
    } finally {
      db.close();
    }
  });

  test('a deadline stops a running query; once cleared, queries run to the end', () => {
    const db = new SqliteDatabase(wikiPath);
    try {
      db.setDeadline(100);
      const { ms } = timed(() => assert.throws(() => db.get(ENDLESS), StoreInterruptedError));
      assert.ok(ms < PROMPTLY_MS, `interrupted after ${ms} ms`);
      db.setDeadline(null);
      assert.deepEqual(db.get(counting(1000)), { n: 1000 });
      db.setDeadline(60_000);
      assert.deepEqual(db.get(counting(1000)), { n: 1000 });
      db.setDeadline(null);
      db.setDeadline(0);
      assert.deepEqual(db.get<{ n: number }>('SELECT count(*) AS n FROM page'), { n: 1 });
    } finally {
      db.close();
    }
  });

  test('a statement starting after the deadline fails, even with nothing running when it passed', async () => {
    const db = new SqliteDatabase(wikiPath);
    try {
      db.setDeadline(50);
      await sleep(150);
      assert.throws(() => db.get('SELECT 1 AS one'), StoreInterruptedError);
      assert.throws(() => db.all('SELECT 1 AS one'), StoreInterruptedError);
      assert.throws(() => db.rows('page_id', 'FROM page'), StoreInterruptedError);
      db.setDeadline(null);
      assert.deepEqual(db.get('SELECT 1 AS one'), { one: 1 });
    } finally {
      db.close();
    }
  });

  test('connections keep their own deadlines', () => {
    const limited = new SqliteDatabase(wikiPath);
    const unlimited = new SqliteDatabase(wikiPath);
    try {
      limited.setDeadline(100);
      // The limited connection's deadline passes while the other one works: that one goes on.
      assert.deepEqual(unlimited.get(counting(3_000_000)), { n: 3_000_000 });
      limited.setDeadline(100);
      unlimited.setDeadline(60_000);
      const { ms } = timed(() => assert.throws(() => limited.get(ENDLESS), StoreInterruptedError));
      assert.ok(ms < PROMPTLY_MS, `interrupted after ${ms} ms`);
      assert.deepEqual(unlimited.get(counting(1000)), { n: 1000 });
    } finally {
      limited.close();
      unlimited.close();
    }
  });

  test('a connection on another thread is interrupted while this thread queries without a deadline', async () => {
    const path = (extension as { path: string }).path;
    // Plain JavaScript over better-sqlite3: the worker needs no TypeScript loader.
    const worker = new Worker(
      `const Database = require(${JSON.stringify(fileURLToPath(import.meta.resolve('better-sqlite3')))});
       const { parentPort, workerData } = require('node:worker_threads');
       const db = new Database(workerData.wikiPath, { readonly: true });
       db.loadExtension(workerData.path, workerData.entryPoint);
       parentPort.postMessage('ready');
       db.prepare('SELECT wikiquery_deadline(?)').get(300);
       const start = performance.now();
       try { db.prepare(workerData.endless).get(); parentPort.postMessage({ code: 'finished' }); }
       catch (e) { parentPort.postMessage({ code: e.code, ms: performance.now() - start }); }
       db.close();`,
      { eval: true, workerData: { wikiPath, path, entryPoint: INTERRUPT_ENTRY_POINT, endless: ENDLESS } },
    );
    const messages: unknown[] = [];
    const outcome = new Promise<{ code: string; ms: number }>((done, fail) => {
      worker.on('message', (m) => (m === 'ready' ? messages.push(m) : done(m)));
      worker.on('error', fail);
    });
    const db = new SqliteDatabase(wikiPath);
    try {
      while (messages.length === 0) await sleep(10);
      assert.deepEqual(db.get(counting(2_000_000)), { n: 2_000_000 });
      const { code, ms } = await outcome;
      assert.equal(code, 'SQLITE_INTERRUPT');
      assert.ok(ms < PROMPTLY_MS, `interrupted after ${ms} ms`);
    } finally {
      db.close();
      await worker.terminate();
    }
  });

  test('closing a connection whose deadline is pending, the last one open, is harmless', () => {
    // In a process of its own: SQLite unloads the extension when its last connection closes,
    // while the watchdog thread still waits for that deadline.
    const script = `
      import { SqliteDatabase } from ${JSON.stringify(new URL('../../src/store/sqlite/database.ts', import.meta.url).href)};
      const db = new SqliteDatabase(${JSON.stringify(wikiPath)});
      if (!db.interruptible) throw new Error(db.interruptUnavailableReason);
      db.setDeadline(100);
      db.close();
      await new Promise((done) => setTimeout(done, 400));
      const again = new SqliteDatabase(${JSON.stringify(wikiPath)});
      again.setDeadline(100);
      try { again.get(${JSON.stringify(ENDLESS)}); } catch (e) { console.log(e.name); }
      again.setDeadline(200);
      again.close();
      await new Promise((done) => setTimeout(done, 400));
      console.log('alive');`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.deepEqual(output.trim().split('\n'), ['StoreInterruptedError', 'alive']);
  });
});

describe('without the extension (WIKIQUERY_NO_NATIVE=1)', () => {
  test('the store says why it cannot interrupt, answers queries, and refuses those starting past the deadline', async () => {
    process.env.WIKIQUERY_NO_NATIVE = '1';
    let store;
    try {
      store = openSqliteStore(wikiPath);
    } finally {
      delete process.env.WIKIQUERY_NO_NATIVE;
    }
    try {
      const control = store.control!;
      assert.equal(control.interruptible, false);
      assert.match(control.interruptUnavailableReason ?? '', /WIKIQUERY_NO_NATIVE/);
      control.setDeadline(60_000);
      assert.equal((await store.pages.byIds([1])).length, 1);
      control.setDeadline(30);
      await sleep(100);
      await assert.rejects(store.pages.byIds([1]), StoreInterruptedError);
      control.setDeadline(null);
      assert.equal((await store.pages.byIds([1])).length, 1);
    } finally {
      await store.close();
    }
  });
});

describe('locks', () => {
  /** A writer in rollback-journal mode holding the exclusive lock: no reader gets in. */
  function lockExclusively(path: string): Database.Database {
    const writer = new Database(path);
    writer.pragma('journal_mode = DELETE');
    writer.exec('BEGIN EXCLUSIVE');
    writer.exec('UPDATE page SET page_touched = page_touched');
    return writer;
  }

  test('a database locked by another connection fails the query at once with StoreBusyError', async () => {
    const store = openSqliteStore(wikiPath);
    const writer = lockExclusively(wikiPath);
    try {
      const start = performance.now();
      await assert.rejects(store.pages.byIds([1]), (e: unknown) => e instanceof StoreBusyError && /locked/.test(e.message));
      const ms = performance.now() - start;
      assert.ok(ms < 500, `failed after ${ms} ms`);
      writer.exec('ROLLBACK');
      assert.equal((await store.pages.byIds([1])).length, 1);
    } finally {
      writer.close();
      await store.close();
    }
  });

  test('a store opened while the database is locked opens, fails busy, then works once the lock is gone', async () => {
    const writer = lockExclusively(wikiPath);
    let store;
    try {
      store = openSqliteStore(wikiPath);
      await assert.rejects(store.site.stats(), StoreBusyError);
      writer.exec('ROLLBACK');
      assert.equal((await store.pages.byIds([1])).length, 1);
      assert.deepEqual(store.control!.probe(), { ok: true });
    } finally {
      writer.close();
      await store?.close();
    }
  });
});

describe('the database file', () => {
  test('probe() reads a good file and reports a file of garbage or a truncated one', async () => {
    const good = openSqliteStore(wikiPath);
    assert.deepEqual(good.control!.probe(), { ok: true });
    assert.equal(good.control!.databaseMilliseconds(), 0);
    await good.pages.byIds([1]);
    assert.ok(good.control!.databaseMilliseconds() > 0);
    await good.close();

    const garbagePath = join(dir, 'garbage.sqlite');
    writeFileSync(garbagePath, Buffer.alloc(64 * 1024, 'not a database '));
    const halfPath = join(dir, 'half.sqlite');
    copyFileSync(wikiPath, halfPath);
    truncateSync(halfPath, Math.floor(statSync(halfPath).size / 2));
    const noPagesPath = join(dir, 'no-pages.sqlite');
    const other = new Database(noPagesPath);
    other.exec('CREATE TABLE something (x)');
    other.close();

    for (const path of [garbagePath, halfPath, noPagesPath]) {
      const store = openSqliteStore(path);
      try {
        const probe = store.control!.probe();
        assert.equal(probe.ok, false, path);
        assert.ok(!probe.ok && probe.error.length > 0);
      } finally {
        await store.close();
      }
    }
  });

  test('probe() reads the page table under the wiki\'s table prefix', () => {
    const prefixedPath = join(dir, 'prefixed.sqlite');
    const file = new Database(prefixedPath);
    file.exec('CREATE TABLE mw_page (page_id INTEGER PRIMARY KEY)');
    file.close();
    const database = new SqliteDatabase(prefixedPath, { tablePrefix: 'mw_' });
    try {
      assert.deepEqual(database.probe(), { ok: true });
    } finally {
      database.close();
    }
  });

  test('identityChanged() turns true when another file is renamed over the path, or it is removed', async () => {
    const path = join(dir, 'replaced.sqlite');
    createWiki(path);
    const store = openSqliteStore(path);
    try {
      assert.equal(store.control!.path, path);
      assert.equal(store.control!.identityChanged(), false);
      createWiki(`${path}.new`);
      renameSync(`${path}.new`, path);
      assert.equal(store.control!.identityChanged(), true);
      // Still the file it opened.
      assert.equal((await store.pages.byIds([1])).length, 1);
      rmSync(path);
      assert.equal(store.control!.identityChanged(), true);
    } finally {
      await store.close();
    }
  });
});
