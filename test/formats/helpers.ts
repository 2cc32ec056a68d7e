// Test helpers: rebuild a result tree from MediaWiki's raw result (format=rawfm) and read the
// recorded fixtures, so the tests can print that tree and compare with MediaWiki's bytes.

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  metaOf,
  type ContainerType,
  type ResultContainer,
  type ResultNode,
  type ResultObject,
} from '../../src/api/result.ts';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A JSON object with its key order kept, integer-like keys included. */
export class JsonObj {
  constructor(public entries: [string, Parsed][]) {}
}
export type Parsed = string | number | boolean | null | Parsed[] | JsonObj;

/** JSON.parse that keeps the order of every object's keys. */
export function parseOrderedJson(text: string): Parsed {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const value = (): Parsed => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: [string, Parsed][] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return new JsonObj(entries);
      }
      for (;;) {
        ws();
        const key = value() as string;
        ws();
        i++; // colon
        entries.push([key, value()]);
        ws();
        if (text[i++] === '}') return new JsonObj(entries);
      }
    }
    if (c === '[') {
      i++;
      const items: Parsed[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return items;
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i++] === ']') return items;
      }
    }
    const m = /^(?:"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 1_000_000));
    if (!m) throw new Error(`bad JSON at ${i}`);
    i += m[0].length;
    return JSON.parse(m[0]) as Parsed;
  };
  return value();
}

const INT_KEY = /^(?:0|-?[1-9][0-9]*)$/;

/**
 * The result tree MediaWiki had, from its raw form: `_type`, `_element`, `_content`,
 * `_subelements`, `_BC_subelements`, `_preservekeys`, `_kvpkeyname`, `_kvpmerge` become our
 * metadata; MediaWiki's `_BC_bools` lists the booleans that are not flags, our bcBools the flags.
 */
export function treeFromRaw(node: Parsed): ResultNode {
  if (Array.isArray(node)) node = new JsonObj(node.map((v, i) => [String(i), v]));
  if (!(node instanceof JsonObj)) return node;
  const preserved = node.entries.find(([k]) => k === '_preservekeys')?.[1] as string[] | undefined;
  const KNOWN = ['_type', '_kvpkeyname', '_kvpmerge', '_element', '_content', '_subelements', '_BC_subelements', '_preservekeys', '_BC_bools'];
  const isData = (k: string) => !KNOWN.includes(k) || preserved?.includes(k) === true;
  const data = node.entries.filter(([k]) => isData(k));
  const md = new Map(node.entries.filter(([k]) => !isData(k)));
  const type = md.get('_type') as ContainerType | undefined;
  const keys = data.map(([k]) => k);
  const sequential = keys.every((k, i) => k === String(i));
  let container: ResultContainer;
  if (type === undefined && sequential) {
    container = data.map(([, v]) => treeFromRaw(v));
  } else if (keys.some((k) => INT_KEY.test(k))) {
    container = new Map(data.map(([k, v]) => [k, treeFromRaw(v)]));
  } else {
    const obj: ResultObject = {};
    for (const [k, v] of data) obj[k] = treeFromRaw(v);
    container = obj;
  }
  const meta = metaOf(container);
  if (type !== undefined && type !== ('default' as ContainerType)) meta.type = type;
  const str = (k: string) => md.get(k) as string | undefined;
  const list = (k: string) => md.get(k) as string[] | undefined;
  if (str('_kvpkeyname') !== undefined) meta.kvpKeyName = str('_kvpkeyname');
  if (md.get('_kvpmerge')) meta.kvpMerge = true;
  if (str('_element') !== undefined) meta.indexedTagName = str('_element');
  if (str('_content') !== undefined) meta.contentKey = str('_content');
  if (list('_subelements')) meta.subelements = new Set(list('_subelements'));
  if (list('_BC_subelements')) meta.bcSubelements = new Set(list('_BC_subelements'));
  if (list('_preservekeys')) meta.preserveKeys = new Set(list('_preservekeys'));
  const realBools = new Set(list('_BC_bools') ?? []);
  const flags = data.filter(([k, v]) => typeof v === 'boolean' && !realBools.has(k)).map(([k]) => k);
  if (flags.length) meta.bcBools = new Set(flags);
  return container;
}

export interface RecordedResponse {
  query: string;
  status: number;
  headers: Record<string, string>;
}
export interface RecordedCase {
  name: string;
  query: string;
  method: string;
  responses: Record<string, RecordedResponse>;
  tree: () => ResultObject;
  file: (name: string) => string;
}

export function loadCase(name: string): RecordedCase {
  const dir = join(FIXTURES, name);
  const info = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as Omit<RecordedCase, 'name' | 'tree' | 'file'>;
  return {
    name,
    ...info,
    tree: () => treeFromRaw(parseOrderedJson(readFileSync(join(dir, 'raw.json'), 'utf8'))) as ResultObject,
    file: (f) => readFileSync(join(dir, f), 'utf8'),
  };
}

export function caseNames(): string[] {
  return readdirSync(FIXTURES).filter((n) => existsSync(join(FIXTURES, n, 'case.json')));
}

export const FIXTURE_API_URL = 'http://127.0.0.1:8081/wiki/api.php';

/** The per-request bits of a recorded HTML page, so a rendering can reproduce them. */
export function pageVariables(html: string): { requestId: string; elapsedMs: number } {
  const requestId = /"wgRequestId":"([0-9a-f]+)"/.exec(html)?.[1] ?? '';
  const elapsedMs = Number(/"wgBackendResponseTime":(\d+)/.exec(html)?.[1] ?? 0);
  return { requestId, elapsedMs };
}

/** The first line where two texts differ, for readable failures. */
export function firstDifference(actual: string, expected: string): string {
  if (actual === expected) return '';
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  return `at ${i}:\n  ours:      ${JSON.stringify(actual.slice(Math.max(0, i - 80), i + 80))}\n  MediaWiki: ${JSON.stringify(expected.slice(Math.max(0, i - 80), i + 80))}`;
}
