// The interwiki table an imported wiki gets, and the lookups the title codec and link scanner need from it.

import type Database from 'better-sqlite3';
import { languageName, languageNames } from '../wiki/languages.ts';
import type { InterwikiLookup } from './title.ts';

export interface InterwikiEntry {
  prefix: string;
  url: string;
  api?: string;
  wikiId?: string;
  /** iw_local: forwarded as a link to a wiki of the same family; language links need it. */
  local?: boolean;
  trans?: boolean;
}

/** Prefixes every Wikimedia wiki has besides its language links. */
const WIKIMEDIA_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['w', 'https://en.wikipedia.org/wiki/$1'],
  ['wikt', 'https://en.wiktionary.org/wiki/$1'],
  ['b', 'https://en.wikibooks.org/wiki/$1'],
  ['n', 'https://en.wikinews.org/wiki/$1'],
  ['q', 'https://en.wikiquote.org/wiki/$1'],
  ['s', 'https://en.wikisource.org/wiki/$1'],
  ['v', 'https://en.wikiversity.org/wiki/$1'],
  ['voy', 'https://en.wikivoyage.org/wiki/$1'],
  ['c', 'https://commons.wikimedia.org/wiki/$1'],
  ['commons', 'https://commons.wikimedia.org/wiki/$1'],
  ['m', 'https://meta.wikimedia.org/wiki/$1'],
  ['meta', 'https://meta.wikimedia.org/wiki/$1'],
  ['species', 'https://species.wikimedia.org/wiki/$1'],
  ['d', 'https://www.wikidata.org/wiki/$1'],
  ['wikidata', 'https://www.wikidata.org/wiki/$1'],
  ['mw', 'https://www.mediawiki.org/wiki/$1'],
  ['phab', 'https://phabricator.wikimedia.org/$1'],
  ['foundation', 'https://foundation.wikimedia.org/wiki/$1'],
  ['incubator', 'https://incubator.wikimedia.org/wiki/$1'],
  ['outreach', 'https://outreach.wikimedia.org/wiki/$1'],
  ['wikitech', 'https://wikitech.wikimedia.org/wiki/$1'],
];

/** Language prefixes Wikimedia uses that are not language codes of their own. */
const WIKIMEDIA_EXTRA_LANGUAGES = ['simple', 'be-x-old', 'nds-nl', 'roa-rup', 'map-bms', 'fiu-vro', 'roa-tara', 'cbk-zam', 'zh-classical'];

/**
 * For a dump of a Wikimedia wiki (its base URL is on wikipedia.org, wiktionary.org, ...): the
 * language links and sister-project prefixes the source wiki had, so that [[de:...]] stays a
 * language link rather than becoming a link to a page called "De:...".
 */
export function wikimediaInterwiki(base: string | undefined): InterwikiEntry[] {
  if (!base) return [];
  let host: string;
  try {
    host = new URL(base).host;
  } catch {
    return [];
  }
  const m = /^([a-z0-9-]+)\.(wikipedia|wiktionary|wikibooks|wikinews|wikiquote|wikisource|wikiversity|wikivoyage)\.org$/.exec(host);
  if (!m) return [];
  const project = m[2]!;
  const entries: InterwikiEntry[] = WIKIMEDIA_PREFIXES.map(([prefix, url]) => ({ prefix, url, local: true }));
  for (const code of [...languageNames().map(([code]) => code), ...WIKIMEDIA_EXTRA_LANGUAGES]) {
    entries.push({ prefix: code, url: `https://${code}.${project}.org/wiki/$1`, api: `https://${code}.${project}.org/w/api.php`, local: true });
  }
  return entries;
}

/** Adds entries to the interwiki table; prefixes already there keep their row. */
export function addInterwikiEntries(db: Database.Database, entries: readonly InterwikiEntry[]): void {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO interwiki (iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const e of entries) {
    insert.run(e.prefix.toLowerCase(), e.url, e.api ?? '', e.wikiId ?? '', e.local ? 1 : 0, e.trans ? 1 : 0);
  }
}

/** MediaWiki's interwiki.list format: `prefix|url|local|api` per line, `#` comments. */
export function parseInterwikiList(text: string): InterwikiEntry[] {
  const entries: InterwikiEntry[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const [prefix, url, local, api] = line.split('|');
    if (!prefix || !url) continue;
    entries.push({ prefix, url, local: local === '1', api: api ?? '' });
  }
  return entries;
}

export class InterwikiTable implements InterwikiLookup {
  private readonly prefixes = new Set<string>();
  /** $wgLocalInterwikis: prefixes naming this very wiki, so `[[thiswiki:Foo]]` is a local link. */
  readonly localInterwikis: readonly string[];

  constructor(prefixes: Iterable<string>, localInterwikis: Iterable<string> = []) {
    for (const prefix of prefixes) this.prefixes.add(prefix.toLowerCase());
    this.localInterwikis = [...localInterwikis].map((p) => p.toLowerCase());
  }

  static fromDatabase(db: Database.Database, localInterwikis: Iterable<string> = []): InterwikiTable {
    const rows = db.prepare('SELECT iw_prefix AS prefix FROM interwiki').all() as { prefix: string }[];
    return new InterwikiTable(rows.map((r) => r.prefix), localInterwikis);
  }

  isInterwiki(prefix: string): boolean {
    return this.prefixes.has(prefix.toLowerCase());
  }

  isLanguage(prefix: string): boolean {
    const lower = prefix.toLowerCase();
    return this.prefixes.has(lower) && (languageName(lower) !== undefined || WIKIMEDIA_EXTRA_LANGUAGES.includes(lower));
  }
}
