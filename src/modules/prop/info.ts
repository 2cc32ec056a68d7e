// prop=info: Get basic page information.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setContent, setFlag, setType, type ResultNode, type ResultObject } from '../../api/result.ts';
import type { CascadeRow } from '../../store/links.ts';
import type { ProtectedTitleRow, RestrictionRow } from '../../store/pages.ts';
import { defaultContentModel as titleDefaultModel } from '../../wiki/content-models.ts';
import { NS } from '../../wiki/namespaces.ts';
import { bcp47, languageName } from '../../wiki/languages.ts';
import { contentLanguage, restrictionConfig } from '../../wiki/site-facts.ts';
import { phpInt } from '../../wiki/php-values.ts';
import { dateToMw, mwToDate, mwToIso, nowMw } from '../../wiki/timestamps.ts';
import { editUrl, fullUrl } from '../../wiki/urls.ts';
import { CONT } from '../../api/params/common.ts';
import { callerBlock } from '../../api/caller.ts';
import { blockDetails, callerDates, type CallerDates } from '../meta/userinfo.ts';
import {
  errorCode, errorHtml, errorPlaintext, errorWikitext, permissionErrors, type PermissionContext, type PermissionError, type PermissionPage,
} from './info-testactions.ts';

const params = {
  prop: {
    type: [
      'protection', 'talkid', 'watched', 'watchers', 'visitingwatchers',
      'notificationtimestamp', 'subjectid', 'url', 'readable', 'preload', 'displaytitle',
      'varianttitles',
    ],
    multi: true,
    deprecatedValues: ['readable'],
  },
  testactions: { type: 'string', multi: true },
  testactionsdetail: { type: ['boolean', 'full', 'quick'], default: 'boolean' },
  token: {
    type: ['edit', 'delete', 'protect', 'move', 'block', 'unblock', 'email', 'import', 'watch'],
    multi: true,
    deprecated: true,
  },
  continue: CONT,
} as const satisfies ParamDecls;

export const info = defineQueryModule({
  prefix: 'in',
  classname: 'ApiQueryInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Info'],
  params,
  execute: runInfo,
});

type InfoRun = QueryRun<typeof params>;

/** A page prop=info describes: an existing page or a missing title (negative id). */
interface InfoPage {
  id: number;
  ns: number;
  dbKey: string;
  exists: boolean;
  redirect: boolean;
  isNew: boolean;
  touched: string;
  latest: number;
  length: number;
  contentModel: string;
}

/** A protection as the result lists it. */
interface Protection {
  type: string;
  level: string;
  expiry: string;
  cascade?: boolean;
  source?: string;
}

/** ApiBase::LIMIT_SML1 / LIMIT_SML2: actions tested per request. */
const TESTED_ACTIONS_LIMIT = { user: 50, bot: 500 };

async function runInfo(run: InfoRun): Promise<void> {
  const props: ReadonlySet<string> = new Set(run.params.prop);
  const pages = continueFrom(run, everything(run));
  if (!pages.length) return;
  const facts = await loadFacts(run, pages, props);
  const testActions = run.params.testactions ?? [];
  const actionLimit = run.caller.rights.has('apihighlimits') ? TESTED_ACTIONS_LIMIT.bot : TESTED_ACTIONS_LIMIT.user;
  let tested = 0;
  for (const page of pages) {
    if (testActions.length && tested >= actionLimit) {
      run.setContinue('continue', `${page.ns}|${page.dbKey.replace(/_/g, ' ')}`);
      break;
    }
    const fields = pageInfo(run, page, props, facts);
    if (testActions.length) {
      fields.actions = testedActions(run, page, testActions, facts);
      tested += testActions.length;
    }
    run.addPageFields(page.id, fields);
  }
}

