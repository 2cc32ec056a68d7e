// The revision listings (revisions.lists) and the archive (revisions.archive) give the same answers
// on MariaDB and PostgreSQL as on SQLite, over copies of the fixture wiki.
import type { Store } from '../../src/store/store.ts';
import { describeSameAnswersAsSqlite } from '../support/same-as-sqlite.ts';

const QUESTIONS: [string, (store: Store) => Promise<unknown>][] = [
  ['actors by names', (s) => s.revisions.lists.actors({ by: 'names', names: ['Bob', 'Alice', '192.0.2.200', 'oldwiki>Historian', 'Nobody'] }, true)],
  ['actors by user ids', (s) => s.revisions.lists.actors({ by: 'userIds', userIds: [3, 4, 999] }, false)],
  ['actors by prefix', (s) => s.revisions.lists.actors({ by: 'prefix', prefix: '', from: { name: 'B', inclusive: true }, limit: 100 }, false)],
  ['actors by prefix descending', (s) => s.revisions.lists.actors({ by: 'prefix', prefix: 'Ü', limit: 100 }, true)],
  ['contributions', (s) => s.revisions.lists.contributions({ actorId: 4, dir: 'older', limit: 100 })],
  ['contributions filtered', (s) => s.revisions.lists.contributions({ actorId: 3, dir: 'newer', start: '20250101000000', end: '20250115000000', from: { ts: '20250108000000', id: 1 }, namespaces: [0, 2], minor: false, top: false, created: false, hiddenMask: 4, limit: 50 })],
  ['contributions patrol', (s) => s.revisions.lists.contributions({ actorId: 4, dir: 'older', patrol: { join: 'inner', filter: { notEquals: [0] } }, limit: 100 })],
  ['contributions patrol left', (s) => s.revisions.lists.contributions({ actorId: 3, dir: 'older', patrol: { join: 'left', filter: {} }, tagId: 1, limit: 100 })],
  ['sizes', async (s) => [...(await s.revisions.lists.sizes([1, 75, 160, 999999]))]],
  ['all revisions', (s) => s.revisions.lists.allRevisions({ dir: 'older', limit: 500 })],
  ['all revisions filtered', (s) => s.revisions.lists.allRevisions({ dir: 'newer', namespaces: [0, 4], from: { ts: '20250110000000', id: 1 }, actor: { name: 'Admin', exclude: true }, hiddenMask: 4, limit: 100, slots: { texts: true } })],
  ['all revisions by user', (s) => s.revisions.lists.allRevisions({ dir: 'older', actor: { name: 'Mallory', exclude: false }, limit: 100, slots: { texts: false } })],
  ['archive by title', (s) => s.revisions.archive.revisions({ dir: 'older', order: { by: 'title', byNamespace: true, byTitle: true }, limit: 100 })],
  ['archive from', (s) => s.revisions.archive.revisions({ dir: 'newer', ranges: [{ namespaces: [0], from: 'C', to: 'T', prefix: 'D' }], namespaces: [0], excludeUser: 'Bob', order: { by: 'title', byNamespace: false, byTitle: true, from: { ns: 0, title: 'Deleted_page', ts: '20250114115626', id: 6 } }, limit: 100, slots: { texts: true } })],
  ['archive by user', (s) => s.revisions.archive.revisions({ dir: 'older', user: 'Bob', start: '20250114203000', hiddenMask: 4, order: { by: 'time', from: { ts: '20250114200149', id: 16 } }, limit: 100 })],
  ['archive titles', (s) => s.revisions.archive.revisions({ dir: 'older', titles: [{ ns: 0, dbKey: 'Deleted_page' }, { ns: 1, dbKey: 'Venus' }], tagId: 1, order: { by: 'title', byNamespace: true, byTitle: true }, limit: 100 })],
  ['archive revids', (s) => s.revisions.archive.revisions({ dir: 'newer', revIds: [436, 437, 448], order: { by: 'revid', from: { revId: 437, id: 1 } }, limit: 100 })],
  ['archive distinct titles', (s) => s.revisions.archive.titles({ dir: 'newer', byNamespace: true, from: { ns: 0, title: 'D' }, limit: 100 })],
];

/** Row values as numbers or text, whatever the driver gave (counts as bigint, bytes as Buffer). */
function normalised(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? Number(v) : v)));
}

async function answers(store: Store): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (const [name, ask] of QUESTIONS) out.set(name, normalised(await ask(store)));
  return out;
}

describeSameAnswersAsSqlite('revision listings and archive', answers);
