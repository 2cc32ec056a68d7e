// The session store on each backend: sessions that expire and end, throttle counters with their
// windows, the secret kept by the first process to ask, and the purge of what has expired.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { openSessionStore, type SessionStore, type SessionStoreLocation } from '../../src/store/sessions/open.ts';
import { databaseServerSkipReason, startDatabaseServer, type DatabaseKind, type DatabaseServer } from '../support/database-servers.ts';

function behaves(open: () => Promise<SessionStoreLocation>, close: () => Promise<void>): void {
  let store: SessionStore;
  let other: SessionStore;
  before(async () => {
    const location = await open();
    store = await openSessionStore(location);
    other = await openSessionStore(location);
  });
  after(async () => {
    await store.close();
    await other.close();
    await close();
  });

  test('sessions: written by one connection, read by another, replaced, ended, expired', async () => {
    await store.put('a'.repeat(32), '{"userId":6}', Date.now() + 60_000);
    assert.equal(await other.get('a'.repeat(32)), '{"userId":6}');
    await other.put('a'.repeat(32), '{"userId":7}', Date.now() + 60_000);
    assert.equal(await store.get('a'.repeat(32)), '{"userId":7}');
    await store.delete('a'.repeat(32));
    assert.equal(await other.get('a'.repeat(32)), null);
    await store.put('b'.repeat(32), '{}', Date.now() - 1);
    assert.equal(await store.get('b'.repeat(32)), null, 'an expired session is none');
    assert.ok((await store.purgeExpired()) >= 1);
  });

  test('counters: counted across connections, restarted once their window is over, cleared', async () => {
    for (let i = 0; i < 3; i++) await (i % 2 ? store : other).increment('throttler:x', 60);
    assert.equal(await store.count('throttler:x'), 3);
    await store.clear(['throttler:x']);
    assert.equal(await other.count('throttler:x'), 0);
    await store.increment('throttler:short', 1);
    await store.increment('throttler:short', 1);
    assert.equal(await store.count('throttler:short'), 2);
    await sleep(1100);
    assert.equal(await store.count('throttler:short'), 0, 'the window is over');
    await store.increment('throttler:short', 60);
    assert.equal(await store.count('throttler:short'), 1, 'a new window starts at 1');
  });

  test("the secret: the first one stored is everyone's", async () => {
    assert.equal(await store.secret('signing', 'first'), 'first');
    assert.equal(await other.secret('signing', 'second'), 'first');
  });
}

describe('session store: SQLite file', () => {
  let dir: string;
  behaves(
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'wikiquery-session-store-'));
      return { file: join(dir, 'nested', 'sessions.sqlite') };
    },
    async () => rmSync(dir, { recursive: true, force: true }),
  );
});

for (const kind of ['mariadb', 'postgres'] as DatabaseKind[]) {
  describe(`session store: ${kind}`, { skip: databaseServerSkipReason(kind) }, () => {
    let server: DatabaseServer;
    behaves(
      async () => {
        server = await startDatabaseServer(kind, { database: 'sessions' });
        return { url: server.url };
      },
      async () => server?.stop(),
    );
  });
}
