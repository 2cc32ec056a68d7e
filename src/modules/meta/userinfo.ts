// meta=userinfo: Get information about the current user.
import { callerBlock, type Caller } from '../../api/caller.ts';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, mergeInto, setContent, setFlag, setFloat, setType, type ResultList, type ResultObject } from '../../api/result.ts';
import type { EffectiveBlock } from '../../wiki/blocks.ts';
import { isInRange } from '../../wiki/ip.ts';
import { listAllGroups, localTimeOffset, rateLimits, type OptionValue } from '../../wiki/site-facts.ts';
import type { SiteConfig } from '../../wiki/site.ts';
import { canSeeHiddenUser } from '../../wiki/visibility.ts';
import type { UserStore } from '../../store/users.ts';
import { mwToIso, nowMw } from '../../wiki/timestamps.ts';
import { userHumanFutureTime, userTimeAndDate } from '../../wiki/user-time.ts';

export { blockHexPrefix, effectiveBlock, type EffectiveBlock } from '../../wiki/blocks.ts';
import { siteDefaultOptions } from './siteinfo.ts';

/** ApiQueryUserInfo::WL_UNREAD_LIMIT */
const UNREAD_LIMIT = 1000;

const params = {
  prop: {
    type: [
      'blockinfo', 'hasmsg', 'groups', 'groupmemberships', 'implicitgroups', 'rights',
      'changeablegroups', 'options', 'editcount', 'ratelimits', 'email', 'realname',
      'acceptlang', 'registrationdate', 'unreadcount', 'centralids', 'preferencestoken',
      'latestcontrib',
    ],
    multi: true,
    deprecatedValues: ['preferencestoken'],
  },
  attachedwiki: { type: 'string' },
} as const satisfies ParamDecls;

export const userinfo = defineQueryModule({
  prefix: 'ui',
  classname: 'ApiQueryUserInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Userinfo'],
  cacheMode: 'private',
  params,
  async execute(run) {
    run.setQueryValue('userinfo', await currentUserInfo(run, new Set(run.params.prop)));
  },
});

type UserInfoRun = QueryRun<typeof params>;

async function currentUserInfo(run: UserInfoRun, props: ReadonlySet<string>): Promise<ResultObject> {
  const { site, store } = run.services;
  const caller = run.caller;
  const account = caller.account;
  const info: ResultObject = { id: caller.id, name: caller.name };
  setFlag(info, 'anon', caller.isAnonymous);
  if (props.has('blockinfo')) {
    const block = await callerBlock(run.services, caller);
    if (block) mergeInto(info, blockDetails(block, site, await callerDates(run)));
  }
  if (props.has('hasmsg')) {
    const messages = caller.isAnonymous ? await store.users.ipHasNewMessages(caller.name) : await store.users.userHasNewMessages(caller.id);
    setFlag(info, 'messages', messages, false);
  }
  if (props.has('groups')) info.groups = groupList(caller.groups);
  if (props.has('groupmemberships')) {
    info.groupmemberships = setType(
      list('groupmembership', caller.memberships.map((m) => ({ group: m.group, expiry: m.expiry === null ? 'infinity' : mwToIso(m.expiry) }))),
      'array',
    );
  }
  if (props.has('implicitgroups')) info.implicitgroups = groupList(caller.implicitGroups);
  if (props.has('rights')) info.rights = setType(list('r', [...caller.rights]), 'array');
  if (props.has('changeablegroups')) info.changeablegroups = changeableGroups(caller, site);
  if (props.has('options')) info.options = Object.fromEntries(await callerOptions(run));
  if (props.has('preferencestoken') && !run.lacksSameOriginSecurity && caller.rights.has('editmyoptions')) {
    // An anonymous caller's edit token is `+\`; a session's is its csrf token.
    const token = caller.isAnonymous ? '+\\' : caller.csrfToken;
    if (token !== undefined) info.preferencestoken = token;
  }
  if (props.has('editcount')) info.editcount = account?.user_editcount ?? 0;
  if (props.has('ratelimits')) info.ratelimits = rateLimitsOf(caller, site);
  if (props.has('realname') && !(site.hiddenPrefs ?? []).includes('realname')) info.realname = account?.user_real_name ?? '';
  if (props.has('email') && caller.rights.has('viewmyprivateinfo')) {
    info.email = account?.user_email ?? '';
    if (account?.user_email_authenticated) info.emailauthenticated = mwToIso(account.user_email_authenticated);
  }
  // User::getRegistration: none for an anonymous caller; an account older than the column reads as now.
  if (props.has('registrationdate') && account) info.registrationdate = mwToIso(account.user_registration ?? nowMw());
  if (props.has('acceptlang')) info.acceptlang = acceptLanguages(run.requestHeaders['accept-language']);
  if (props.has('unreadcount')) {
    const unread = await store.watchlist.unseenCount(caller.id, UNREAD_LIMIT);
    info.unreadcount = unread > UNREAD_LIMIT ? `${UNREAD_LIMIT}+` : unread;
  }
  if (props.has('centralids')) Object.assign(info, await centralUserInfo(run));
  if (props.has('latestcontrib') && account) {
    const latest = await store.users.editTimestamp(caller.id, 'last');
    if (latest !== null) info.latestcontrib = mwToIso(latest);
  }
  return info;
}

