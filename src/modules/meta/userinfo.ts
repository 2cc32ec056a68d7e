// meta=userinfo: Get information about the current user.
import type { Caller } from '../../api/caller.ts';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, mergeInto, setContent, setFlag, setFloat, setType, type ResultList, type ResultObject } from '../../api/result.ts';
import type { BlockRow } from '../../store/users.ts';
import { isInRange, isValidIP, toHex } from '../../wiki/ip.ts';
import { implicitGroups, listAllGroups, localTimeOffset, rateLimits } from '../../wiki/site-facts.ts';
import type { SiteConfig } from '../../wiki/site.ts';
import { mwToIso, nowMw } from '../../wiki/timestamps.ts';
import { siteDefaultOptions } from './siteinfo.ts';

/** ApiQueryUserInfo::WL_UNREAD_LIMIT */
const UNREAD_LIMIT = 1000;
/** $wgBlockCIDRLimit: the widest ranges that can be blocked, which bounds the range lookup. */
const BLOCK_CIDR_LIMIT = { v4: 16, v6: 19 };
/** The message of a composite block (several blocks apply at once). */
const COMPOSITE_REASON = 'There are multiple blocks against your account and/or IP address';

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
  const info: ResultObject = { id: caller.id, name: caller.name };
  setFlag(info, 'anon', caller.isAnonymous);
  if (props.has('blockinfo')) {
    const block = await callerBlock(run);
    if (block) mergeInto(info, blockDetails(block, site));
  }
  if (props.has('hasmsg')) {
    setFlag(info, 'messages', caller.isAnonymous && (await store.users.ipHasNewMessages(caller.name)), false);
  }
  if (props.has('groups')) info.groups = groupList(caller.groups);
  if (props.has('groupmemberships')) info.groupmemberships = setType(list('groupmembership', []), 'array');
  if (props.has('implicitgroups')) info.implicitgroups = groupList(implicitGroupsOf(caller, site));
  if (props.has('rights')) info.rights = setType(list('r', [...caller.rights]), 'array');
  if (props.has('changeablegroups')) info.changeablegroups = changeableGroups(caller, site);
  if (props.has('options')) info.options = Object.fromEntries(siteDefaultOptions(run));
  if (props.has('preferencestoken') && !run.lacksSameOriginSecurity && caller.rights.has('editmyoptions')) {
    // A logged-out user's edit token.
    info.preferencestoken = '+\\';
  }
  if (props.has('editcount')) info.editcount = 0;
  if (props.has('ratelimits')) info.ratelimits = rateLimitsOf(caller, site);
  if (props.has('realname') && !(site.hiddenPrefs ?? []).includes('realname')) info.realname = '';
  if (props.has('email') && caller.rights.has('viewmyprivateinfo')) info.email = '';
  if (props.has('acceptlang')) info.acceptlang = acceptLanguages(run.requestHeaders['accept-language']);
  if (props.has('unreadcount')) {
    const unread = await store.watchlist.unseenCount(caller.id, UNREAD_LIMIT);
    info.unreadcount = unread > UNREAD_LIMIT ? `${UNREAD_LIMIT}+` : unread;
  }
  if (props.has('centralids')) Object.assign(info, await centralUserInfo(run));
  // registrationdate and latestcontrib: an anonymous caller has neither.
  return info;
}

function groupList(groups: readonly string[]): ResultList {
  return setType(list('g', [...groups]), 'array');
}

/** UserGroupManager::getUserImplicitGroups: `*`, plus `user` and autopromotions for accounts. */
function implicitGroupsOf(caller: Caller, site: SiteConfig): string[] {
  const implicit = new Set(implicitGroups(site));
  return caller.groups.filter((g) => implicit.has(g));
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
  const excluded = caller.isAnonymous && (site.rateLimitsExcludedIPs ?? []).some((range) => isInRange(caller.name, range));
  if (excluded || caller.rights.has('noratelimit')) return result;
  const categories = [caller.isAnonymous ? 'anon' : 'user'];
  // User::isNewbie: whoever is not autoconfirmed.
  if (!caller.rights.has('autoconfirmed')) categories.push('ip', 'subnet', ...(caller.isAnonymous ? [] : ['newbie']));
  const implicit = implicitGroupsOf(caller, site);
  categories.push(...caller.groups.filter((g) => !implicit.includes(g)));
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
  const centralIds: ResultObject = setType({ local: await run.services.store.users.idByName(caller.name) }, 'assoc');
  const attachedLocal: ResultObject = setType({}, 'assoc');
  // LocalIdLookup: an account is attached to its own wiki; an anonymous caller to none.
  setFlag(attachedLocal, 'local', !caller.isAnonymous, false);
  const out: ResultObject = { centralids: centralIds, attachedlocal: attachedLocal };
  // PHP's truthiness: '' and '0' ask for nothing.
  if (attachedWiki && attachedWiki !== '0') {
    const attached: ResultObject = setType({}, 'assoc');
    setFlag(attached, 'local', !caller.isAnonymous && (attachedWiki === '*' || attachedWiki === run.services.site.dbName), false);
    out.attachedwiki = attached;
  }
  return out;
}

