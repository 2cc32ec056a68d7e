// The layering of ARCHITECTURE.md holds: no import against it, no import cycle between files.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkDependencies } from '../../scripts/check-dependencies.ts';

test('imports run one way and form no cycle (scripts/check-dependencies.ts)', () => {
  const problems = checkDependencies(join(import.meta.dirname, '../../src'));
  assert.deepEqual(problems.map((p) => `${p.kind}: ${p.message}`), []);
});

test('the check sees a wrong-way import and a cycle', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const root = mkdtempSync(join(tmpdir(), 'wikiquery-deps-'));
  try {
    const src = join(root, 'src');
    for (const dir of ['store', 'api', 'wiki']) mkdirSync(join(src, dir), { recursive: true });
    writeFileSync(join(src, 'store/a.ts'), "import { b } from '../api/b.ts';\nexport const a = b;\n");
    writeFileSync(join(src, 'api/b.ts'), 'export const b = 1;\n');
    writeFileSync(join(src, 'wiki/c.ts'), "import type { D } from './d.ts';\nexport type C = D;\n");
    writeFileSync(join(src, 'wiki/d.ts'), "import type { C } from './c.ts';\nexport type D = C | 1;\n");
    const kinds = checkDependencies(src).map((p) => p.kind).sort();
    assert.deepEqual(kinds, ['cycle', 'wrong-way']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
