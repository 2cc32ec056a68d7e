// srwhat=nearmatch: SearchNearMatcher::getNearMatch, the page a search would go to directly.
import type { ApiServices } from '../../api/services.ts';
import { isInvalidTitle } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';

/** A page a search found, before the checks and the facts of its current revision. */
export interface Found {
  pageId: number;
  ns: number;
  dbKey: string;
}

/**
 * The existing page the words name: as written, then lower-cased, with each word capitalised,
 * upper-cased, and capitalised at each word break; a quoted term without its quotes. Titles that
 * MediaWiki returns without a page (special pages, interwiki links, user pages, messages) have no
 * revision to describe, and ApiQuerySearch leaves them out: they answer nothing here.
 */
export async function nearMatch(services: ApiServices, term: string): Promise<Found | null> {
  if (term === '' || term.startsWith('#')) return null;
  const exact = services.titles.parse(term);
  if (isInvalidTitle(exact)) return null;
  const ns = exact.ns === NS.MEDIA ? NS.FILE : exact.ns;
  if (ns === NS.SPECIAL || exact.interwiki !== '') return null;
  const direct = await existing(services, ns, exact.dbKey);
  if (direct) return direct;
  if (ns === NS.MEDIAWIKI) return null;
  for (const variant of [term.toLowerCase(), ucwords(term), term.toUpperCase(), ucwordbreaks(term)]) {
    const title = services.titles.parse(variant);
    if (isInvalidTitle(title) || title.interwiki !== '') continue;
    const page = await existing(services, title.ns, title.dbKey);
    if (page) return page;
  }
  const quoted = /^"([^"]+)"$/.exec(term);
  return quoted ? nearMatch(services, quoted[1]!) : null;
}

async function existing(services: ApiServices, ns: number, dbKey: string): Promise<Found | null> {
  if (ns < 0) return null;
  const [row] = await services.store.pages.byTitles([{ ns, dbKey }]);
  return row ? { pageId: Number(row.page_id), ns, dbKey } : null;
}

const isMultibyte = (s: string) => /[^\x00-\x7f]/.test(s);

/** Language::ucwords: lower-cased, each word's first letter upper-cased (words between spaces). */
function ucwords(s: string): string {
  if (isMultibyte(s)) return s.toLowerCase().replace(/(^| )([a-z]|[^\x00-\x7f])/gu, (_, before: string, c: string) => before + c.toUpperCase());
  // PHP's ucwords after strtolower: words between spaces, tabs and line breaks.
  return s.toLowerCase().replace(/(^|[ \t\r\n\f\v])([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase());
}

/** Language::ucwordbreaks: the first letter after each word break upper-cased. */
function ucwordbreaks(s: string): string {
  if (isMultibyte(s)) {
    return s.toLowerCase().replace(/(^|[ \-(){}.,?!])([a-z]|[^\x00-\x7f])/gu, (_, before: string, c: string) => before + c.toUpperCase());
  }
  return s.replace(/\b(\w+)\b/g, (word) => word[0]!.toUpperCase() + word.slice(1));
}
