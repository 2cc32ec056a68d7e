// `wikiquery serve` as operators run it: several workers, killed and stopped under load, a locked,
// replaced, deleted or corrupted database, a full disk. Real processes, real files, loopback only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openSync, renameSync, copyFileSync, writeFileSync, unlinkSync, closeSync } from 'node:fs';
import { connect } from 'node:net';
import Database from 'better-sqlite3';
import { skipWithoutFixture } from '../support/fixture-wiki.ts';
import { childPids, copyFixture, startCli, useServedCopy, waitFor, type RunningCli, type WikiCopy } from './support.ts';

const skip = skipWithoutFixture;
const ALLPAGES = 'action=query&list=allpages&aplimit=5&format=json';

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text, headers: res.headers };
}

/** Requests from `concurrency` clients until `stop()`; counts answers by status and failures. */
function loadUntilStopped(url: string, concurrency: number) {
  let running = true;
  const counts = { ok: 0, other: new Map<number, number>(), failed: 0, errors: new Set<string>() };
  const clients = Array.from({ length: concurrency }, async () => {
    while (running) {
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status === 200) counts.ok++;
        else counts.other.set(res.status, (counts.other.get(res.status) ?? 0) + 1);
      } catch (e) {
        counts.failed++;
        const cause = (e as { cause?: { code?: string; message?: string } }).cause;
        counts.errors.add(String(cause?.code ?? cause?.message ?? e));
      }
    }
  });
  return {
    counts,
    stop: async () => {
      running = false;
      await Promise.all(clients);
      return counts;
    },
  };
}