/** Existing and missing titles in Title::compare order (namespace, then DB key bytes). */
function everything(run: QueryRun): InfoPage[] {
  const { titles } = run.services;
  const pages: InfoPage[] = run.pageset.goodPages().map((p) => ({
    id: p.pageId,
    ns: p.ns,
    dbKey: p.dbKey,
    exists: true,
    redirect: p.row.page_is_redirect !== 0,
    isNew: p.row.page_is_new !== 0,
    touched: p.row.page_touched,
    latest: p.row.page_latest,
    length: p.row.page_len,
    contentModel: p.row.page_content_model ?? defaultContentModel(run, p.ns, titles.toText(p.dbKey)),
  }));
  for (const m of run.pageset.missing()) {
    pages.push({
      id: m.fakeId,
      ns: m.ns,
      dbKey: m.dbKey,
      exists: false,
      redirect: false,
      isNew: false,
      touched: '',
      latest: 0,
      length: 0,
      contentModel: defaultContentModel(run, m.ns, titles.toText(m.dbKey)),
    });
  }
  return pages.sort(compareTitles);
}

function compareTitles(a: { ns: number; dbKey: string }, b: { ns: number; dbKey: string }): number {
  return a.ns - b.ns || Buffer.compare(Buffer.from(a.dbKey), Buffer.from(b.dbKey));
}

/** `incontinue=ns|Title text`: titles before it were done in an earlier request. */
function continueFrom(run: InfoRun, pages: InfoPage[]): InfoPage[] {
  const cont = run.params.continue;
  if (cont === undefined) return pages;
  const parts = cont.split('|');
  if (parts.length !== 2) run.fail('apierror-badcontinue');
  const ns = phpInt(parts[0]!);
  const title = run.services.titles.makeSafe(ns, parts[1]!);
  if (!title) run.fail('apierror-badcontinue');
  const from = { ns: title.ns, dbKey: title.dbKey };
  return pages.filter((p) => compareTitles(p, from) >= 0);
}

/** The model of a page's title on this wiki (MainSlotRoleHandler::getDefaultModel). */
function defaultContentModel(run: QueryRun, ns: number, text: string): string {
  const { services } = run;
  return titleDefaultModel(ns, text, { extensionModel: services.extensionDefaultModel, namespaceModel: (id) => services.namespaces.get(id)?.defaultContentModel });
}

/** Models of CodeContentHandlers (Scribunto's modules too), whose pages are in English. */
const CODE_MODELS = new Set(['css', 'javascript', 'json', 'Scribunto']);

/** Title::getPageLanguage: code is English; MediaWiki: pages take their subpage's language. */
function pageLanguage(run: QueryRun, page: InfoPage): string {
  if (CODE_MODELS.has(page.contentModel)) return 'en';
  const lang = run.services.site.lang;
  if (page.ns !== NS.MEDIAWIKI) return lang;
  const pieces = page.dbKey.replace(/_/g, ' ').split('/');
  if (pieces.length < 2) return lang;
  const code = pieces[pieces.length - 1]!;
  return languageName(code) !== undefined ? code : lang;
}

// ---------------------------------------------------------------------------------------------
// Facts loaded for all pages at once

interface Facts {
  protections: Map<string, Protection[]>;
  restrictionTypes: readonly string[];
  /** Unexpired restrictions per page key, for testactions. */
  permissionPages: Map<string, PermissionPage>;
  talkIds: Map<string, number>;
  subjectIds: Map<string, number>;
  displayTitles: Map<number, string>;
  /** Existence of pages that permission messages link to (errorformat=html). */
  linkStatus: Map<string, { exists: boolean; redirect: boolean }>;
  /** Who tests the actions, with their block. */
  permissionContext: PermissionContext;
  /** How the caller reads the dates of a block error's details (read when the details are asked for). */
  callerDates: CallerDates | undefined;
  /** The caller's watches of the pages; null when not read (anonymous, or no viewmywatchlist). */
  watched: Map<string, { notificationTimestamp: string | null; expiry: string | null }> | null;
  /** Watchers and visiting watchers per page; null when the caller may not see them. */
  watchers: Map<string, number> | null;
  visitingWatchers: Map<string, number> | null;
  /** Counts of 0 are shown only to callers with unwatchedpages. */
  showZeroWatchers: boolean;
}

