// prop=contributors: Get the list of logged-in contributors and the count of anonymous contributors to a page.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, GROUPS, RIGHTS, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { nowMw } from '../../wiki/timestamps.ts';
import { groupsWithRight, requireMaxOneParameter } from '../list/user-facts.ts';

const params = {
  group: { type: GROUPS, multi: true },
  excludegroup: { type: GROUPS, multi: true },
  rights: { type: RIGHTS, multi: true },
  excluderights: { type: RIGHTS, multi: true },
  limit: limit(10),
  continue: CONT,
} as const satisfies ParamDecls;

export const contributors = defineQueryModule({
  prefix: 'pc',
  classname: 'ApiQueryContributors',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Contributors'],
  params,
  execute: runContributors,
});

type ContributorsRun = QueryRun<typeof params>;

/** ApiQueryContributors::MAX_PAGES: pages past it wait for the next request. */
const MAX_PAGES = 100;

function parseContinue(run: ContributorsRun): { page: number; actor: number } | null {
  const value = run.params.continue;
  if (value === undefined) return null;
  const parts = value.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  return { page: phpIntPrefix(parts[0]!), actor: phpIntPrefix(parts[1]!) };
}

/** PHP's (int) cast of a string: its leading integer, 0 when there is none. */
function phpIntPrefix(text: string): number {
  const match = /^[ \t\n\r\v\f]*([+-]?[0-9]+)/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** The groups the filter names: given, or those having (not) the rights; null when nothing filters. */
function groupFilter(run: ContributorsRun): { names: string[]; exclude: boolean } | 'nobody' | null {
  const { site } = run.services;
  const { group, excludegroup, rights, excluderights } = run.params;
  if (group?.length) return { names: [...group], exclude: false };
  if (excludegroup?.length) return { names: [...excludegroup], exclude: true };
  if (rights?.length) {
    const names = [...new Set(rights.flatMap((right) => groupsWithRight(site, right)))];
    return names.length ? { names, exclude: false } : 'nobody';
  }
  if (excluderights?.length) {
    const names = [...new Set(excluderights.flatMap((right) => groupsWithRight(site, right)))];
    return names.length ? { names, exclude: true } : null;
  }
  return null;
}

async function runContributors(run: ContributorsRun): Promise<void> {
  requireMaxOneParameter(run, run.params, ['group', 'excludegroup', 'rights', 'excluderights']);
  const lists = run.services.store.users.lists;
  const after = parseContinue(run);
  let pages = run.pageset.goodPages().map((page) => page.pageId);
  if (after !== null) pages = pages.filter((id) => id >= after.page);
  if (!pages.length) return;
  pages.sort((a, b) => a - b);
  let continuePages: string | null = null;
  if (pages.length > MAX_PAGES) {
    continuePages = `${pages[MAX_PAGES]}|0`;
    pages = pages.slice(0, MAX_PAGES);
  }
  for (const [page, anons] of await lists.anonymousContributorCounts(pages)) run.addPageFields(page, { anoncontributors: anons });
  const groups = groupFilter(run);
  if (groups === 'nobody') {
    // Nobody has the rights; the anonymous counts of the pages left still come next time.
    if (continuePages !== null) run.setContinue('continue', continuePages);
    return;
  }
  const limit = run.params.limit;
  const rows = await lists.contributors({ pageIds: pages, groups, after, now: nowMw(), limit: limit + 1 });
  for (const [index, row] of rows.entries()) {
    if (index >= limit || !run.addPageItem(row.page, 'contributors', { userid: row.userid, name: row.username }, 'user')) {
      run.setContinue('continue', `${row.page}|${row.actor}`);
      return;
    }
  }
  if (continuePages !== null) run.setContinue('continue', continuePages);
}
