// list=allpages: Enumerate all pages sequentially in a given namespace.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import type { AllPagesQuery, ProtectionFilter } from '../../store/pages.ts';
import { nowMw } from '../../wiki/timestamps.ts';
import { escapeWikiText } from '../../wiki/titles.ts';
import { CONT, DIR, limit } from '../../api/params/common.ts';

const params = {
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
} as const satisfies ParamDecls;

export const allpages = defineQueryModule({
  prefix: 'ap',
  classname: 'ApiQueryAllPages',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages'],
  generator: true,
  params,
  itemTag: 'p',
  execute: runAllPages,
});

type AllPagesRun = QueryRun<typeof params>;

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

function protectionFilter(run: AllPagesRun): ProtectionFilter | null {
  const types = run.params.prtype ?? [];
  const expiry = run.params.prexpiry;
  if (types.length === 0 && expiry === 'all') {
    if (run.params.prlevel !== undefined) run.fail('apierror-invalidparammix-mustusewith', ['prlevel', 'prtype'], 'invalidparammix');
    return null;
  }
  // Levels and cascading only narrow down protection types; `''` means any level.
  const levels = types.length ? (run.params.prlevel ?? []).filter((l) => l !== '') : [];
  const cascade = run.params.prfiltercascade;
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
function allPagesQuery(run: AllPagesRun, miserMode: boolean): AllPagesQuery {
  const ns = run.params.namespace;
  const part = (value: string | undefined): string | null => (value === undefined ? null : titlePartToKey(run, value, ns));
  let continueFrom: string | null = null;
  const cont = run.params.continue;
  if (cont !== undefined) {
    if (cont.includes('|')) run.fail('apierror-badcontinue');
    continueFrom = cont;
  }
  return {
    namespace: ns,
    descending: run.params.dir === 'descending',
    continueFrom,
    from: part(run.params.from),
    to: part(run.params.to),
    prefix: part(run.params.prefix),
    redirects: miserMode ? 'all' : run.params.filterredir,
    minSize: run.params.minsize ?? null,
    maxSize: miserMode ? null : (run.params.maxsize ?? null),
    protection: protectionFilter(run),
    langlinks: run.params.filterlanglinks,
    limit: run.params.limit + 1,
  };
}

async function runAllPages(run: AllPagesRun): Promise<void> {
  if (run.generator && run.resolveRedirects) run.fail('apierror-allpages-generator-redirects', [], 'params');
  const limit = run.params.limit;
  const miserMode = run.services.site.miserMode;
  const filter = run.params.filterredir;
  const rows = await run.services.store.pages.allPages(allPagesQuery(run, miserMode));
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
