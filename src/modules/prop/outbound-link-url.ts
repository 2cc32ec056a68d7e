// What prop=langlinks and prop=iwlinks share. The `url` of a link: the full URL of the title `prefix:title`, as
// Title::newFromText reads it (an interwiki's URL pattern, or a local page when the prefix is no
// interwiki), expanded against the server.
import type { QueryRun } from '../../api/query/run.ts';
import { expandUrl, fragmentForUrl, fullUrl } from '../../wiki/urls.ts';

export function outboundLinkUrl(run: QueryRun, prefix: string, title: string): string | undefined {
  const { titles, site } = run.services;
  const parsed = titles.parse(`${prefix}:${title}`, 0);
  if ('invalid' in parsed) return undefined;
  if (parsed.interwiki === '') {
    return fullUrl(site, titles.dbKeyFull(parsed.ns, parsed.dbKey), '', parsed.fragment);
  }
  const url = run.services.interwikiUrl(parsed.interwiki, parsed.dbKey);
  if (url === null) return undefined;
  return expandUrl(site, url + fragmentForUrl(parsed.fragment, true));
}

/** ApiBase::requireMaxOneParameter for the deprecated `url` and `prop`, which it replaces. */
export function requireUrlOrProp(run: QueryRun, url: boolean, prop: readonly string[] | undefined): void {
  if (!url || prop === undefined) return;
  run.fail(
    'apierror-invalidparammix',
    [{ list: [`<var>${run.paramName('prop')}</var>`, `<var>${run.paramName('url')}</var>`], type: 'text' }, 2],
    'invalidparammix',
  );
}
