// Which requests a conformance area holds: parses test/conformance/cases/<area>.txt.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One line of a case file: a single request, or a walk that follows `continue` to the end. */
export interface CaseLine {
  /** The label given before a TAB, or else the query string itself; unique within an area. */
  name: string;
  query: string;
  walk: boolean;
  line: number;
}

export const CONFORMANCE_DIR = new URL('..', import.meta.url).pathname;
export const CASES_DIR = join(CONFORMANCE_DIR, 'cases');
export const RECORDED_DIR = join(CONFORMANCE_DIR, 'recorded');

export function listAreas(dir: string = CASES_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.txt'))
    .map((file) => file.slice(0, -'.txt'.length))
    .sort();
}

/**
 * Format of apidiff.mjs: one query string a line, `#` comments, blank lines ignored, an optional
 * `label<TAB>` prefix. Added here: `@walk <query>` records every page of a continuation walk.
 */
export function parseCaseFile(text: string, area: string): CaseLine[] {
  const cases: CaseLine[] = [];
  const seen = new Set<string>();
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const parsed = parseCaseLine(line, index + 1, area);
    if (seen.has(parsed.name)) throw new Error(`${area}.txt:${parsed.line}: duplicate case "${parsed.name}"`);
    seen.add(parsed.name);
    cases.push(parsed);
  });
  return cases;
}

function parseCaseLine(line: string, lineNumber: number, area: string): CaseLine {
  const tab = line.indexOf('\t');
  const label = tab >= 0 ? line.slice(0, tab).trim() : '';
  let body = (tab >= 0 ? line.slice(tab + 1) : line).trim();
  let walk = false;
  if (body.startsWith('@walk ')) {
    walk = true;
    body = body.slice('@walk '.length).trim();
  } else if (body.startsWith('@')) {
    throw new Error(`${area}.txt:${lineNumber}: unknown directive "${body.split(/\s/)[0]}" (only @walk)`);
  }
  if (body.startsWith('?')) body = body.slice(1);
  if (!body) throw new Error(`${area}.txt:${lineNumber}: empty query`);
  const name = label || (walk ? `@walk ${body}` : body);
  return { name, query: body, walk, line: lineNumber };
}

export function readCases(area: string, dir: string = CASES_DIR): CaseLine[] {
  return parseCaseFile(readFileSync(join(dir, `${area}.txt`), 'utf8'), area);
}
