// sha1Base36: MediaWiki's base-36 SHA-1 (SlotRecord::base36Sha1), computed without BigInt.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hash } from 'node:crypto';
import { sha1Base36 } from '../../src/import/write/hashes.ts';

const throughBigInt = (text: string | Buffer): string => BigInt('0x' + hash('sha1', text, 'hex')).toString(36).padStart(31, '0');

test('the empty text has the base-36 SHA-1 MediaWiki stores for it', () => {
  assert.equal(sha1Base36(''), 'phoiac9h4m842xq45sp7s6u21eteeq1');
});

test('strings and bytes give the digest in base 36, zero-padded to 31 digits', () => {
  for (const text of ['a', 'Main Page', 'héllo wörld', '\u{1F600}', 'x'.repeat(5000)]) {
    assert.equal(sha1Base36(text), throughBigInt(text), text.slice(0, 20));
    assert.equal(sha1Base36(Buffer.from(text)), throughBigInt(text));
  }
  // Digests with leading zero digits and large high words.
  for (let i = 0; i < 2000; i++) {
    const bytes = Buffer.from(String(i * 7919));
    assert.equal(sha1Base36(bytes), throughBigInt(bytes));
  }
});
