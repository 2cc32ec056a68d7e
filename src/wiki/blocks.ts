// Which blocks apply to a caller, as MediaWiki 1.39's BlockManager::getUserBlock finds them: blocks
// on the account, and blocks on the caller's address or a range holding it unless the caller may
// ignore them (ipblock-exempt); expired blocks are left out, an autoblock whose parent block is
// already there too, and anon-only blocks do not apply to accounts. Several make a composite block.

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
  const blocks = [...unique.values()].map((row) => fromRow(row, options.restrictions?.get(row.ipb_id)));
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

function fromRow(row: BlockRow, restrictions: BlockRestrictions | undefined): EffectiveBlock {
  const block: EffectiveBlock = {
    id: row.ipb_id,
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
