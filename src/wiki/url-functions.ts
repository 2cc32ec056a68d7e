// CoreParserFunctions::urlFunction: {{fullurl:}}, {{localurl:}}, {{canonicalurl:}} and their `e`
// forms, for the message parser and the importer's.
import { NS } from './namespaces.ts';
import { escapeHtml } from './parser-functions.ts';
import type { SiteConfig } from './site.ts';
import { isInvalidTitle, type InvalidTitle, type ParsedTitle, type TitleCodec } from './titles.ts';
import { articleUrl, fragmentForUrl, fullUrl, interwikiUrl, phpUrldecode } from './urls.ts';

export const URL_FUNCTIONS = ['fullurl', 'fullurle', 'canonicalurl', 'canonicalurle', 'localurl', 'localurle'] as const;
export type UrlFunction = (typeof URL_FUNCTIONS)[number];

export interface UrlFunctionContext {
  site: Pick<SiteConfig, 'server' | 'scriptPath' | 'articlePath'>;
  titles: TitleCodec;
  /** The interwiki table's URL pattern of a prefix and whether it is local; without it, interwiki titles link here. */
  interwiki?(prefix: string): { url: string; local: boolean } | undefined;
}

/**
 * The function's text for a target title and a query (the call's second argument), or undefined
 * when the title reads neither as written nor URL-decoded: then the call is no call, and its
 * braces stay. Media: links to File:; an interwiki title to its wiki with the query appended;
 * a full URL keeps the title's fragment and, as PHP's parse_url makes it, has `_` for control
 * characters; the `e` forms are HTML-escaped.
 */
export function urlFunction(fn: UrlFunction, target: string, query: string, ctx: UrlFunctionContext): string | undefined {
  const unusable = (t: ParsedTitle | InvalidTitle): boolean => isInvalidTitle(t) || (t.interwiki === '' && t.dbKey === '');
  let title = ctx.titles.parse(target);
  if (unusable(title)) title = ctx.titles.parse(phpUrldecode(target));
  if (isInvalidTitle(title) || unusable(title)) return undefined;
  const local = fn.startsWith('local');
  const interwiki = title.interwiki ? ctx.interwiki?.(title.interwiki) : undefined;
  let url: string;
  if (interwiki) {
    url = interwikiUrl(interwiki.url, title.dbKey, query) + (local ? '' : fragmentForUrl(title.fragment, !interwiki.local));
  } else {
    const key = ctx.titles.prefixedDbKey(title.ns === NS.MEDIA ? { ...title, ns: NS.FILE } : title);
    url = local ? articleUrl(ctx.site, key, query) : fullUrl(ctx.site, key, query, title.fragment).replace(/[\x00-\x1f\x7f]/g, '_');
  }
  return fn.endsWith('e') ? escapeHtml(url) : url;
}
