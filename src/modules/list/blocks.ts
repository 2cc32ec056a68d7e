// list=blocks: List all blocked users and IP addresses.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, TIME_DIR, limit, user } from '../../api/params/common.ts';
import { timestampIdContinuation } from '../../api/query/continuation.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setFlag, setType, type ResultObject } from '../../api/result.ts';
import type { BlockShowFilter } from '../../store/user-lists.ts';
import type { BlockRestrictions, BlockRow } from '../../wiki/blocks.ts';
import { formatHex, isIPv4, isIPv6, parseRange } from '../../wiki/ip.ts';
import { mwToIso, nowMw } from '../../wiki/timestamps.ts';
import { requireMaxOneParameter } from './user-facts.ts';

const params = {
  start: { type: 'timestamp' },
  end: { type: 'timestamp' },
  dir: TIME_DIR,
  ids: { type: 'integer', multi: true },
  users: user(['name', 'ip', 'cidr'], { multi: true }),
  ip: { type: 'string' },
  limit: limit(10),
  prop: {
    type: [
      'id', 'user', 'userid', 'by', 'byid', 'timestamp', 'expiry', 'reason', 'range', 'flags',
      'restrictions',
    ],
    default: 'id|user|by|timestamp|expiry|reason|flags',
    multi: true,
  },
  show: {
    type: ['account', '!account', 'temp', '!temp', 'ip', '!ip', 'range', '!range'],
    multi: true,
  },
  continue: CONT,
} as const satisfies ParamDecls;

export const blocks = defineQueryModule({
  prefix: 'bk',
  classname: 'ApiQueryBlocks',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Blocks'],
  params,
  itemTag: 'block',
  execute: runBlocks,
});

type BlocksRun = QueryRun<typeof params>;

/** $wgBlockCIDRLimit: the widest ranges that can be blocked, hence asked about. */
const CIDR_LIMIT = { IPv4: 16, IPv6: 19 };

/**
 * `bkip`: the hex bounds of the address or range, and the leading digits every block range
 * holding it shares; a range wider than a block may be is refused.
 */
function containing(run: BlocksRun, ip: string): { prefix: string; lower: string; upper: string } {
  let type: 'IPv4' | 'IPv6';
  let prefixLength: number;
  if (isIPv4(ip)) {
    type = 'IPv4';
    prefixLength = 0;
  } else if (isIPv6(ip)) {
    type = 'IPv6';
    // IPUtils::toHex writes IPv6 with a `v6-` prefix.
    prefixLength = 3;
  } else {
    return run.fail('apierror-badip', [], 'param_ip');
  }
  const limitBits = CIDR_LIMIT[type];
  const slash = ip.indexOf('/');
  if (slash !== -1 && Number(ip.slice(slash + 1)) < limitBits) run.fail('apierror-cidrtoobroad', [type, limitBits]);
  const bounds = parseRange(ip);
  if (bounds === null) return run.fail('apierror-badip', [], 'param_ip');
  return { prefix: bounds.start.slice(0, prefixLength + Math.floor(limitBits / 4)), lower: bounds.start, upper: bounds.end };
}

function showFilters(run: BlocksRun): BlockShowFilter[] {
  const show = new Set(run.params.show ?? []);
  for (const kind of ['account', 'ip', 'range', 'temp']) {
    if (show.has(kind as BlockShowFilter) && show.has(`!${kind}` as BlockShowFilter)) run.fail('apierror-show');
  }
  return [...show];
}

function continuePosition(run: BlocksRun): { timestamp: string; id: number } | null {
  return timestampIdContinuation(run.params.continue, () => run.fail('apierror-badcontinue'));
}