function key(ns: number, dbKey: string): string {
  return `${ns}:${dbKey}`;
}

async function loadFacts(run: InfoRun, pages: InfoPage[], props: ReadonlySet<string>): Promise<Facts> {
  const facts: Facts = {
    protections: new Map(),
    restrictionTypes: restrictionConfig(run.services.site).types,
    permissionPages: new Map(),
    talkIds: new Map(),
    subjectIds: new Map(),
    displayTitles: new Map(),
    linkStatus: new Map(),
    permissionContext: { site: run.services.site, titles: run.services.titles, caller: run.caller, block: null, userLanguage: run.useLang },
    callerDates: undefined,
    watched: null,
    watchers: null,
    visitingWatchers: null,
    showZeroWatchers: false,
  };
  const testing = (run.params.testactions ?? []).length > 0;
  // Independent reads: on a database server they run at once rather than one round trip after another.
  const ids = pages.filter((p) => p.exists).map((p) => p.id);
  await Promise.all([
    props.has('protection') || testing ? loadProtections(run, pages, facts, props.has('protection'), testing) : undefined,
    props.has('talkid') || props.has('subjectid') ? loadTalkSubjectIds(run, pages, props, facts) : undefined,
    props.has('displaytitle') && ids.length
      ? run.services.store.pages.props(ids, 'displaytitle').then((titles) => void (facts.displayTitles = titles))
      : undefined,
    testing ? callerBlock(run.services, run.caller).then((block) => void (facts.permissionContext.block = block)) : undefined,
    testing && run.params.testactionsdetail !== 'boolean' ? callerDates(run).then((dates) => void (facts.callerDates = dates)) : undefined,
    props.has('watched') || props.has('notificationtimestamp') ? loadWatched(run, pages, facts) : undefined,
    props.has('watchers') || props.has('visitingwatchers') ? loadWatchers(run, pages, props, facts) : undefined,
  ]);
  if (testing && errorFormatOf(run).format === 'html' && run.params.testactionsdetail !== 'boolean') await loadLinkStatus(run, pages, facts);
  return facts;
}

