// `wikiquery import` runs from a bundle of the importer (src/import/workers/main-bundle.mjs): the same wiki as through tsx.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runImport } from '../../src/import/index.ts';
import { tableDigests } from '../../scripts/table-digest.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = join(ROOT, '../shared/fixtures/fixture-wiki');
const dumps = [join(FIXTURE, 'dumps/pages-full.xml'), join(FIXTURE, 'dumps/logs.xml')];

test('the command line imports through the bundle and writes the wiki runImport writes', { skip: !existsSync(dumps[0]!) && 'no fixture' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wikiquery-cli-bundle-'));
  try {
    const run = spawnSync(process.execPath, [join(ROOT, 'bin/wikiquery.mjs'), 'import', ...dumps, '--db', join(dir, 'cli.sqlite'), '--quiet'], {
      encoding: 'utf8',
      env: { ...process.env, WIKIQUERY_WORKERS_TSX: '' },
    });
    assert.equal(run.status, 0, run.stderr);
    const cache = join(ROOT, 'node_modules/.cache/wikiquery-workers');
    assert.ok(readdirSync(cache).some((name) => /^import-main-.*\.mjs$/.test(name)), 'the bundle was made');
    const summary = await runImport({ dumps, db: join(dir, 'direct.sqlite') });
    assert.ok(summary.ok);
    assert.deepEqual(tableDigests(join(dir, 'cli.sqlite')), tableDigests(join(dir, 'direct.sqlite')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
