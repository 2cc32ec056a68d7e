// A server store opened with a statement timeout (the server's time limit) has the database stop a
// statement that runs past it, and raises StoreInterruptedError for it at once, so the request is
// answered with the time-limit error instead of waiting for the statement to finish.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseServerSkipReason, startMariaDb, startPostgres, type DatabaseServer } from '../support/database-servers.ts';
import { StoreInterruptedError } from '../../src/store/errors.ts';
import { MariaDbExecutor } from '../../src/store/mariadb/executor.ts';
import { PostgresExecutor } from '../../src/store/postgres/executor.ts';
import type { SqlExecutor } from '../../src/store/sql/executor.ts';

const TIMEOUT_MS = 100;
const SLOW_SECONDS = 2;

async function assertStoppedQuickly(executor: SqlExecutor & { close(): Promise<void> }, slowSql: string): Promise<void> {
  try {
    const started = Date.now();
    await assert.rejects(Promise.resolve(executor.all(slowSql)), (e: unknown) => e instanceof StoreInterruptedError && e.cause instanceof Error);
    const elapsed = Date.now() - started;
    assert.ok(elapsed < SLOW_SECONDS * 1000 / 2, `stopped after ${elapsed} ms`);
    // The pooled session stays usable, its timeout still set.
    assert.deepEqual(await executor.all('SELECT 1 AS one'), [{ one: 1 }]);
    await assert.rejects(Promise.resolve(executor.all(slowSql)), StoreInterruptedError);
  } finally {
    await executor.close();
  }
}

describe('MariaDB stops a statement at the statement timeout', { skip: databaseServerSkipReason('mariadb') }, () => {
  let server: DatabaseServer;
  before(async () => {
    server = await startMariaDb();
  });
  after(() => server?.stop());

  test('a slow statement raises StoreInterruptedError quickly', async () => {
    const executor = await MariaDbExecutor.open(server.url, { statementTimeoutMs: TIMEOUT_MS, connections: 1 });
    await assertStoppedQuickly(executor, `SELECT SLEEP(${SLOW_SECONDS}) AS s`);
  });

  test('without a timeout the statement runs to its end', async () => {
    const executor = await MariaDbExecutor.open(server.url, { connections: 1 });
    try {
      assert.deepEqual(await executor.all('SELECT SLEEP(0.3) AS s'), [{ s: 0 }]);
    } finally {
      await executor.close();
    }
  });
});

describe('PostgreSQL stops a statement at the statement timeout', { skip: databaseServerSkipReason('postgres') }, () => {
  let server: DatabaseServer;
  before(async () => {
    server = await startPostgres();
  });
  after(() => server?.stop());

  test('a slow statement raises StoreInterruptedError quickly', async () => {
    const executor = new PostgresExecutor(server.url, { statementTimeoutMs: TIMEOUT_MS, connections: 1 });
    await assertStoppedQuickly(executor, `SELECT pg_sleep(${SLOW_SECONDS})`);
  });

  test('without a timeout the statement runs to its end', async () => {
    const executor = new PostgresExecutor(server.url, { connections: 1 });
    try {
      assert.equal((await executor.all('SELECT pg_sleep(0.3) AS s')).length, 1);
    } finally {
      await executor.close();
    }
  });
});
