// Which blocks apply to a caller, as MediaWiki 1.39's BlockManager::getUserBlock finds them: blocks
// on the account, and blocks on the caller's address or a range holding it unless the caller may
// ignore them (ipblock-exempt); expired blocks are left out, an autoblock whose parent block is
// already there too, and anon-only blocks do not apply to accounts. Several make a composite block.
// A block may also follow a browser in a BlockID cookie (BlockManager::trackBlockWithCookie).
import { createHMAC, createWhirlpool } from 'hash-wasm';
import type { SiteConfig } from './site.ts';

/** An `ipblocks` row with its reason and the blocker's actor, named as MediaWiki's DatabaseBlock query names them. */
export interface BlockRow {
  ipb_id: number;
  ipb_address: string;
  ipb_user: number;
  ipb_timestamp: string;
  ipb_auto: number;
  ipb_anon_only: number;
  ipb_create_account: number;
  ipb_expiry: string;
  ipb_range_start: string;
  ipb_range_end: string;
  ipb_block_email: number;
  /** The block blocks the addresses its user edits from (and may follow them in a cookie). */
  ipb_enable_autoblock: number;
  ipb_allow_usertalk: number;
  ipb_parent_block_id: number | null;
  ipb_sitewide: number;
  ipb_deleted: number;
  ipb_reason_text: string;
  /** The blocker's actor name and user id. */
  ipb_by_text: string | null;
  ipb_by: number | null;
}

/** A partial block's pages (ids) and namespaces (ipblocks_restrictions types 1 and 2). */
export interface BlockRestrictions {
  pageIds: readonly number[];
  namespaces: readonly number[];
}

/** DatabaseBlock::getType: what the block is on. */
export type BlockType = 'user' | 'ip' | 'range' | 'auto';

/** What a block means for the caller: one database block, or several merged into one. */
export interface EffectiveBlock {
  id: number | null;
  /** Null for a composite block. */
  type: BlockType | null;
  /** ipb_enable_autoblock */
  autoblocking: boolean;
  blockerName: string;
  blockerId: number;
  reason: string;
  timestamp: string;
  /** 14-digit timestamp or `infinity`. */
  expiry: string;
  sitewide: boolean;
  createAccountBlocked: boolean;
  hardblock: boolean;
  emailBlocked: boolean;
  /** The blocked user may still edit their own talk page. */
  allowUsertalk: boolean;
  /** The blocked user's name is hidden (ipb_deleted). */
  hiddenName: boolean;
  /** A partial block's restrictions, when they were read. */
  restrictions?: BlockRestrictions;
  /** A composite block's blocks. */
  originals?: readonly EffectiveBlock[];
}

/** $wgBlockCIDRLimit: the widest ranges that can be blocked, which bounds the range lookup. */
const BLOCK_CIDR_LIMIT = { v4: 16, v6: 19 };
/** The message of a composite block (several blocks apply at once). */
const COMPOSITE_REASON = 'There are multiple blocks against your account and/or IP address';

/** DatabaseBlock::getIpFragment: the hex digits shared by every blockable range holding `hex`. */
export function blockHexPrefix(hex: string): string {
  if (hex.startsWith('v6-')) return `v6-${hex.slice(3, 3 + Math.floor(BLOCK_CIDR_LIMIT.v6 / 4))}`;
  return hex.slice(0, Math.floor(BLOCK_CIDR_LIMIT.v4 / 4));
}

/**
 * The block the rows amount to at `now`: live ones only, autoblocks only when their parent block
 * is not there, anon-only blocks only for anonymous callers (DatabaseBlock::newLoad); several
 * make a composite block.
 */
export function effectiveBlock(
  rows: readonly BlockRow[],
  now: string,
  options: { registered?: boolean; restrictions?: ReadonlyMap<number, BlockRestrictions> } = {},
): EffectiveBlock | null {
  const live = rows.filter((r) => (r.ipb_expiry === 'infinity' || r.ipb_expiry >= now) && !(options.registered && Number(r.ipb_anon_only) === 1));
  const unique = new Map<number, BlockRow>();
  for (const row of live.filter((r) => !Number(r.ipb_auto))) unique.set(row.ipb_id, row);
  for (const row of live.filter((r) => Number(r.ipb_auto))) {
    const parent = row.ipb_parent_block_id ?? 0;
    if (!unique.has(parent)) unique.set(parent, row);
  }
  const blocks = [...unique.values()].map((row) => blockFromRow(row, options.restrictions?.get(row.ipb_id)));
  if (blocks.length <= 1) return blocks[0] ?? null;
  return {
    id: null,
    type: null,
    autoblocking: false,
    blockerName: '',
    blockerId: 0,
    reason: COMPOSITE_REASON,
    timestamp: now,
    expiry: blocks.reduce((max, b) => (b.expiry > max ? b.expiry : max), blocks[0]!.expiry),
    sitewide: blocks.some((b) => b.sitewide),
    createAccountBlocked: blocks.some((b) => b.createAccountBlocked),
    hardblock: blocks.some((b) => b.hardblock),
    emailBlocked: blocks.some((b) => b.emailBlocked),
    allowUsertalk: blocks.every((b) => b.allowUsertalk),
    hiddenName: blocks.some((b) => b.hiddenName),
    originals: blocks,
  };
}