async function runBlocks(run: BlocksRun): Promise<void> {
  requireMaxOneParameter(run, run.params, ['users', 'ip']);
  const { store } = run.services;
  const props = new Set(run.params.prop);
  const limit = run.params.limit;
  const after = continuePosition(run);
  const ids = run.params.ids?.length ? run.params.ids : null;
  const addresses = run.params.users?.length ? run.params.users : null;
  const range = run.params.ip !== undefined ? containing(run, run.params.ip) : null;
  const rows = await store.users.lists.blockList({
    ids,
    addresses,
    containing: range,
    show: showFilters(run),
    withoutHiddenUsers: !run.caller.rights.has('hideuser'),
    newer: run.params.dir === 'newer',
    start: run.params.start ?? null,
    end: run.params.end ?? null,
    after,
    now: nowMw(),
    limit: limit + 1,
  });
  const shown = rows.slice(0, limit);
  const restrictions = props.has('restrictions') ? await restrictionData(run, shown) : new Map<number, ResultObject>();
  const continueValue = (row: BlockRow): string => `${store.storedTimestamp(row.ipb_timestamp, 'ipb_timestamp')}|${row.ipb_id}`;
  for (const [index, row] of rows.entries()) {
    if (index >= limit) {
      run.setContinue('continue', continueValue(row));
      break;
    }
    const auto = Number(row.ipb_auto) !== 0;
    const item: ResultObject = setType({}, 'assoc');
    if (props.has('id')) item.id = row.ipb_id;
    if (props.has('user') && !auto) item.user = row.ipb_address;
    if (props.has('userid') && !auto) item.userid = Number(row.ipb_user);
    if (props.has('by')) item.by = row.ipb_by_text;
    if (props.has('byid')) item.byid = Number(row.ipb_by ?? 0);
    if (props.has('timestamp')) item.timestamp = mwToIso(row.ipb_timestamp);
    if (props.has('expiry')) item.expiry = row.ipb_expiry === 'infinity' ? 'infinity' : mwToIso(row.ipb_expiry);
    if (props.has('reason')) item.reason = row.ipb_reason_text ?? '';
    if (props.has('range') && !auto) {
      item.rangestart = formatHex(row.ipb_range_start);
      item.rangeend = formatHex(row.ipb_range_end);
    }
    if (props.has('flags')) {
      // The same names as action=block's.
      setFlag(item, 'automatic', auto, false);
      setFlag(item, 'anononly', Number(row.ipb_anon_only) !== 0, false);
      setFlag(item, 'nocreate', Number(row.ipb_create_account) !== 0, false);
      setFlag(item, 'autoblock', Number(row.ipb_enable_autoblock) !== 0, false);
      setFlag(item, 'noemail', Number(row.ipb_block_email) !== 0, false);
      setFlag(item, 'hidden', Number(row.ipb_deleted) !== 0, false);
      setFlag(item, 'allowusertalk', Number(row.ipb_allow_usertalk) !== 0, false);
      setFlag(item, 'partial', Number(row.ipb_sitewide) === 0, false);
    }
    if (props.has('restrictions')) {
      item.restrictions = (Number(row.ipb_sitewide) === 0 ? restrictions.get(row.ipb_id) : undefined) ?? list('', []);
    }
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(row));
      break;
    }
  }
}

/** The pages (with their titles when they exist) and namespaces partial blocks are restricted to. */
async function restrictionData(run: BlocksRun, rows: readonly BlockRow[]): Promise<Map<number, ResultObject>> {
  const { store, titles } = run.services;
  const partial = rows.filter((row) => Number(row.ipb_sitewide) === 0).map((row) => row.ipb_id);
  const byBlock: Map<number, BlockRestrictions> = await store.users.blockRestrictions(partial);
  const pageIds = [...new Set([...byBlock.values()].flatMap((r) => r.pageIds))];
  const pages = new Map((pageIds.length ? await store.pages.byIds(pageIds) : []).map((page) => [Number(page.page_id), page]));
  const out = new Map<number, ResultObject>();
  for (const [id, restriction] of byBlock) {
    const data: ResultObject = {};
    if (restriction.pageIds.length) {
      data.pages = list('page', restriction.pageIds.map((pageId) => {
        const page = pages.get(pageId);
        const value: ResultObject = { id: pageId };
        if (page) {
          value.ns = page.page_namespace;
          value.title = titles.text(page.page_namespace, page.page_title);
        }
        return value;
      }));
    }
    if (restriction.namespaces.length) data.namespaces = list('ns', [...restriction.namespaces]);
    if (Object.keys(data).length) out.set(id, data);
  }
  return out;
}