/**
 * UserOptionsLookup::getOptions: the account's user_properties (by name, `0` read as the number
 * 0 as MediaWiki does) followed by the site's defaults it does not set; the defaults alone for an
 * anonymous caller.
 */
async function callerOptions(run: UserInfoRun): Promise<[string, OptionValue][]> {
  const defaults = siteDefaultOptions(run);
  if (run.caller.isAnonymous) return defaults;
  const own = new Map<string, OptionValue>();
  for (const row of await run.services.store.users.properties(run.caller.id)) {
    if (row.up_value === null) continue;
    own.set(row.up_property, row.up_value === '0' ? 0 : row.up_value);
  }
  return [...own, ...defaults.filter(([name]) => !own.has(name))];
}

function groupList(groups: readonly string[]): ResultList {
  return setType(list('g', [...groups]), 'array');
}

/** UserGroupManager::getGroupsChangeableBy: what the caller's groups (or `userrights`) allow, as configured. */
function changeableGroups(caller: Caller, site: SiteConfig): ResultObject {
  const all = listAllGroups(site);
  const everything = caller.rights.has('userrights');
  const collect = (key: 'add' | 'remove' | 'addSelf' | 'removeSelf'): ResultList => {
    const groups = everything && (key === 'add' || key === 'remove')
      ? all
      : [...new Set(caller.groups.flatMap((g) => site.groups[g]?.[key] ?? []))];
    return list('g', groups);
  };
  return { add: collect('add'), remove: collect('remove'), 'add-self': collect('addSelf'), 'remove-self': collect('removeSelf') };
}

/**
 * The limits of $wgRateLimits that apply to the caller: category `anon` or `user`, then `ip`,
 * `subnet` (and `newbie` for accounts) for new users, then the caller's groups. Callers with
 * `noratelimit`, or from an excluded address, have none.
 */
export function rateLimitsOf(caller: Caller, site: SiteConfig): ResultObject {
  const result: ResultObject = setType({}, 'assoc');
  // User::isPingLimitable: the request's address, whoever the caller is.
  const excluded = (site.rateLimitsExcludedIPs ?? []).some((range) => isInRange(caller.ip, range));
  if (excluded || caller.rights.has('noratelimit')) return result;
  const categories = [caller.isAnonymous ? 'anon' : 'user'];
  // User::isNewbie: whoever is not autoconfirmed.
  if (!caller.rights.has('autoconfirmed')) categories.push('ip', 'subnet', ...(caller.isAnonymous ? [] : ['newbie']));
  categories.push(...caller.memberships.map((m) => m.group));
  for (const [action, limits] of Object.entries(rateLimits(site))) {
    const applying: ResultObject = {};
    for (const category of categories) {
      const limit = limits[category];
      if (limit) applying[category] = { hits: Math.trunc(limit[0]), seconds: Math.trunc(limit[1]) };
    }
    if (Object.keys(applying).length) result[action] = applying;
  }
  return result;
}

/** WebRequest::getAcceptLang: language codes by descending q value, q=0 left out. */
export function acceptLanguages(header: string | undefined): ResultList {
  const langs = new Map<string, number>();
  const pattern = /([a-z]{1,8}(?:-[a-z]{1,8})*|\*)\s*(?:;\s*q\s*=\s*(1(?:\.0{0,3})?|0(?:\.\d{0,3})?)?)?/g;
  for (const match of (header ?? '').toLowerCase().matchAll(pattern)) {
    const q = match[2] === undefined ? 1 : Number(match[2]);
    if (q) langs.set(match[1]!, q);
  }
  const sorted = [...langs].map((entry, index) => ({ entry, index }));
  sorted.sort((a, b) => b.entry[1] - a.entry[1] || a.index - b.index);
  return list('lang', sorted.map(({ entry: [code, q] }) => {
    // WebRequest::getAcceptLang casts every q to float (PHP serialize shows `d:1;`).
    const item: ResultObject = {};
    setFloat(item, 'q', q);
    setContent(item, 'code', code);
    return item;
  }));
}