/** Every page the permission messages of this request link to, looked up once. */
async function loadLinkStatus(run: InfoRun, pages: InfoPage[], facts: Facts): Promise<void> {
  const { titles } = run.services;
  const wanted = new Map<string, { ns: number; dbKey: string }>();
  const rigor = run.params.testactionsdetail === 'quick' ? 'quick' : 'full';
  const ctx = facts.permissionContext;
  for (const page of pages) {
    const permissionPage = facts.permissionPages.get(key(page.ns, page.dbKey))!;
    for (const action of run.params.testactions ?? []) {
      for (const e of permissionErrors(ctx, action, permissionPage, rigor)) {
        for (const m of errorWikitext(e, run.services.site).matchAll(/\[\[:?([^\]|]+)/g)) {
          const t = titles.parse(m[1]!, NS.MAIN);
          if (!('invalid' in t) && t.interwiki === '' && t.ns >= 0) wanted.set(key(t.ns, t.dbKey), { ns: t.ns, dbKey: t.dbKey });
        }
      }
    }
  }
  if (!wanted.size) return;
  for (const row of await run.services.store.pages.byTitles([...wanted.values()])) {
    facts.linkStatus.set(key(row.page_namespace, row.page_title), { exists: true, redirect: row.page_is_redirect !== 0 });
  }
}

/** $wgWatchlistExpiry: expired watches count as none. */
function expiryFilter(run: QueryRun): { now: string } | null {
  return run.services.site.watchlistExpiry ? { now: nowMw() } : null;
}

/** ApiQueryInfo::getWatchedInfo: the caller's own watches, for a registered caller who may view them. */
async function loadWatched(run: QueryRun, pages: InfoPage[], facts: Facts): Promise<void> {
  const caller = run.caller;
  if (caller.isAnonymous || !caller.rights.has('viewmywatchlist')) return;
  const rows = await run.services.store.watchlist.watchedItems(caller.id, pages.map((p) => ({ ns: p.ns, dbKey: p.dbKey })), expiryFilter(run));
  facts.watched = new Map(rows.map((r) => [key(r.wl_namespace, r.wl_title), { notificationTimestamp: r.wl_notificationtimestamp, expiry: r.we_expiry }]));
}

/**
 * ApiQueryInfo::getWatcherInfo and getVisitingWatcherInfo: counts for callers with unwatchedpages,
 * or of pages with at least $wgUnwatchedPageThreshold watchers. A watcher is visiting when they
 * have seen the page's changes up to $wgWatchersMaxAge before its latest one (for a missing page,
 * every watcher).
 */
async function loadWatchers(run: QueryRun, pages: InfoPage[], props: ReadonlySet<string>, facts: Facts): Promise<void> {
  const { store } = run.services;
  const { unwatchedPageThreshold, watchersMaxAge } = run.services.site;
  const canSeeUnwatched = run.caller.rights.has('unwatchedpages');
  if (!canSeeUnwatched && unwatchedPageThreshold === null) return;
  facts.showZeroWatchers = canSeeUnwatched;
  const minimum = canSeeUnwatched ? null : unwatchedPageThreshold;
  const expiry = expiryFilter(run);
  const titles = pages.map((p) => ({ ns: p.ns, dbKey: p.dbKey }));
  const counts = (rows: { wl_namespace: number; wl_title: string; watchers: number }[]) => {
    const out = new Map(pages.map((p) => [key(p.ns, p.dbKey), 0]));
    for (const r of rows) out.set(key(r.wl_namespace, r.wl_title), r.watchers);
    return out;
  };
  const visiting = async () => {
    const existing = pages.filter((p) => p.exists);
    const latest = existing.length ? await store.revisions.timestampsOf(existing.map((p) => p.latest)) : new Map<number, string>();
    const visitingTitles = pages.map((p) => {
      const ts = p.exists ? latest.get(p.latest) : undefined;
      return { ns: p.ns, dbKey: p.dbKey, since: ts === undefined ? null : dateToMw(new Date(mwToDate(ts).getTime() - watchersMaxAge * 1000)) };
    });
    facts.visitingWatchers = counts(await store.watchlist.visitingWatcherCounts(visitingTitles, expiry, minimum));
  };
  await Promise.all([
    props.has('watchers') ? store.watchlist.watcherCounts(titles, expiry, minimum).then((rows) => void (facts.watchers = counts(rows))) : undefined,
    props.has('visitingwatchers') ? visiting() : undefined,
  ]);
}

/** ApiResult::formatExpiry */
function formatExpiry(expiry: string | null): string {
  if (expiry === null || expiry === '' || expiry === 'infinity') return 'infinity';
  return mwToIso(expiry);
}

function isActive(expiry: string | null, now: string): boolean {
  return expiry === null || expiry === '' || expiry === 'infinity' || expiry > now;
}

async function loadProtections(run: QueryRun, pages: InfoPage[], facts: Facts, listed: boolean, testing: boolean): Promise<void> {
  const { store, titles } = run.services;
  const existing = pages.filter((p) => p.exists);
  const missing = pages.filter((p) => !p.exists);
  const others = pages.filter((p) => p.ns !== NS.FILE);
  const files = pages.filter((p) => p.ns === NS.FILE);
  const { restrictions, protectedTitles, cascades } = await store.links.protections({
    pageIds: existing.map((p) => p.id),
    missing: missing.map((p) => ({ ns: p.ns, dbKey: p.dbKey })),
    transcluded: others.map((p) => ({ ns: p.ns, dbKey: p.dbKey })),
    files: files.map((p) => p.dbKey),
  });

  const byId = new Map(existing.map((p) => [p.id, p]));
  const add = (ns: number, dbKey: string, p: Protection) => {
    const k = key(ns, dbKey);
    const l = facts.protections.get(k);
    if (l) l.push(p);
    else facts.protections.set(k, [p]);
  };
  if (listed) {
    for (const r of restrictions) {
      const page = byId.get(r.pr_page);
      if (!page) continue;
      const p: Protection = { type: r.pr_type, level: r.pr_level, expiry: formatExpiry(r.pr_expiry) };
      if (r.pr_cascade) p.cascade = true;
      add(page.ns, page.dbKey, p);
    }
    for (const r of protectedTitles) add(r.pt_namespace, r.pt_title, { type: 'create', level: r.pt_create_perm, expiry: formatExpiry(r.pt_expiry) });
    for (const r of cascades) {
      add(r.target_namespace, r.target_title, {
        type: r.pr_type,
        level: r.pr_level,
        expiry: formatExpiry(r.pr_expiry),
        source: titles.text(r.page_namespace, r.page_title),
      });
    }
  }
  if (testing) buildPermissionPages(pages, restrictions, protectedTitles, cascades, facts, (ns, dbKey) => titles.text(ns, dbKey));
}

/** RestrictionStore's view of each page: only unexpired protections count for permissions. */
function buildPermissionPages(
  pages: InfoPage[],
  restrictions: RestrictionRow[],
  protectedTitles: ProtectedTitleRow[],
  cascades: CascadeRow[],
  facts: Facts,
  text: (ns: number, dbKey: string) => string,
): void {
  const now = nowMw();
  for (const page of pages) {
    const own = new Map<string, string[]>();
    let cascading = false;
    let titleProtection: PermissionPage['titleProtection'] = null;
    if (page.exists) {
      for (const r of restrictions) {
        if (r.pr_page !== page.id || !isActive(r.pr_expiry, now)) continue;
        own.set(r.pr_type, r.pr_level.split(',').map((l) => l.trim()));
        if (r.pr_cascade) cascading = true;
      }
    } else {
      const pt = protectedTitles.find((r) => r.pt_namespace === page.ns && r.pt_title === page.dbKey);
      if (pt) {
        titleProtection = { permission: rightOfTitleProtection(pt.pt_create_perm), user: pt.user_name ?? '', reason: pt.pt_reason_text ?? '' };
        if (isActive(pt.pt_expiry, now)) own.set('create', pt.pt_create_perm.trim().split(','));
      }
    }
    const sources: string[] = [];
    const cascadeRestrictions = new Map<string, string[]>();
    for (const r of cascades) {
      if (r.target_namespace !== page.ns || r.target_title !== page.dbKey || !isActive(r.pr_expiry, now)) continue;
      const source = text(r.page_namespace, r.page_title);
      if (!sources.includes(source)) sources.push(source);
      const levels = cascadeRestrictions.get(r.pr_type) ?? [];
      if (!levels.includes(r.pr_level)) levels.push(r.pr_level);
      cascadeRestrictions.set(r.pr_type, levels);
    }
    facts.permissionPages.set(key(page.ns, page.dbKey), {
      pageId: page.exists ? page.id : 0,
      ns: page.ns,
      dbKey: page.dbKey,
      exists: page.exists,
      contentModel: page.contentModel,
      restrictions: own,
      cascading,
      cascadeSources: sources,
      cascadeRestrictions,
      titleProtection,
    });
  }
}

function rightOfTitleProtection(level: string): string {
  if (level === 'sysop') return 'editprotected';
  if (level === 'autoconfirmed') return 'editsemiprotected';
  return level;
}

async function loadTalkSubjectIds(run: QueryRun, pages: InfoPage[], props: ReadonlySet<string>, facts: Facts): Promise<void> {
  const { namespaces } = run.services;
  const wanted: { ns: number; dbKey: string }[] = [];
  for (const p of pages) {
    if (namespaces.isTalk(p.ns)) {
      if (props.has('subjectid')) wanted.push({ ns: namespaces.subjectOf(p.ns), dbKey: p.dbKey });
    } else if (props.has('talkid')) {
      const talk = namespaces.talkOf(p.ns);
      if (talk !== null) wanted.push({ ns: talk, dbKey: p.dbKey });
    }
  }
  if (!wanted.length) return;
  const rows = await run.services.store.pages.byTitles(wanted);
  for (const row of rows) {
    if (namespaces.isTalk(row.page_namespace)) facts.talkIds.set(key(namespaces.subjectOf(row.page_namespace), row.page_title), row.page_id);
    else {
      const talk = namespaces.talkOf(row.page_namespace);
      if (talk !== null) facts.subjectIds.set(key(talk, row.page_title), row.page_id);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Output

/** ApiQueryInfo::extractPageInfo without the tested actions. */
function pageInfo(run: QueryRun, page: InfoPage, props: ReadonlySet<string>, facts: Facts): ResultObject {
  const { site, titles } = run.services;
  const out: ResultObject = {};
  out.contentmodel = page.contentModel;
  const lang = pageLanguage(run, page);
  out.pagelanguage = lang;
  out.pagelanguagehtmlcode = bcp47(lang);
  out.pagelanguagedir = contentLanguage(lang).rtl ? 'rtl' : 'ltr';
  if (page.exists) {
    out.touched = mwToIso(page.touched);
    out.lastrevid = page.latest;
    out.length = page.length;
    if (page.redirect && !resolvingRedirects(run)) setFlag(out, 'redirect', true);
    if (page.isNew) setFlag(out, 'new', true);
  }
  const k = key(page.ns, page.dbKey);
  if (props.has('protection')) {
    out.protection = list('pr', (facts.protections.get(k) ?? []).map(protectionItem));
    out.restrictiontypes = list('rt', restrictionTypes(facts.restrictionTypes, page));
  }
  const watch = facts.watched?.get(k);
  if (props.has('watched')) {
    setFlag(out, 'watched', watch !== undefined, false);
    if (watch?.expiry) out.watchlistexpiry = mwToIso(watch.expiry);
  }
  if (props.has('watchers')) watcherCount(out, 'watchers', facts.watchers?.get(k), facts.showZeroWatchers);
  if (props.has('visitingwatchers')) watcherCount(out, 'visitingwatchers', facts.visitingWatchers?.get(k), facts.showZeroWatchers);
  if (props.has('notificationtimestamp')) out.notificationtimestamp = watch?.notificationTimestamp ? mwToIso(watch.notificationTimestamp) : '';
  if (props.has('talkid') && facts.talkIds.has(k)) out.talkid = facts.talkIds.get(k)!;
  if (props.has('subjectid') && facts.subjectIds.has(k)) out.subjectid = facts.subjectIds.get(k)!;
  if (props.has('url')) {
    const prefixed = titles.dbKeyFull(page.ns, page.dbKey);
    out.fullurl = fullUrl(site, prefixed);
    out.editurl = editUrl(site, prefixed);
    out.canonicalurl = fullUrl(site, prefixed);
  }
  if (props.has('readable')) setFlag(out, 'readable', run.caller.rights.has('read'), false);
  if (props.has('preload')) out.preload = page.exists ? '' : null;
  if (props.has('displaytitle')) {
    out.displaytitle = facts.displayTitles.get(page.id) ?? escapeNoQuotes(titles.text(page.ns, page.dbKey));
  }
  if (props.has('varianttitles') && page.exists) {
    const shown = facts.displayTitles.get(page.id) ?? titles.text(page.ns, page.dbKey);
    // The content language has no variants: its converter leaves titles as they are.
    out.varianttitles = { [site.lang]: shown };
  }
  return out;
}

/** A count of 0 only for callers who may see unwatched pages. */
function watcherCount(out: ResultObject, field: string, count: number | undefined, showZero: boolean): void {
  if (count !== undefined && count !== 0) out[field] = count;
  else if (showZero) out[field] = 0;
}

/** ApiPageSet::isResolvingRedirects: with `redirects`, MediaWiki reports no page as a redirect. */
function resolvingRedirects(run: QueryRun): boolean {
  return run.resolveRedirects;
}

function protectionItem(p: Protection): ResultObject {
  const item: ResultObject = { type: p.type, level: p.level, expiry: p.expiry };
  if (p.cascade) setFlag(item, 'cascade', true);
  if (p.source !== undefined) item.source = p.source;
  return item;
}

/** RestrictionStore::listApplicableRestrictionTypes */
function restrictionTypes(types: readonly string[], page: InfoPage): string[] {
  let out = page.exists ? types.filter((t) => t !== 'create') : types.filter((t) => t === 'create' || t === 'upload');
  if (page.ns !== NS.FILE) out = out.filter((t) => t !== 'upload');
  return out;
}

function escapeNoQuotes(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * ApiErrorFormatter::arrayFromStatus for one error, in the request's error format (bc falls back
 * to plaintext). HTML is not rendered here: it gets the plaintext.
 */
function formatPermissionError(run: QueryRun, e: PermissionError, facts: Facts): ResultObject {
  const item: ResultObject = { code: errorCode(e) };
  const { format, lang } = errorFormatOf(run);
  const site = run.services.site;
  if (format === 'raw') {
    item.key = e.key;
    item.params = list('param', e.params.map((p) => (typeof p === 'number' ? p : p)));
  } else if (format !== 'none') {
    if (format === 'html') setContent(item, 'html', errorHtml(e, run.services, facts.linkStatus, lang));
    else setContent(item, 'text', format === 'wikitext' ? errorWikitext(e, site, lang) : errorPlaintext(e, site, lang));
  }
  // ApiBlockInfoTrait::addBlockInfoToStatus: a block error carries the block.
  if (e.block) item.data = { blockinfo: blockDetails(e.block, site, facts.callerDates) };
  return item;
}

/** StatusValue keeps one of equal errors (same key and parameters): the last one added. */
function withoutRepeats(errors: readonly PermissionError[]): PermissionError[] {
  const same = (a: PermissionError, b: PermissionError) => a.key === b.key && a.params.length === b.params.length && a.params.every((p, i) => p === b.params[i]);
  return errors.filter((e, i) => !errors.slice(i + 1).some((later) => same(e, later)));
}

/** The error format, and the language of its texts: English for bc, which answers as before errorlang existed. */
function errorFormatOf(run: QueryRun): { format: string; lang: string } {
  return { format: run.errorFormat, lang: run.errorFormat === 'bc' ? 'en' : run.errorLang };
}

/** `actions`: per tested action a boolean, or the permission errors (plaintext, as MediaWiki's bc format falls back to). */
function testedActions(run: InfoRun, page: InfoPage, actions: readonly string[], facts: Facts): ResultNode {
  const detail = run.params.testactionsdetail;
  const permissionPage = facts.permissionPages.get(key(page.ns, page.dbKey))!;
  const ctx = facts.permissionContext;
  const out: ResultObject = {};
  setType(out, 'BCassoc');
  for (const action of actions) {
    if (detail === 'boolean') {
      setFlag(out, action, permissionErrors(ctx, action, permissionPage, 'full', true).length === 0, false);
      continue;
    }
    const errors = withoutRepeats(permissionErrors(ctx, action, permissionPage, detail === 'quick' ? 'quick' : 'full'));
    out[action] = list(
      'error',
      errors.map((e) => formatPermissionError(run, e, facts)),
    );
  }
  return out;
}

