// list=watchlistraw: Get all pages on the current user's watchlist.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, DIR, NAMESPACES, NAME_ONLY, limit, user } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, type ResultList, type ResultObject } from '../../api/result.ts';
import type { TitleKey } from '../../store/pages.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { escapeWikiText, isInvalidTitle } from '../../wiki/titles.ts';
import { watchlistExpiryFilter, watchlistOwner } from './watchlist-owner.ts';

const params = {
  continue: CONT,
  namespace: NAMESPACES,
  limit: limit(10),
  prop: { type: ['changed'], multi: true },
  show: { type: ['changed', '!changed'], multi: true },
  owner: user(NAME_ONLY),
  token: { type: 'string', sensitive: true },
  dir: DIR,
  fromtitle: { type: 'string' },
  totitle: { type: 'string' },
} as const satisfies ParamDecls;

export const watchlistraw = defineQueryModule({
  prefix: 'wr',
  classname: 'ApiQueryWatchlistRaw',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlistraw'],
  generator: true,
  cacheMode: 'private',
  params,
  itemTag: 'wr',
  // ApiQueryWatchlistRaw adds its results at the top level, beside `query`.
  listBesideQuery: true,
  execute: runWatchlistRaw,
});

type WatchlistRawRun = QueryRun<typeof params>;

/** ApiQueryBase::parsePrefixedTitlePart: a title's beginning, which may end anywhere (`Talk:` too). */
function titlePart(run: WatchlistRawRun, text: string): TitleKey {
  const parsed = run.services.titles.parse(`${text}X`);
  if (isInvalidTitle(parsed) || parsed.fragment !== '' || parsed.interwiki !== '' || parsed.dbKey === 'X') {
    run.fail('apierror-invalidtitle', [escapeWikiText(text)]);
  }
  return { ns: parsed.ns, dbKey: parsed.dbKey.slice(0, -1) };
}

/** `ns|dbKey`, read back as TitleValue::tryNew accepts it. */
function continuePosition(run: WatchlistRawRun): TitleKey | null {
  const value = run.params.continue;
  if (value === undefined) return null;
  const parts = value.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  const [nsText, title] = parts as [string, string];
  const ns = Number.parseInt(nsText, 10);
  if (String(ns) !== nsText) run.fail('apierror-badcontinue');
  if (/^[_ ]|[\r\n\t]|[_ ]$/.test(title) || (title === '' && ns !== 0)) run.fail('apierror-badcontinue');
  return { ns, dbKey: title.replace(/ /g, '_') };
}

export async function runWatchlistRaw(run: WatchlistRawRun): Promise<void> {
  const p = run.params;
  const owner = await watchlistOwner(run, p.owner, p.token);
  const show = new Set(p.show ?? []);
  if (show.has('changed') && show.has('!changed')) run.fail('apierror-show');
  const after = continuePosition(run);
  const from = p.fromtitle === undefined ? null : titlePart(run, p.fromtitle);
  const until = p.totitle === undefined ? null : titlePart(run, p.totitle);
  const rows = await run.services.store.watchlist.watchedTitles({
    userId: owner.id,
    expiry: watchlistExpiryFilter(run),
    namespaces: p.namespace ?? null,
    changed: show.has('changed') ? true : show.has('!changed') ? false : null,
    descending: p.dir === 'descending',
    from,
    until,
    after,
    limit: p.limit + 1,
  });
  const continueValue = (row: (typeof rows)[number]): string => `${row.wl_namespace}|${row.wl_title}`;
  if (rows.length > p.limit) run.setContinue('continue', continueValue(rows[p.limit]!));
  const shown = rows.slice(0, p.limit);
  if (run.generator) {
    for (const row of shown) run.generator.addTitle(row.wl_namespace, row.wl_title);
    return;
  }
  const changed = (p.prop ?? []).includes('changed');
  const items: ResultObject[] = shown.map((row) => {
    const item: ResultObject = { ns: row.wl_namespace, title: run.services.titles.text(row.wl_namespace, row.wl_title) };
    if (changed && row.wl_notificationtimestamp !== null) item.changed = mwToIso(row.wl_notificationtimestamp);
    return item;
  });
  // MediaWiki writes this list beside `query`, not in it.
  run.setTopValue('watchlistraw', list('wr', items) as ResultList);
}
