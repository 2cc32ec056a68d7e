// How a text row is written into PostgreSQL, whose TEXT column MediaWiki fills with UTF-8 only:
// deflated text inflated (gzip flag dropped), an external address kept, bytes it cannot hold refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { postgresTextRow } from '../../src/import/copy/values.ts';
import { ConversionLog } from '../../src/import/copy/target.ts';

const COLUMNS = ['old_id', 'old_text', 'old_flags'];

function rewritten(row: unknown[]): { row: unknown[]; log: ConversionLog } {
  const log = new ConversionLog();
  const copy = [...row];
  postgresTextRow(COLUMNS, log)!(copy);
  return { row: copy, log };
}

test('deflated text is written inflated, without the gzip flag', () => {
  const { row, log } = rewritten([7, deflateRawSync(Buffer.from('Grüße')), Buffer.from('utf-8,gzip')]);
  assert.deepEqual([row[0], Buffer.from(row[1] as Buffer).toString('utf8'), row[2]], [7, 'Grüße', 'utf-8']);
  assert.deepEqual([...log.counts.values()], [1]);
});

test('plain text and external addresses stay as they are', () => {
  for (const row of [[1, 'plain', 'utf-8'], [2, 'DB://cluster1/42', 'utf-8,gzip,external']]) {
    const { row: after, log } = rewritten(row);
    assert.deepEqual(after, row);
    assert.equal(log.counts.size, 0);
  }
});

test('what PostgreSQL cannot hold is refused with the row it is in', () => {
  assert.throws(() => rewritten([3, Buffer.from('not deflated'), 'utf-8,gzip']), /text row 3: old_flags say gzip but old_text does not inflate/);
  assert.throws(() => rewritten([4, Buffer.from([0x4f, 0x3a, 0xff]), 'object']), /text row 4: a serialized history blob \(old_flags object\)/);
  assert.doesNotThrow(() => rewritten([5, 'O:15:"HistoryBlobStub":0:{}', 'object']));
});

test('a table without old_text and old_flags is not rewritten', () => {
  assert.equal(postgresTextRow(['old_id'], new ConversionLog()), undefined);
});