/** The live blocks of the rows that are partial and not autoblocks: those whose restrictions matter. */
export function partialBlockIds(rows: readonly BlockRow[]): number[] {
  return rows.filter((r) => Number(r.ipb_sitewide) !== 1 && !Number(r.ipb_auto)).map((r) => r.ipb_id);
}

/** One ipblocks row as a block, whether it is live or not. */
export function blockFromRow(row: BlockRow, restrictions?: BlockRestrictions): EffectiveBlock {
  const block: EffectiveBlock = {
    id: row.ipb_id,
    type: blockType(row),
    autoblocking: Number(row.ipb_enable_autoblock) === 1,
    blockerName: row.ipb_by_text ?? '',
    blockerId: row.ipb_by ?? 0,
    reason: row.ipb_reason_text ?? '',
    timestamp: row.ipb_timestamp,
    expiry: row.ipb_expiry,
    sitewide: Number(row.ipb_sitewide) === 1,
    createAccountBlocked: Number(row.ipb_create_account) === 1,
    hardblock: Number(row.ipb_anon_only) !== 1,
    emailBlocked: Number(row.ipb_block_email) === 1,
    allowUsertalk: Number(row.ipb_allow_usertalk) === 1,
    hiddenName: Number(row.ipb_deleted) === 1,
  };
  if (restrictions) block.restrictions = restrictions;
  return block;
}

export function blockType(row: BlockRow): BlockType {
  if (Number(row.ipb_auto)) return 'auto';
  if (Number(row.ipb_user)) return 'user';
  return row.ipb_address.includes('/') ? 'range' : 'ip';
}

// ---------------------------------------------------------------------------------------------
// Block cookies: `<id>!<HMAC-Whirlpool of the id with $wgSecretKey>` (MWCryptHash::hmac's first
// algorithm PHP has), the bare id on a wiki without a secret. The cookie lives a day at most.

function isLive(block: Pick<EffectiveBlock, 'expiry'>, now: string): boolean {
  return block.expiry === 'infinity' || block.expiry >= now;
}

/**
 * BlockManager::shouldApplyCookieBlock: a live address or range block follows anonymous callers
 * ($wgCookieSetOnIpBlock), a live user block that autoblocks follows anyone ($wgCookieSetOnAutoblock).
 */
export function appliesFromCookie(site: SiteConfig, block: EffectiveBlock, anonymous: boolean, now: string): boolean {
  if (!isLive(block, now)) return false;
  if (block.type === 'ip' || block.type === 'range') return anonymous && site.cookieSetOnIpBlock !== false;
  if (block.type === 'user') return block.autoblocking && site.cookieSetOnAutoblock !== false;
  return false;
}

/** BlockManager::shouldTrackBlockWithCookie: which of the caller's blocks a cookie should carry. */
export function tracksWithCookie(site: SiteConfig, block: EffectiveBlock, anonymous: boolean): boolean {
  if (block.type === 'ip' || block.type === 'range') return anonymous && site.cookieSetOnIpBlock !== false;
  if (block.type === 'user') return !anonymous && site.cookieSetOnAutoblock !== false && block.autoblocking;
  return false;
}

async function hmacWhirlpool(data: string, key: string): Promise<string> {
  const hmac = await createHMAC(createWhirlpool(), key);
  hmac.init();
  hmac.update(data);
  return hmac.digest('hex');
}

/** BlockManager::getCookieValue */
export async function blockCookieValue(blockId: number, secretKey: string): Promise<string> {
  const id = String(blockId);
  return secretKey ? `${id}!${await hmacWhirlpool(id, secretKey)}` : id;
}

/** BlockManager::getIdFromCookieValue: the block id a cookie names, null when it is not ours. */
export async function blockIdFromCookie(value: string, secretKey: string): Promise<number | null> {
  if (!/^[0-9]/.test(value)) return null;
  const bang = value.indexOf('!');
  const id = bang === -1 ? value : value.slice(0, bang);
  // PHP's (int) of the id: its leading digits.
  const number = Number(/^[0-9]+/.exec(id)![0]);
  if (!secretKey) return number;
  // PHP's substr from false + 1 when there is no `!`.
  const stored = value.slice(bang === -1 ? 1 : bang + 1);
  return stored === (await hmacWhirlpool(id, secretKey)) ? number : null;
}

/** BlockManager::setBlockCookie's expiry: the block's, but a day from now at most (Unix seconds). */
export function blockCookieExpiry(block: EffectiveBlock, nowSeconds: number): number {
  const max = nowSeconds + 86400;
  if (block.expiry === 'infinity' || !/^\d{14}$/.test(block.expiry)) return max;
  const e = block.expiry;
  const expiry = Date.UTC(+e.slice(0, 4), +e.slice(4, 6) - 1, +e.slice(6, 8), +e.slice(8, 10), +e.slice(10, 12), +e.slice(12, 14)) / 1000;
  return Math.min(expiry, max);
}
