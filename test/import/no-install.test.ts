// An import needs no MediaWiki install: the same dumps give byte-identical tables with /usr/share/mediawiki hidden.
//
// The hidden import runs in a child process: in a private mount namespace with an empty tmpfs
// over the folder (as root, like CI), else with a preload that makes every read under it fail
// (hide-mediawiki.mjs). When neither hides it, the test fails: it never passes without hiding.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableDigests } from '../../scripts/table-digest.ts';
import { HIDDEN_MARKER, importTestDumps, LTGWIKI_DUMP, MEDIAWIKI, type ImportedWiki } from './no-install-import.ts';

const ROOT = join(import.meta.dirname, '../..');
const CHILD = join(import.meta.dirname, 'no-install-import.ts');
const PRELOAD = join(import.meta.dirname, 'hide-mediawiki.mjs');

interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The child's import where MediaWiki cannot be seen, and how it was hidden. */
async function importHidden(dir: string): Promise<{ how: string; wikis: ImportedWiki[] }> {
  const node = [process.execPath, '--import', 'tsx', CHILD, dir];
  const attempts: [string, () => Promise<ChildRun>][] = existsSync(MEDIAWIKI)
    ? [
        ['an empty tmpfs over it in a private mount namespace', () =>
          run('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', `mount -t tmpfs none ${MEDIAWIKI} && exec "$@"`, 'sh', ...node])],
        ['a preload failing every read under it', () => run(process.execPath, ['--import', PRELOAD, ...node.slice(1)])],
      ]
    : [['nothing to hide (not installed)', () => run(process.execPath, node.slice(1))]];
  const failures: string[] = [];
  for (const [how, attempt] of attempts) {
    const result = await attempt();
    if (!result.stdout.startsWith(HIDDEN_MARKER)) {
      failures.push(`${how}: exit ${result.code}\n${result.stderr}`);
      continue;
    }
    assert.equal(result.code, 0, `the import with MediaWiki hidden (${how}) failed:\n${result.stderr}`);
    return { how, wikis: JSON.parse(result.stdout.trim().split('\n').at(-1)!) as ImportedWiki[] };
  }
  assert.fail(`${MEDIAWIKI} could not be hidden:\n${failures.join('\n')}`);
}

let dir: string;
let normal: ImportedWiki[];
let hidden: ImportedWiki[];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-no-install-'));
  mkdirSync(join(dir, 'normal'));
  mkdirSync(join(dir, 'hidden'));
  // Both at once: the child's start (tsx, the dumps' workers) overlaps this process's imports.
  const [own, child] = await Promise.all([importTestDumps(join(dir, 'normal')), importHidden(join(dir, 'hidden'))]);
  normal = own;
  hidden = child.wikis;
  console.log(`MediaWiki hidden by ${child.how}`);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('the fixture and ltgwiki dumps were imported both ways', () => {
  const expected = existsSync(LTGWIKI_DUMP) ? ['fixture', 'ltgwiki'] : ['fixture'];
  assert.deepEqual(normal.map((w) => w.name), expected);
  assert.deepEqual(hidden.map((w) => w.name), expected);
  for (const wiki of [...normal, ...hidden]) {
    assert.equal(wiki.summary.ok, true, wiki.summary.fatal);
    assert.equal(wiki.summary.problemCount, 0);
  }
});

test('every table is byte-identical without MediaWiki', () => {
  for (const [i, wiki] of normal.entries()) {
    const withInstall = tableDigests(wiki.db);
    const without = tableDigests(hidden[i]!.db);
    const differing = [...withInstall.keys()].filter((table) => JSON.stringify(withInstall.get(table)) !== JSON.stringify(without.get(table)));
    assert.deepEqual(differing, [], `${wiki.name}: tables that differ without MediaWiki`);
    assert.deepEqual([...without.keys()], [...withInstall.keys()]);
  }
});