/** ApiQueryUserInfo::getCentralUserInfo with the `local` central id provider. */
async function centralUserInfo(run: UserInfoRun): Promise<ResultObject> {
  const caller = run.caller;
  const attachedWiki = run.params.attachedwiki;
  // LocalIdLookup answers the public, to whom an account whose name a block hides has no id.
  const users = run.services.store.users;
  const centralIds: ResultObject = setType({ local: await (caller.isAnonymous ? users.idByName(caller.name) : publicCentralId(users, caller.name)) }, 'assoc');
  const attachedLocal: ResultObject = setType({}, 'assoc');
  // LocalIdLookup: an account is attached to its own wiki; an anonymous caller to none.
  setFlag(attachedLocal, 'local', !caller.isAnonymous, false);
  const out: ResultObject = { centralids: centralIds, attachedlocal: attachedLocal };
  // PHP's truthiness: '' and '0' ask for nothing.
  if (attachedWiki && attachedWiki !== '0') {
    const attached: ResultObject = setType({}, 'assoc');
    // LocalIdLookup::isAttached: the wiki's own id only (`*` is not special to it).
    setFlag(attached, 'local', !caller.isAnonymous && attachedWiki === run.services.site.dbName, false);
    out.attachedwiki = attached;
  }
  return out;
}

/** How a caller reads dates: the request's uselang and the caller's `timecorrection` and `date` options. */
export interface CallerDates {
  lang: string;
  timeCorrection: string;
  datePreference: string;
}

/** The caller's date options (the site's defaults for an anonymous caller or one who set none). */
export async function callerDates(run: QueryRun): Promise<CallerDates> {
  const defaults = new Map(siteDefaultOptions(run));
  const own = run.caller.isAnonymous ? [] : await run.services.store.users.properties(run.caller.id);
  const option = (name: string): string => {
    const set = own.find((row) => row.up_property === name);
    return String(set ? (set.up_value ?? '') : (defaults.get(name) ?? ''));
  };
  return { lang: run.useLang, timeCorrection: option('timecorrection'), datePreference: option('date') || 'default' };
}

/**
 * ApiBlockInfoTrait::getBlockDetails: dates as the caller reads them (Language::formatExpiry and
 * getHumanTimestamp with the caller's options, in the request's uselang); without `dates`, in
 * English at the site's offset.
 */
export function blockDetails(block: EffectiveBlock, site: SiteConfig, dates?: CallerDates): ResultObject {
  const infinite = block.expiry === 'infinity';
  const details: ResultObject = {
    blockid: block.id,
    blockedby: block.blockerName,
    blockedbyid: block.blockerId,
    blockreason: block.reason,
    blockedtimestamp: mwToIso(block.timestamp),
    blockexpiry: infinite ? 'infinite' : mwToIso(block.expiry),
  };
  setFlag(details, 'blockpartial', !block.sitewide, false);
  setFlag(details, 'blocknocreate', block.createAccountBlocked, false);
  setFlag(details, 'blockanononly', !block.hardblock, false);
  const { lang = 'en', timeCorrection = `System|${localTimeOffset(site)}`, datePreference = 'default' } = dates ?? {};
  details.blockedtimestampformatted = userTimeAndDate(block.timestamp, timeCorrection, site, lang, datePreference);
  if (!infinite) {
    details.blockexpiryformatted = userTimeAndDate(block.expiry, timeCorrection, site, lang, datePreference);
    details.blockexpiryrelative = userHumanFutureTime(block.expiry, timeCorrection, site, lang, datePreference);
  }
  return details;
}

/** Language::userTimeAndDate in English, shifted by the site's current offset as for `System|offset`. */
export function formatDateTime(ts: string, site: SiteConfig): string {
  return userTimeAndDate(ts, `System|${localTimeOffset(site)}`, site);
}

/** LocalIdLookup::centralIdFromName for the public audience: 0 for an account whose name a block hides. */
async function publicCentralId(users: UserStore, name: string): Promise<number> {
  const account = await users.idAndNameHidden(name);
  return account && canSeeHiddenUser(account.hidden, NO_RIGHTS) ? account.user_id : 0;
}

/** The public audience has no rights. */
const NO_RIGHTS: ReadonlySet<string> = new Set();
