// Where a server keeps its sessions by default: beside a wiki it may write next to, never in a
// read-only directory (root passes access() checks, so the directory's own bits count).
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_SERVE_OPTIONS } from '../../src/server/options.ts';
import { sessionStoreLocation } from '../../src/server/sessions.ts';

test('the session store goes beside the wiki, or to the temporary directory when that is read-only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wikiquery-location-'));
  try {
    const none = DEFAULT_SERVE_OPTIONS.sessions;
    assert.deepEqual(sessionStoreLocation(join(dir, 'wiki.sqlite'), none), { file: join(dir, 'wiki.sqlite.sessions.sqlite') });
    const readOnly = join(dir, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    const elsewhere = sessionStoreLocation(join(readOnly, 'wiki.sqlite'), none);
    assert.ok('file' in elsewhere && elsewhere.file.startsWith(join(tmpdir(), 'wikiquery-sessions')), JSON.stringify(elsewhere));
    assert.deepEqual(sessionStoreLocation(join(readOnly, 'wiki.sqlite'), { ...none, path: '/srv/sessions.sqlite' }), { file: '/srv/sessions.sqlite' });
    assert.deepEqual(sessionStoreLocation(join(readOnly, 'wiki.sqlite'), { ...none, url: 'postgres://db/s' }), { url: 'postgres://db/s' });
  } finally {
    chmodSync(join(dir, 'read-only'), 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});
