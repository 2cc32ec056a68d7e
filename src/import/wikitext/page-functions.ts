// Core parser functions about titles, pages and the wiki: namespace names, page URLs, DEFAULTSORT, DISPLAYTITLE, counts and revision facts.

import type { CallHost, FunctionSpec } from './call-handlers.ts';
import { doQuotes, STRIP_MARKER, stripTags } from './text.ts';
import { decodeCharReferencesOnly } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';
import { URL_FUNCTIONS, urlFunction } from '../../wiki/url-functions.ts';
import { phpTrim } from '../../wiki/php-values.ts';

export const PAGE_FUNCTIONS: FunctionSpec[] = [
  { ids: ['language'], noHash: true, handler: (x) => x.site.lang },
  {
    ids: ['special', 'speciale'],
    handler: (x, _frame, first) => `${x.codec.namespaces.name(NS.SPECIAL) || 'Special'}:${first}`,
  },
  { ids: ['ns', 'nse'], noHash: true, handler: (x, _f, first) => namespaceName(x, first) },
  ...URL_FUNCTIONS.map((fn): FunctionSpec => ({
    ids: [fn], noHash: true,
    // A title that makes no call is left out (MediaWiki leaves the call's text).
    handler: (x, frame, first, parts) => urlFunction(fn, first, x.value(parts[0], frame), { site: x.site, titles: x.codec.titles }) ?? '',
  })),
  {
    ids: ['filepath'], noHash: true,
    handler: (x, _frame, first) => {
      const title = x.codec.parse(decodeCharReferencesOnly(first.split('|')[0] ?? ''), NS.FILE);
      if (!title || title.interwiki !== '' || !title.dbKey) return '';
      x.out.images.add(title.dbKey);
      return '';
    },
  },
  {
    ids: ['defaultsort'], noHash: true,
    handler: (x, frame, first, parts) => {
      const option = x.value(parts[0], frame);
      const key = phpTrim(decodeCharReferencesOnly(stripTags(first)));
      // CoreParserFunctions::defaultsort: an empty key sets nothing.
      if (key === '') return '';
      const old = x.out.props.get('defaultsort');
      // The option is a magic word of the content language too (`noreplace`, `noerror`).
      const noReplace = x.isWord('defaultsort_noreplace', option);
      const noError = x.isWord('defaultsort_noerror', option);
      if (old === undefined || old === key || !noReplace) x.out.props.set('defaultsort', key);
      if (old !== undefined && old !== key && !noReplace && !noError) return `<span class="error">Warning: Default sort key "${key}" overrides earlier default sort key "${old}".</span>`;
      return '';
    },
  },
  {
    ids: ['displaytitle'], noHash: true,
    handler: (x, frame, first, parts) => {
      const option = x.value(parts[0], frame);
      const html = doQuotes(first).replace(new RegExp(STRIP_MARKER, 'g'), '');
      const plain = decodeCharReferencesOnly(stripTags(html));
      const title = x.codec.parse(plain);
      if (title && title.fragment === '' && title.interwiki === '' && title.ns === x.page.ns && title.dbKey === x.page.dbKey) {
        const old = x.out.props.get('displaytitle');
        if (old === undefined || !x.isWord('displaytitle_noreplace', option)) x.out.props.set('displaytitle', html);
      } else {
        x.out.tracking.add('restricted-displaytitle-ignored');
      }
      return '';
    },
  },
  { ids: ['pagesincategory', 'numberingroup', 'numberofpages', 'numberofusers', 'numberofactiveusers', 'numberofarticles', 'numberoffiles', 'numberofadmins', 'numberofedits'], noHash: true, handler: () => '0' },
  {
    ids: ['pagesize', 'revisionid', 'revisiontimestamp', 'revisionday', 'revisionday2', 'revisionmonth', 'revisionmonth1', 'revisionyear', 'revisionuser'], noHash: true,
    handler: (x, _frame, first) => {
      // MediaWiki fetches the named page's current revision, which registers it as a transclusion.
      const title = x.codec.parse(decodeCharReferencesOnly(first));
      if (title && title.interwiki === '' && title.dbKey && title.ns >= 0) x.addTemplate(title.ns, title.dbKey);
      return '';
    },
  },
  { ids: ['protectionlevel', 'protectionexpiry', 'cascadingsources'], noHash: true, handler: () => '' },
];

function namespaceName(x: CallHost, arg: string): string {
  const n = Number(arg);
  if (arg !== '' && Number.isInteger(n)) return x.codec.namespaces.byId.has(n) ? x.codec.namespaces.name(n) : '';
  const index = x.codec.namespaces.index(arg);
  return index === undefined ? '' : x.codec.namespaces.name(index);
}

