// Which requests a conformance area holds: parses test/conformance/cases/<area>.txt.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Who sends a case written below an `@as` line: `anon` is an anonymous caller that keeps its
 * cookies (a session), a user logs in with action=login. Lines above any `@as` line have no
 * caller: they are sent without cookies.
 */
export type Caller = 'anon' | { user: string; password: string };

/** One line of a case file: a single request, or a walk that follows `continue` to the end. */
export interface CaseLine {
  /**
   * The label given before a TAB, or else the query string itself (`@walk <query>`, `@post <query>`),
   * after `@as <caller>: ` below an `@as` line; unique within an area.
   */
  name: string;
  /** As written: `{token:TYPE}` placeholders are filled in when the request is sent. */
  query: string;
  walk: boolean;
  /** Sent as an `application/x-www-form-urlencoded` POST body instead of a GET query string. */
  post: boolean;
  caller?: Caller;
  /** The first case after an `@as anon` line: the anonymous caller starts over without cookies. */
  newSession: boolean;
  line: number;
}

/**
 * The site settings an area is recorded and served with, named by an `@site` line before its
 * first case: `miser` is the fixture with `$wgMiserMode = true` (wikiquery's `miserMode`).
 * Areas without the line use the fixture as it is.
 */
export const SITE_VARIANTS = ['miser'] as const;
export type SiteVariant = (typeof SITE_VARIANTS)[number];

export interface AreaCases {
  site?: SiteVariant;
  cases: CaseLine[];
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

/** The name a caller goes by in case names, session keys and reports. */
export function callerName(caller: Caller | undefined): string | undefined {
  if (caller === undefined) return undefined;
  return caller === 'anon' ? 'anon' : caller.user;
}

export function sameCaller(a: Caller | undefined, b: Caller | undefined): boolean {
  if (a === undefined || b === undefined || a === 'anon' || b === 'anon') return a === b;
  return a.user === b.user && a.password === b.password;
}

/**
 * Format of apidiff.mjs: one query string a line, `#` comments, blank lines ignored, an optional
 * `label<TAB>` prefix, `@as USER PASSWORD` / `@as anon` lines that change the caller of the lines
 * below. Added here: `@walk <query>` records every page of a continuation walk, `@post <query>`
 * sends the query as a form body.
 */
export function parseCaseFile(text: string, area: string): CaseLine[] {
  return parseArea(text, area).cases;
}

/** The case file with its `@site` line, which may only come before the first case. */
export function parseArea(text: string, area: string): AreaCases {
  const cases: CaseLine[] = [];
  let site: SiteVariant | undefined;
  const seen = new Set<string>();
  let caller: Caller | undefined;
  let newSession = false;
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    if (/^@site(\s|$)/.test(trimmed)) {
      const name = trimmed.slice('@site'.length).trim();
      if (cases.length || caller !== undefined || site) throw new Error(`${area}.txt:${index + 1}: one @site line, before the first case`);
      if (!(SITE_VARIANTS as readonly string[]).includes(name)) throw new Error(`${area}.txt:${index + 1}: unknown site "${name}" (${SITE_VARIANTS.join(', ')})`);
      site = name as SiteVariant;
      return;
    }
    if (/^@as(\s|$)/.test(trimmed)) {
      caller = parseCaller(trimmed.slice('@as'.length).trim(), index + 1, area);
      newSession = caller === 'anon';
      return;
    }
    const parsed = parseCaseLine(line, index + 1, area, caller, newSession);
    newSession = false;
    if (seen.has(parsed.name)) throw new Error(`${area}.txt:${parsed.line}: duplicate case "${parsed.name}"`);
    seen.add(parsed.name);
    cases.push(parsed);
  });
  return { ...(site ? { site } : {}), cases };
}

/** `anon`, or a user name (which may contain spaces) followed by its password, the last word. */
function parseCaller(text: string, lineNumber: number, area: string): Caller {
  if (text === 'anon') return 'anon';
  const split = text.lastIndexOf(' ');
  const user = text.slice(0, split).trim();
  const password = text.slice(split + 1);
  if (split < 0 || !user || !password) throw new Error(`${area}.txt:${lineNumber}: expected "@as USER PASSWORD" or "@as anon"`);
  return { user, password };
}

function parseCaseLine(line: string, lineNumber: number, area: string, caller: Caller | undefined, newSession: boolean): CaseLine {
  const tab = line.indexOf('\t');
  const label = tab >= 0 ? line.slice(0, tab).trim() : '';
  let body = (tab >= 0 ? line.slice(tab + 1) : line).trim();
  let walk = false;
  let post = false;
  if (body.startsWith('@walk ')) {
    walk = true;
    body = body.slice('@walk '.length).trim();
  } else if (body.startsWith('@post ')) {
    post = true;
    body = body.slice('@post '.length).trim();
  } else if (body.startsWith('@')) {
    throw new Error(`${area}.txt:${lineNumber}: unknown directive "${body.split(/\s/)[0]}" (only @walk, @post, @as, and @site before the first case)`);
  }
  if (body.startsWith('@')) throw new Error(`${area}.txt:${lineNumber}: one directive a line (@walk pages are GET requests)`);
  if (body.startsWith('?')) body = body.slice(1);
  if (!body) throw new Error(`${area}.txt:${lineNumber}: empty query`);
  const unlabelled = walk ? `@walk ${body}` : post ? `@post ${body}` : body;
  const who = callerName(caller);
  const name = (who === undefined ? '' : `@as ${who}: `) + (label || unlabelled);
  return { name, query: body, walk, post, ...(caller === undefined ? {} : { caller }), newSession, line: lineNumber };
}

export function readCases(area: string, dir: string = CASES_DIR): CaseLine[] {
  return readArea(area, dir).cases;
}

export function readArea(area: string, dir: string = CASES_DIR): AreaCases {
  return parseArea(readFileSync(join(dir, `${area}.txt`), 'utf8'), area);
}
