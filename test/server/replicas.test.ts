// A wiki on a primary and a replica (MariaDB replicating by GTID; a PostgreSQL hot standby), served
// by `serve` with the replica configured: the lags siteinfo reports, maxlag's error when the replica
// falls behind, reads leaving a replica past its lag bound and coming back once it catches up,
// and a replica that stops answering under load, taken out of rotation without a failed answer
// and put back once it answers again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createConnection } from 'mariadb';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { copyWiki } from '../../src/import/copy/index.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { openServerStore, type ServerDatabase } from '../../src/store/server-store.ts';
import { databaseServerSkipReason, startMariaDbReplication, startPostgresStandby, type DatabaseKind, type DatabaseServer, type ReplicatedServers } from '../support/database-servers.ts';
import { fixtureConfig, fixtureDb, skipWithoutFixture } from '../support/fixture-wiki.ts';

interface DbReplLag { host: string; lag: number | false }

async function query(server: DatabaseServer, sql: string): Promise<Record<string, any>[]> {
  const connection = await createConnection({ host: server.host, port: server.port, user: server.user, database: server.database, bigIntAsNumber: true });
  try {
    return (await connection.query(sql)) as Record<string, any>[];
  } finally {
    await connection.end();
  }
}

async function execute(server: DatabaseServer, sql: string): Promise<void> {
  if (server.kind === 'mariadb') {
    const connection = await createConnection({ host: server.host, port: server.port, user: server.user, database: server.database });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
    return;
  }
  const client = new pg.Client({ host: server.host, port: server.port, user: server.user, database: server.database });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function api(wiki: RunningServer, query: string): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(`${wiki.url}?${query}&format=json&formatversion=2`);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

async function lags(wiki: RunningServer): Promise<DbReplLag[]> {
  return (await api(wiki, 'action=query&meta=siteinfo&siprop=dbrepllag&sishowalldb=1')).body.query.dbrepllag as DbReplLag[];
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

/** Titles of list=allpages from `from`: which copy of the wiki answered. */
async function firstTitle(wiki: RunningServer, from: string): Promise<string | undefined> {
  const answer = await api(wiki, `action=query&list=allpages&apfrom=${encodeURIComponent(from)}&aplimit=1`);
  assert.equal(answer.status, 200);
  return answer.body.query.allpages[0]?.title;
}

async function health(wiki: RunningServer): Promise<{ readable: boolean; servers?: { name: string; up: boolean; readable: boolean; lag: number | false | null }[] }> {
  return ((await (await fetch(new URL('/health', wiki.url))).json()) as { database: any }).database;
}

/**
 * Percona's pt-heartbeat --update on the primary (its server_id 1): a row of heartbeat.heartbeat
 * rewritten every 0.1 s, replicated. Without the tool (Debian's percona-toolkit) the test writes
 * the same rows itself, and says so.
 */
async function startHeartbeat(primary: DatabaseServer): Promise<{ stop(): Promise<void> }> {
  const tool = ['/usr/bin/pt-heartbeat', '/usr/local/bin/pt-heartbeat'].find((path) => existsSync(path));
  if (!tool) {
    process.stderr.write('\n!!! pt-heartbeat not found (Debian package percona-toolkit): the test writes its heartbeat rows itself\n\n');
    await execute(primary, 'CREATE TABLE heartbeat.heartbeat (ts VARCHAR(26) NOT NULL, server_id INT UNSIGNED NOT NULL PRIMARY KEY)');
    const beat = () => execute(primary, "REPLACE INTO heartbeat.heartbeat (ts, server_id) VALUES (DATE_FORMAT(UTC_TIMESTAMP(6), '%Y-%m-%dT%H:%i:%s.%f'), 1)");
    await beat();
    const timer = setInterval(() => void beat().catch(() => {}), 100);
    return { stop: async () => clearInterval(timer) };
  }
  const child = spawn(tool, [
    '--update', '--create-table', '--utc', '--interval', '0.1', '--database', 'heartbeat',
    '--host', primary.host, '--port', String(primary.port), '--user', primary.user,
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
  await until('pt-heartbeat has written its first row', async () => {
    if (child.exitCode !== null) throw new Error(`pt-heartbeat exited (${child.exitCode}): ${errors}`);
    try {
      return (await query(primary, 'SELECT COUNT(*) AS n FROM heartbeat.heartbeat'))[0]?.n > 0;
    } catch {
      return false;
    }
  });
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A server and the processes it started (PostgreSQL's backends are processes of their own). */
function signalServer(pid: number, signal: NodeJS.Signals): void {
  // Its children, from /proc (field 4 of /proc/PID/stat is the parent's id).
  const children = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((child) => {
    try {
      const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch {
      return false;
    }
  });
  process.kill(pid, signal);
  for (const child of children) {
    try {
      process.kill(child, signal);
    } catch {
      // gone in the meantime
    }
  }
}

async function replicaState(wiki: RunningServer) {
  return (await health(wiki)).servers?.find((server) => server.name === 'replica');
}

/**
 * Six clients asking `query` again and again while `meanwhile` runs (given the number of answers
 * so far): every answer must be a 200 that `good` accepts. Returns how many there were.
 */
async function underLoad(wiki: RunningServer, query: string, good: (body: any) => boolean, meanwhile: (answers: () => number) => Promise<void>): Promise<number> {
  let stop = false;
  let answers = 0;
  const clients = Array.from({ length: 6 }, async () => {
    while (!stop) {
      const answer = await api(wiki, query);
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.ok(good(answer.body), JSON.stringify(answer.body));
      answers++;
    }
  });
  try {
    await sleep(300);
    await meanwhile(() => answers);
  } finally {
    stop = true;
    await Promise.allSettled(clients);
  }
  await Promise.all(clients);
  return answers;
}

function replicated(kind: DatabaseKind, label: string, start: () => Promise<ReplicatedServers>): void {
  describe(`a primary and a replica on ${label}`, { skip: skipWithoutFixture || databaseServerSkipReason(kind) }, () => {
    let servers: ReplicatedServers;
    let wiki: RunningServer;
    let heartbeat: { stop(): Promise<void> } | undefined;

    before(async () => {
      servers = await start();
      await copyWiki({ from: fixtureDb, to: servers.primary.url });
      if (kind === 'mariadb') {
        await execute(servers.primary, 'CREATE DATABASE heartbeat');
        heartbeat = await startHeartbeat(servers.primary);
      }
      await servers.caughtUp();
      const database: ServerDatabase = {
        url: servers.primary.url,
        primary: { name: 'primary', weight: 1 },
        replicas: [{ url: servers.replica.url, name: 'replica', weight: 1, maxLag: 1 }],
        lagCheckMs: 100,
        ...(kind === 'mariadb' ? { lagDetection: { method: 'pt-heartbeat' as const } } : {}),
      };
      wiki = await startServer({
        db: database,
        site: { ...loadSiteConfig(fixtureConfig), showHostnames: true },
        port: 0,
        host: '127.0.0.1',
        // A frozen server is found by its lag measurement (a second's wait, every 100 ms here),
        // well within the time limit of the requests waiting on it, which are then asked elsewhere.
        serve: { timeLimitMs: 5000 },
      });
    });
    after(async () => {
      await heartbeat?.stop();
      await wiki?.close();
      await servers?.stop();
    });

    test('siteinfo dbrepllag lists both servers, the primary at 0 and the replica caught up', async () => {
      const all = await lags(wiki);
      assert.deepEqual(all.map((s) => s.host), ['primary', 'replica']);
      assert.equal(all[0]!.lag, 0);
      assert.ok(typeof all[1]!.lag === 'number' && all[1]!.lag < 1, `replica lag ${all[1]!.lag}`);
      const most = (await api(wiki, 'action=query&meta=siteinfo&siprop=dbrepllag')).body.query.dbrepllag as DbReplLag[];
      assert.equal(most.length, 1);
      assert.ok(['primary', 'replica'].includes(most[0]!.host));
      assert.equal((await api(wiki, 'action=query&meta=siteinfo&maxlag=5')).status, 200);
    });

    test('a lagging replica: maxlag answers its error, reads go to the primary, and come back after it catches up', async () => {
      await servers.pauseReplication();
      await execute(servers.primary, kind === 'mariadb'
        ? "UPDATE page SET page_title = 'Lag_probe' WHERE page_namespace = 0 AND page_title = 'Mars'"
        : "UPDATE mediawiki.page SET page_title = 'Lag_probe' WHERE page_namespace = 0 AND page_title = 'Mars'");
      await until('the replica lags more than 1.5 s', async () => {
        const lag = (await lags(wiki))[1]!.lag;
        return typeof lag === 'number' && lag > 1.5;
      });

      const refused = await api(wiki, 'action=query&meta=siteinfo&maxlag=1');
      assert.equal(refused.status, 200);
      assert.equal(refused.headers.get('mediawiki-api-error'), 'maxlag');
      assert.equal(refused.headers.get('retry-after'), '5');
      assert.ok(Number(refused.headers.get('x-database-lag')) >= 1);
      const error = refused.body.errors?.[0] ?? refused.body.error;
      assert.equal(error.code, 'maxlag');
      assert.equal(error.host, 'replica');
      assert.equal(error.type, 'db');
      assert.ok(error.lag > 1.5);
      assert.match(error.info ?? error.text, /^Waiting for replica: [\d.]+ seconds lagged\.$/);
      assert.equal((await api(wiki, 'action=query&meta=siteinfo&maxlag=600')).status, 200);

      // Past its bound of 1 s the replica takes no reads: every answer has the primary's new title.
      for (let i = 0; i < 20; i++) assert.equal(await firstTitle(wiki, 'Lag'), 'Lag probe');
      const lagging = await health(wiki);
      assert.equal(lagging.readable, true);
      assert.equal(lagging.servers?.find((s) => s.name === 'replica')?.readable, false);

      await servers.resumeReplication();
      await servers.caughtUp();
      await until('the replica is readable again', async () => (await replicaState(wiki))?.readable === true);
      assert.equal((await api(wiki, 'action=query&meta=siteinfo&maxlag=1')).status, 200);
      assert.equal(await firstTitle(wiki, 'Lag'), 'Lag probe');
    });

    test('a replica that stops answering under load: no failed answer, out of rotation, back once it answers', async () => {
      const answered = await underLoad(wiki, 'action=query&list=allpages&aplimit=5&prop=info', (body) => body.query?.allpages.length === 5, async (answers) => {
        signalServer(servers.replica.pid, 'SIGSTOP');
        try {
          await until('the replica is out of rotation', async () => (await replicaState(wiki))?.up === false);
          await sleep(500);
          const during = answers();
          await sleep(1000);
          assert.ok(answers() > during, 'requests are answered while the replica is out');
        } finally {
          signalServer(servers.replica.pid, 'SIGCONT');
        }
        await until('the replica is back in rotation', async () => (await replicaState(wiki))?.up === true);
      });
      assert.ok(answered > 20, `${answered} answers`);
    });

    test('a replica killed under load: every request is answered by the primary', async () => {
      await underLoad(wiki, 'action=query&generator=allpages&gaplimit=5&prop=info', (body) => Object.keys(body.query?.pages ?? {}).length === 5, async (answers) => {
        signalServer(servers.replica.pid, 'SIGKILL');
        await until('the replica is out of rotation', async () => (await replicaState(wiki))?.up === false);
        const during = answers();
        await sleep(1000);
        assert.ok(answers() > during + 10, 'requests are answered after the kill');
      });
      const state = await health(wiki);
      assert.equal(state.readable, true);
      assert.equal(state.servers?.find((s) => s.name === 'primary')?.up, true);
    });
  });
}

replicated('mariadb', 'MariaDB', () => startMariaDbReplication());
replicated('postgres', 'PostgreSQL', () => startPostgresStandby());

describe('MariaDB lag from the replication status (MediaWiki\'s default detection)', { skip: skipWithoutFixture || databaseServerSkipReason('mariadb') }, () => {
  test('a replica applying changes is 0 s behind; one whose SQL thread stopped is not replicating (false)', async () => {
    const servers = await startMariaDbReplication();
    try {
      await copyWiki({ from: fixtureDb, to: servers.primary.url });
      await servers.caughtUp();
      const store = await openServerStore({ url: servers.primary.url, replicas: [{ url: servers.replica.url }], lagCheckMs: 100 });
      try {
        await until('the replica reports 0', async () => store.replication!.lagTimes()[1]!.lag === 0);
        assert.deepEqual(store.replication!.maxLag(), { host: `127.0.0.1:${servers.replica.port}`, lag: 0, index: 1 });
        await servers.pauseReplication();
        await until('the replica reports false', async () => store.replication!.lagTimes()[1]!.lag === false);
        // MediaWiki's getMaxLag skips a server that does not replicate, and so does maxlag.
        assert.deepEqual(store.replication!.maxLag(), { host: '', lag: -1, index: 0 });
        // Nothing else can take the reads, so the replica still answers them.
        assert.equal((await store.pages.byTitles([{ ns: 0, dbKey: 'Earth' }]))[0]?.page_title, 'Earth');
      } finally {
        await store.close();
      }
    } finally {
      await servers.stop();
    }
  });
});
