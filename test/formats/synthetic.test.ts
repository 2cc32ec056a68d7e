// Hand-written trees (kvp, BCkvp, BCassoc, content, flags, odd names, floats...) against what
// MediaWiki's own ApiResult and format code made of them (fixtures/synthetic/record.php).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSON_V1, JSON_V2, PHP_V1, PHP_V2, encodeJson, phpSerialize, transformResult } from '../../src/api/formats/index.ts';
import { rawRoot } from '../../src/api/formats/raw.ts';
import { xmlText } from '../../src/api/formats/xml.ts';
import type { ResultObject } from '../../src/api/result.ts';
import { FIXTURES, JsonObj, firstDifference, parseOrderedJson, treeFromRaw } from './helpers.ts';

const dir = join(FIXTURES, 'synthetic');
const cases = parseOrderedJson(readFileSync(join(dir, 'cases.json'), 'utf8')) as JsonObj;
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, Record<string, string>>;

const xmlOpts = { apiUrl: 'http://127.0.0.1:8081/wiki/api.php', formatVersion: 1 as const, format: 'xml' as const };

const PRINTERS: Record<string, (tree: ResultObject) => string> = {
  json1: (t) => encodeJson(transformResult(t, JSON_V1), { utf8: false }),
  'json1-utf8': (t) => encodeJson(transformResult(t, JSON_V1), { utf8: true }),
  json2: (t) => encodeJson(transformResult(t, JSON_V2), { utf8: true }),
  'json2-ascii': (t) => encodeJson(transformResult(t, JSON_V2), { utf8: false }),
  jsonfm1: (t) => encodeJson(transformResult(t, JSON_V1), { utf8: false, indent: '    ' }),
  jsonfm2: (t) => encodeJson(transformResult(t, JSON_V2), { utf8: true, indent: '    ' }),
  php1: (t) => phpSerialize(transformResult(t, PHP_V1)),
  php2: (t) => phpSerialize(transformResult(t, PHP_V2)),
  xml: (t) => xmlText(t, xmlOpts, false),
  xmlfm: (t) => xmlText(t, xmlOpts, true),
  rawfm: (t) => encodeJson(rawRoot(t), { utf8: true, indent: '    ' }),
};

describe('synthetic trees print as MediaWiki prints them', () => {
  for (const [name, raw] of cases.entries) {
    for (const [variant, print] of Object.entries(PRINTERS)) {
      it(`${name} as ${variant}`, () => {
        const ours = print(treeFromRaw(raw) as ResultObject);
        const theirs = expected[name][variant];
        assert.ok(ours === theirs, firstDifference(ours, theirs));
      });
    }
  }
});