/** What a block means for the caller: one database block, or several merged into one. */
export interface EffectiveBlock {
  id: number | null;
  blockerName: string;
  blockerId: number;
  reason: string;
  timestamp: string;
  /** 14-digit timestamp or `infinity`. */
  expiry: string;
  sitewide: boolean;
  createAccountBlocked: boolean;
  hardblock: boolean;
}

/**
 * BlockManager::getUserBlock for an anonymous caller: blocks on its address and on ranges
 * holding it that have not expired (autoblocks only when their parent block is not already
 * there); several make a composite block. Callers with `ipblock-exempt` are exempt.
 */
async function callerBlock(run: QueryRun): Promise<EffectiveBlock | null> {
  const caller = run.caller;
  if (!caller.isAnonymous || caller.rights.has('ipblock-exempt') || !isValidIP(caller.name)) return null;
  const hex = toHex(caller.name);
  if (hex === null) return null;
  const rows = await run.services.store.users.ipBlocks({ address: caller.name, hex, hexPrefix: blockHexPrefix(hex) });
  return effectiveBlock(rows, nowMw());
}

/** DatabaseBlock::getIpFragment: the hex digits shared by every blockable range holding `hex`. */
export function blockHexPrefix(hex: string): string {
  if (hex.startsWith('v6-')) return `v6-${hex.slice(3, 3 + Math.floor(BLOCK_CIDR_LIMIT.v6 / 4))}`;
  return hex.slice(0, Math.floor(BLOCK_CIDR_LIMIT.v4 / 4));
}

export function effectiveBlock(rows: readonly BlockRow[], now: string): EffectiveBlock | null {
  const live = rows.filter((r) => r.ipb_expiry === 'infinity' || r.ipb_expiry >= now);
  const unique = new Map<number, BlockRow>();
  for (const row of live.filter((r) => !r.ipb_auto)) unique.set(row.ipb_id, row);
  for (const row of live.filter((r) => r.ipb_auto)) {
    const parent = row.ipb_parent_block_id ?? 0;
    if (!unique.has(parent)) unique.set(parent, row);
  }
  const blocks = [...unique.values()].map(fromRow);
  if (blocks.length <= 1) return blocks[0] ?? null;
  return {
    id: null,
    blockerName: '',
    blockerId: 0,
    reason: COMPOSITE_REASON,
    timestamp: now,
    expiry: blocks.reduce((max, b) => (b.expiry > max ? b.expiry : max), blocks[0]!.expiry),
    sitewide: blocks.some((b) => b.sitewide),
    createAccountBlocked: blocks.some((b) => b.createAccountBlocked),
    hardblock: blocks.some((b) => b.hardblock),
  };
}

function fromRow(row: BlockRow): EffectiveBlock {
  return {
    id: row.ipb_id,
    blockerName: row.ipb_by_text ?? '',
    blockerId: row.ipb_by ?? 0,
    reason: row.ipb_reason_text ?? '',
    timestamp: row.ipb_timestamp,
    expiry: row.ipb_expiry,
    sitewide: Number(row.ipb_sitewide) === 1,
    createAccountBlocked: Number(row.ipb_create_account) === 1,
    hardblock: Number(row.ipb_anon_only) !== 1,
  };
}

/** ApiBlockInfoTrait::getBlockDetails, dates in the site's time zone and English formats. */
export function blockDetails(block: EffectiveBlock, site: SiteConfig): ResultObject {
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
  details.blockedtimestampformatted = formatDateTime(block.timestamp, site);
  if (!infinite) {
    details.blockexpiryformatted = formatDateTime(block.expiry, site);
    // Language::getHumanTimestamp writes future times out in full.
    details.blockexpiryrelative = formatDateTime(block.expiry, site);
  }
  return details;
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
];

/** Language::userTimeAndDate in English (`H:i, j F Y`), shifted by the site's current offset as for `System|offset`. */
export function formatDateTime(ts: string, site: SiteConfig): string {
  const utc = Date.UTC(+ts.slice(0, 4), +ts.slice(4, 6) - 1, +ts.slice(6, 8), +ts.slice(8, 10), +ts.slice(10, 12), +ts.slice(12, 14));
  const d = new Date(utc + localTimeOffset(site) * 60_000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
