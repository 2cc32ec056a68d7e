// A store on MariaDB and on PostgreSQL answers as on SQLite: each server gets a copy of the fixture
// wiki (made by `wikiquery copy`), and what a test asks of it must equal what the fixture itself
// answers. Skipped without the fixture or a database server.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { copyWiki } from '../../src/import/copy/index.ts';
import { openMariaDbStore } from '../../src/store/mariadb/executor.ts';
import { openPostgresStore } from '../../src/store/postgres/executor.ts';
import { openSqliteStore } from '../../src/store/sqlite/index.ts';
import type { Store } from '../../src/store/store.ts';
import { databaseServerSkipReason, startMariaDb, startPostgres, type DatabaseServer } from './database-servers.ts';
import { fixtureDb } from './fixture-wiki.ts';

/** Asserts one answer of a server's store against SQLite's. */
export type AnswerCheck<T> = (got: T | undefined, want: T, question: string) => void;

/**
 * Describes `subject` on MariaDB (with a table prefix) and on PostgreSQL: `answers` maps each
 * question to its answer, and every answer SQLite gives must be the server's too.
 */
export function describeSameAnswersAsSqlite<T>(
  subject: string,
  answers: (store: Store) => Promise<Map<string, T>>,
  check: AnswerCheck<T> = (got, want, question) => assert.deepEqual(got, want, question),
): void {
  let expected: Promise<Map<string, T>> | undefined;
  async function assertSameAnswers(store: Store): Promise<void> {
    expected ??= (async () => {
      const sqlite = openSqliteStore(fixtureDb);
      try {
        return await answers(sqlite);
      } finally {
        await sqlite.close();
      }
    })();
    const want = await expected;
    const got = await answers(store);
    for (const [question, answer] of want) check(got.get(question), answer, question);
  }

  const noFixture = existsSync(fixtureDb) ? undefined : 'fixture wiki missing';
  const servers = [
    { name: 'MariaDB', kind: 'mariadb', start: startMariaDb, prefix: 'mw_', open: (url: string) => openMariaDbStore(url, { tablePrefix: 'mw_' }) },
    { name: 'PostgreSQL', kind: 'postgres', start: startPostgres, prefix: undefined, open: (url: string) => openPostgresStore(url) },
  ] as const;
  for (const { name, kind, start, prefix, open } of servers) {
    describe(`${subject} on ${name}`, { skip: noFixture ?? databaseServerSkipReason(kind) }, () => {
      let server: DatabaseServer;
      before(async () => {
        server = await start();
        await copyWiki({ from: fixtureDb, to: server.url, ...(prefix ? { prefix } : {}) });
      });
      after(() => server?.stop());

      test('answers as on SQLite', async () => {
        const store = await open(server.url);
        try {
          await assertSameAnswers(store);
        } finally {
          await store.close();
        }
      });
    });
  }
}
