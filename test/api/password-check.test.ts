// bcrypt and argon2 hashes are verified on a thread of their own: the event loop keeps answering
// while a costly hash is computed.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, test } from 'node:test';
import { argon2id } from 'hash-wasm';
import { checkPasswordOffThread, stopPasswordThread } from '../../src/api/session/password-check.ts';
import { checkPassword } from '../../src/wiki/passwords.ts';

after(stopPasswordThread);

test('an argon2 hash at MediaWiki-like costs is checked off the event loop, with the same verdicts', async () => {
  const encoded = await argon2id({ password: 'correct horse', salt: randomBytes(16), iterations: 4, memorySize: 65536, parallelism: 1, hashLength: 32, outputType: 'encoded' });
  const stored = `:argon2:${encoded}`;
  const started = performance.now();
  assert.equal(await checkPassword(stored, 'correct horse'), 'match');
  const inlineMs = performance.now() - started;

  assert.equal(await checkPasswordOffThread(stored, 'wrong horse'), 'mismatch'); // the thread is started
  let last = performance.now();
  let longestPause = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestPause = Math.max(longestPause, now - last);
    last = now;
  }, 1);
  try {
    const verdicts = await Promise.all([checkPasswordOffThread(stored, 'correct horse'), checkPasswordOffThread(stored, 'correct horsE')]);
    assert.deepEqual(verdicts, ['match', 'mismatch']);
  } finally {
    clearInterval(ticker);
  }
  assert.ok(longestPause < inlineMs / 2, `the event loop paused ${longestPause.toFixed(0)} ms; one inline check takes ${inlineMs.toFixed(0)} ms`);
});

test('PBKDF2 hashes are checked where they are (Node computes them on its thread pool)', async () => {
  assert.equal(await checkPasswordOffThread(':pbkdf2:sha512:1000:64:AAAAAAAAAAAAAAAAAAAAAA==:AAAA', 'x'), 'mismatch');
});
