// list=allpages: Enumerate all pages sequentially in a given namespace.
import type { QueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import type { AllPagesQuery, ProtectionFilter, RedirectFilter } from '../../store/listings.ts';
import { nowMw } from '../../wiki/timestamps.ts';
import { escapeWikiText } from '../../wiki/titles.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

export const allpages: QueryModule = {
  decl: {
    name: 'allpages',
    path: 'query+allpages',
    group: 'list',
    prefix: 'ap',
    classname: 'ApiQueryAllPages',
    source: MEDIAWIKI_SOURCE,
    helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages'],
    generator: true,
    params: {
      from: { type: 'string' },
      continue: CONT,
      to: { type: 'string' },
      prefix: { type: 'string' },
      namespace: { type: 'namespace', default: 0 },
      filterredir: { type: ['all', 'redirects', 'nonredirects'], default: 'all' },
      minsize: { type: 'integer' },
      maxsize: { type: 'integer' },
      prtype: { type: ['edit', 'move', 'upload'], multi: true },
      prlevel: { type: ['', 'autoconfirmed', 'sysop'], multi: true },
      prfiltercascade: { type: ['cascading', 'noncascading', 'all'], default: 'all' },
      limit: limit(10),
      dir: DIR,
      filterlanglinks: { type: ['withlanglinks', 'withoutlanglinks', 'all'], default: 'all' },
      prexpiry: { type: ['indefinite', 'definite', 'all'], default: 'all' },
    },
  },
  itemTag: 'p',
  execute: runAllPages,
};

/**
 * ApiQueryBase::titlePartToKey: the DB-key form of a title part (`from`, `to`, `prefix`) in
 * the namespace; a trailing `x` keeps trailing spaces and lets an empty part through.
 */
export function titlePartToKey(run: QueryRun, part: string, ns: number): string {
  const title = run.services.titles.makeSafe(ns, `${part}x`);
  if (!title || title.fragment !== '' || title.ns !== ns || title.interwiki !== '') {
    run.fail('apierror-invalidtitle', [escapeWikiText(part)]);
  }
  return title.dbKey.slice(0, -1);
}

function protectionFilter(run: QueryRun): ProtectionFilter | null {
  const types = run.strList('prtype');
  const expiry = run.str('prexpiry') as ProtectionFilter['expiry'];
  if (types.length === 0 && expiry === 'all') {
    if (run.params.prlevel !== undefined) run.fail('apierror-invalidparammix-mustusewith', ['prlevel', 'prtype'], 'invalidparammix');
    return null;
  }
  // Levels and cascading only narrow down protection types; `''` and `*` mean any level.
  const levels = types.length ? run.strList('prlevel').filter((l) => l !== '' && l !== '*') : [];
  const cascade = run.str('prfiltercascade');
  return {
    types,
    levels,
    cascade: types.length && cascade !== 'all' ? (cascade === 'cascading' ? 1 : 0) : null,
    expiry,
    now: nowMw(),
  };
}

/**
 * In miser mode MediaWiki filters redirects after reading (a page may then hold fewer items
 * than the limit) and ignores maxsize.
 */
function allPagesQuery(run: QueryRun, miserMode: boolean): AllPagesQuery {
  const ns = run.int('namespace')!;
  const part = (name: string): string | null => {
    const value = run.str(name);
    return value === undefined ? null : titlePartToKey(run, value, ns);
  };
  let continueFrom: string | null = null;
  const cont = run.str('continue');
  if (cont !== undefined) {
    if (cont.includes('|')) run.fail('apierror-badcontinue');
    continueFrom = cont;
  }
  return {
    namespace: ns,
    descending: run.str('dir') === 'descending',
    continueFrom,
    from: part('from'),
    to: part('to'),
    prefix: part('prefix'),
    redirects: miserMode ? 'all' : (run.str('filterredir') as RedirectFilter),
    minSize: run.int('minsize') ?? null,
    maxSize: miserMode ? null : (run.int('maxsize') ?? null),
    protection: protectionFilter(run),
    langlinks: run.str('filterlanglinks') as AllPagesQuery['langlinks'],
    limit: run.int('limit')! + 1,
  };
}

async function runAllPages(run: QueryRun): Promise<void> {
  if (run.generator && run.resolveRedirects) run.fail('apierror-allpages-generator-redirects', [], 'params');
  const limit = run.int('limit')!;
  const miserMode = run.services.site.miserMode;
  const filter = run.str('filterredir') as RedirectFilter;
  const rows = await run.services.store.listings.allPages(allPagesQuery(run, miserMode));
  for (const [index, row] of rows.entries()) {
    if (index === limit) {
      run.setContinue('continue', row.page_title);
      break;
    }
    if (miserMode && filter !== 'all' && row.page_is_redirect !== (filter === 'redirects' ? 1 : 0)) continue;
    if (run.generator) {
      run.generator.addPageId(row.page_id);
      continue;
    }
    const item = { pageid: row.page_id, ns: row.page_namespace, title: run.services.titles.text(row.page_namespace, row.page_title) };
    if (!run.addItem(item)) {
      run.setContinue('continue', row.page_title);
      break;
    }
  }
}