describe('several workers behind one port', { skip }, () => {
  const served = useServedCopy(() => copyFixture({ drainTimeoutMs: 10_000 }), ['--workers', '2', '--log-format', 'none'], async (server) => {
    await waitFor('two workers', async () => (await json(`${server.base}/health`)).body.workers?.count === 2);
  });

  test('the metrics are the sum of every worker', async () => {
    for (let i = 0; i < 20; i++) await json(`${served.server.api}?${ALLPAGES}`);
    const text = (await json(`${served.server.base}/metrics`)).body as string;
    // One series per process: each worker's, and the supervisor's own.
    const memorySeries = text.split('\n').filter((l) => l.startsWith('wikiquery_process_resident_memory_bytes{'));
    assert.equal(memorySeries.length, 3, text);
    for (const pid of [...childPids(served.server.child.pid!), served.server.child.pid!]) assert.ok(memorySeries.some((l) => l.includes(`worker="${pid}"`)), `${pid}: ${memorySeries}`);
    const answered = text.split('\n').find((l) => l.startsWith('wikiquery_requests_total{action="query",module="allpages",status="200"}'));
    assert.ok(answered && Number(answered.split(' ').pop()) >= 20, answered);
    assert.match(text, /^wikiquery_workers 2$/m);
  });

  test('a worker killed under load is replaced while the other keeps serving', async () => {
    const workers = childPids(served.server.child.pid!);
    assert.equal(workers.length, 2);
    const load = loadUntilStopped(`${served.server.api}?${ALLPAGES}`, 8);
    await new Promise((r) => setTimeout(r, 1000));
    process.kill(workers[0], 'SIGKILL');
    await new Promise((r) => setTimeout(r, 1500));
    const counts = await load.stop();
    // Requests in flight on the killed worker are lost with it; nothing else fails.
    assert.ok(counts.ok > 100, JSON.stringify(counts));
    assert.ok(counts.failed <= 16, `failed: ${counts.failed}`);
    assert.equal(counts.other.size, 0, JSON.stringify([...counts.other]));
    const health = await waitFor('a replacement worker', async () => {
      const h = (await json(`${served.server.base}/health`)).body;
      return h.workers?.count === 2 && h.workers.restarts === 1 ? h : undefined;
    });
    assert.equal(health.status, 'ok');
    assert.equal(childPids(served.server.child.pid!).length, 2);
    assert.ok(!childPids(served.server.child.pid!).includes(workers[0]));
  });

  test('SIGHUP replaces every worker under load without a refused request', async () => {
    const before = childPids(served.server.child.pid!);
    const load = loadUntilStopped(`${served.server.api}?${ALLPAGES}`, 4);
    await new Promise((r) => setTimeout(r, 500));
    served.server.child.kill('SIGHUP');
    await waitFor('new workers', () => {
      const now = childPids(served.server.child.pid!);
      return now.length === 2 && now.every((pid) => !before.includes(pid)) ? now : undefined;
    }, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    const counts = await load.stop();
    assert.ok(counts.ok > 50, JSON.stringify(counts));
    // A keep-alive connection closed by a draining worker just as a request is sent on it is the
    // one race HTTP/1.1 leaves open; nothing else may fail.
    assert.ok(counts.failed <= 2, `failed: ${counts.failed} (${[...counts.errors]})`);
    assert.equal(counts.other.size, 0, JSON.stringify([...counts.other]));
  });

  test('SIGTERM lets a slow request finish, then the whole stops', async () => {
    // A POST whose body arrives slowly is a request in flight for as long as it takes.
    const body = 'action=query&list=allpages&aplimit=3&format=json';
    const socket = connect(served.server.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (c) => (answer += c.toString()));
    const closed = new Promise((r) => socket.once('close', r));
    socket.write(`POST /wiki/api.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 300));
    served.server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1200));
    socket.write(body.slice(10));
    await closed;
    assert.match(answer, /^HTTP\/1\.1 200 OK/);
    assert.match(answer, /"allpages":\[/);
    const { code } = await served.server.exited;
    assert.equal(code, 0);
    await assert.rejects(fetch(`${served.server.base}/health`));
  });
});

describe('a database that changes under the server', { skip }, () => {
  const served = useServedCopy(() => copyFixture({ databaseCheckMs: 200, busyWaitMs: 500 }), ['--workers', '0', '--log-format', 'none']);

  test('a lock held by another process costs a short wait and a clear error, and stalls nothing else', async () => {
    const writer = new Database(served.wiki.db);
    writer.pragma('journal_mode = DELETE');
    writer.exec('BEGIN EXCLUSIVE');
    writer.exec("UPDATE page SET page_touched = '20300101000000' WHERE page_id = 1");
    try {
      const started = Date.now();
      const pending = json(`${served.server.api}?${ALLPAGES}`);
      // Meanwhile the process answers at once: nothing waits on the lock but the request itself.
      const healthStarted = Date.now();
      await json(`${served.server.base}/health`);
      assert.ok(Date.now() - healthStarted < 400, `health took ${Date.now() - healthStarted} ms`);
      const locked = await pending;
      const took = Date.now() - started;
      assert.equal(locked.status, 503);
      assert.equal(locked.headers.get('retry-after'), '1');
      assert.equal(locked.body.error.code, 'internal_api_error_DBQueryError');
      assert.ok(took >= 250 && took < 3000, `answered after ${took} ms`);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
    const after = await json(`${served.server.api}?${ALLPAGES}`);
    assert.equal(after.status, 200);
    assert.equal(after.body.query.allpages.length, 5);
  });

  test('a database replaced by rename is served to new requests without a restart', async () => {
    const next = `${served.wiki.db}.tmp`;
    copyFileSync(served.wiki.db, next);
    const writer = new Database(next);
    writer.exec("UPDATE page SET page_title = 'Aaa_replaced' WHERE page_namespace = 0 AND page_title = '1984'");
    writer.close();
    renameSync(next, served.wiki.db);
    const titles = await waitFor('the new database', async () => {
      const answer = await json(`${served.server.api}?${ALLPAGES}`);
      const list = answer.body.query.allpages.map((p: { title: string }) => p.title);
      return list.includes('Aaa replaced') ? list : undefined;
    });
    assert.ok(!titles.includes('1984'));
    const health = (await json(`${served.server.base}/health`)).body;
    assert.equal(health.status, 'ok');
    assert.equal(health.database.replaced, false);
  });

  test('a deleted database is reported by the health endpoint, and still served', async () => {
    const kept = `${served.wiki.db}.kept`;
    copyFileSync(served.wiki.db, kept);
    unlinkSync(served.wiki.db);
    try {
      const health = await waitFor('the health report', async () => {
        const h = await json(`${served.server.base}/health`);
        return h.body.database?.replaced ? h : undefined;
      });
      assert.equal(health.body.status, 'degraded');
      assert.match(health.body.database.error, /missing/);
      assert.equal((await json(`${served.server.api}?${ALLPAGES}`)).status, 200);
    } finally {
      renameSync(kept, served.wiki.db);
    }
  });
});

describe('a corrupted database', { skip }, () => {
  const served = useServedCopy(() => copyFixture({ databaseCheckMs: 0 }), ['--workers', '0', '--log-format', 'none']);

  test('is reported by the health endpoint, and requests get errors, not a dead server', async () => {
    // Garbage written over the file in place (the same file, as a disk fault would leave it).
    writeFileSync(served.wiki.db, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(2_000_000, 0x5a)]));
    const health = await json(`${served.server.base}/health`);
    assert.equal(health.status, 503);
    assert.equal(health.body.status, 'failing');
    assert.equal(health.body.database.readable, false);
    for (let i = 0; i < 5; i++) {
      const answer = await json(`${served.server.api}?action=query&list=allpages&apfrom=Q${i}&format=json`);
      assert.ok(answer.body.error, JSON.stringify(answer.body).slice(0, 300));
    }
    assert.equal(served.server.child.exitCode, null);
  });
});

describe('a full disk', { skip }, () => {
  test('standard output, standard error and the request log on /dev/full: the server keeps serving', async () => {
    const wiki = copyFixture();
    const full = openSync('/dev/full', 'w');
    let server: RunningCli | undefined;
    try {
      server = await startCli(['--db', wiki.db, '--config', wiki.config, '--workers', '0', '--log-file', '-'], { stdio: ['ignore', full, full] });
      for (let i = 0; i < 50; i++) assert.equal((await json(`${server.api}?${ALLPAGES}`)).status, 200);
      // An internal error's log line and an aborted request go to the full disk too.
      const socket = connect(server.port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.end('POST /wiki/api.php HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\naction=');
      socket.destroy();
      // A failed write is counted when the write's callback comes back: on a busy machine a few
      // may still be on their way when the first look is taken.
      let dropped = 0;
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
        const metrics = (await json(`${server.base}/metrics`)).body as string;
        dropped = Number(/^wikiquery_log_lines_dropped_total (\d+)/m.exec(metrics)?.[1]);
        if (dropped >= 50) break;
      }
      assert.ok(dropped >= 50, `dropped ${dropped}`);
      assert.equal(server.child.exitCode, null);
    } finally {
      closeSync(full);
      await server?.stop();
      wiki.remove();
    }
  });
});

/** The fixture with half a million more pages: `apminsize` then scans them all (about 0.2 s). */
function bigWiki(serve: Parameters<typeof copyFixture>[0]): WikiCopy {
  const wiki = copyFixture(serve);
  const writer = new Database(wiki.db);
  writer.pragma('journal_mode = OFF');
  writer.pragma('synchronous = OFF');
  writer.exec(`WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 500000)
    INSERT INTO page (page_namespace, page_title, page_is_redirect, page_is_new, page_random, page_touched, page_latest, page_len)
    SELECT 0, 'Generated_' || x, 0, 1, abs(random()) / 9223372036854775807.0, '20240101000000', 1, 10 FROM n`);
  writer.close();
  return wiki;
}

const SCAN = 'action=query&list=allpages&apminsize=100000000&aplimit=max&format=json';

describe('slow queries', { skip }, () => {
  const served = useServedCopy(() => bigWiki({ queryThreads: 2 }), ['--workers', '0', '--log-format', 'none', '--time-limit', '0.1']);

  test('a request past the time limit is stopped and answers MediaWiki\'s timeout error', async () => {
    const started = Date.now();
    const answer = await json(`${served.server.api}?${SCAN}`);
    const took = Date.now() - started;
    assert.equal(answer.status, 200);
    assert.equal(answer.body.error.code, 'internal_api_error_Wikimedia\\RequestTimeout\\RequestTimeoutException');
    assert.match(answer.body.error.info, /^\[[0-9a-f]{24}\] Exception caught: The maximum request time of 0\.1 seconds was exceeded\.$/);
    assert.equal(answer.headers.get('mediawiki-api-error'), 'internal_api_error_Wikimedia\\RequestTimeout\\RequestTimeoutException');
    assert.ok(took < 2000, `answered after ${took} ms`);
    const metrics = (await json(`${served.server.base}/metrics`)).body as string;
    assert.match(metrics, /^wikiquery_request_timeouts_total [1-9]/m);
  });
});

describe('slow requests never keep the others waiting', { skip }, () => {
  const served = useServedCopy(() => bigWiki({ queryThreads: 2 }), ['--workers', '0', '--log-format', 'none']);

  test('eight scans at once, and a siteinfo answered meanwhile', async () => {
    await json(`${served.server.api}?${SCAN}`); // the query threads start
    const scans = Array.from({ length: 8 }, () => json(`${served.server.api}?${SCAN}`));
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const siteinfo = await json(`${served.server.api}?action=query&meta=siteinfo&format=json`);
    const took = Date.now() - started;
    assert.equal(siteinfo.body.query.general.sitename, 'Fixture Wiki');
    const answers = await Promise.all(scans);
    for (const answer of answers) assert.deepEqual(answer.body.query.allpages, []);
    const scansTook = Date.now() - started;
    // The scans take their time on the query threads; siteinfo does not wait for them.
    assert.ok(took < scansTook / 2 && took < 500, `siteinfo ${took} ms, scans ${scansTook} ms`);
    const metrics = (await json(`${served.server.base}/metrics`)).body as string;
    assert.match(metrics, /^wikiquery_query_thread_requests_total (9|[1-9]\d)/m);
  });
});
