// The site's config file: JSON or YAML over config/default.json, whose extension list the importer parses dumps with too.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EXTENSIONS, loadSiteConfig } from '../../src/wiki/config-file.ts';

test("the default extensions are config/default.json's, in its order", () => {
  const file = JSON.parse(readFileSync(new URL('../../config/default.json', import.meta.url), 'utf8')) as { extensions: string[] };
  assert.deepEqual(DEFAULT_EXTENSIONS, file.extensions);
  assert.deepEqual(loadSiteConfig().extensions, file.extensions);
});

test('a YAML or JSON file is laid over the defaults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'config-file-'));
  try {
    writeFileSync(join(dir, 'site.yaml'), 'siteName: Yaml Wiki\nextensions:\n  - Cite\n');
    writeFileSync(join(dir, 'site.json'), JSON.stringify({ siteName: 'Json Wiki' }));
    const yaml = loadSiteConfig(join(dir, 'site.yaml'));
    assert.equal(yaml.siteName, 'Yaml Wiki');
    assert.deepEqual(yaml.extensions, ['Cite']);
    const json = loadSiteConfig(join(dir, 'site.json'));
    assert.equal(json.siteName, 'Json Wiki');
    assert.deepEqual(json.extensions, [...DEFAULT_EXTENSIONS]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
