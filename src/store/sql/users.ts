// Queries of the user family.
import type { AccountRow, BlockRow, GroupMembershipRow, IpBlockQuery, UserStore } from '../users.ts';
import type { BlockRestrictions } from '../../wiki/blocks.ts';
import type { SqlExecutor } from './executor.ts';
import type { UserListStore } from '../user-lists.ts';
import { SqlUserLists } from './users-lists.ts';

const BLOCK_FIELDS =
  'ipb_id, ipb_address, ipb_user, ipb_timestamp, ipb_auto, ipb_anon_only, ipb_create_account, ipb_expiry, ' +
  'ipb_range_start, ipb_range_end, ipb_block_email, ipb_enable_autoblock, ipb_allow_usertalk, ipb_parent_block_id, ipb_sitewide, ' +
  'ipb_deleted, comment_text AS ipb_reason_text, actor_name AS ipb_by_text, actor_user AS ipb_by';

export class SqlUserStore implements UserStore {
  constructor(private readonly db: SqlExecutor) {}

  get lists(): UserListStore {
    return new SqlUserLists(this.db);
  }

  async idByName(name: string): Promise<number> {
    return (await this.db.get<{ user_id: number }>('SELECT user_id FROM {user} WHERE user_name = ?', name))?.user_id ?? 0;
  }

  async nameById(userId: number): Promise<string | null> {
    return (await this.db.get<{ actor_name: string }>('SELECT actor_name FROM {actor} WHERE actor_user = ?', userId))?.actor_name ?? null;
  }

  async groupSize(group: string, now: string): Promise<number> {
    const row = await this.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM {user_groups} WHERE ug_group = ? AND (ug_expiry IS NULL OR ug_expiry >= ${this.db.dialect.timestampParameter()})`,
      group,
      now,
    );
    return Number(row!.n);
  }

  private blockJoins = 'FROM {ipblocks} JOIN {comment} ON comment_id = ipb_reason_id LEFT JOIN {actor} ON actor_id = ipb_by_actor';

  async ipBlocks(q: IpBlockQuery): Promise<BlockRow[]> {
    // Two index-backed halves: the address itself (ipb_address_unique) and ranges (ipb_range). Every
    // range holding the address starts with its prefix, so starts from the prefix to the address are enough.
    const joins = 'FROM {ipblocks} JOIN {comment} ON comment_id = ipb_reason_id LEFT JOIN {actor} ON actor_id = ipb_by_actor';
    return this.db.all<BlockRow>(
      `SELECT ${BLOCK_FIELDS} ${joins} WHERE ipb_address = ? ` +
        `UNION SELECT ${BLOCK_FIELDS} ${joins} WHERE ipb_range_start >= ? AND ipb_range_start <= ? AND ipb_range_end >= ? ` +
        'ORDER BY ipb_id',
      q.address,
      q.hexPrefix,
      q.hex,
      q.hex,
    );
  }

  async ipHasNewMessages(ip: string): Promise<boolean> {
    return (await this.db.get('SELECT 1 FROM {user_newtalk} WHERE user_ip = ? LIMIT 1', ip)) !== undefined;
  }

  async account(userId: number): Promise<AccountRow | null> {
    const row = await this.db.get<AccountRow>(
      'SELECT user_id, user_name, user_real_name, user_email, user_email_authenticated, user_registration, user_editcount FROM {user} WHERE user_id = ?',
      userId,
    );
    if (!row) return null;
    return { ...row, user_id: Number(row.user_id), user_editcount: row.user_editcount === null ? null : Number(row.user_editcount) };
  }

  async groupMemberships(userId: number): Promise<GroupMembershipRow[]> {
    return this.db.all<GroupMembershipRow>('SELECT ug_group, ug_expiry FROM {user_groups} WHERE ug_user = ?', userId);
  }

  async blockById(blockId: number): Promise<BlockRow | null> {
    return (await this.db.get<BlockRow>(`SELECT ${BLOCK_FIELDS} ${this.blockJoins} WHERE ipb_id = ?`, blockId)) ?? null;
  }

  async userBlocks(userId: number): Promise<BlockRow[]> {
    return this.db.all<BlockRow>(`SELECT ${BLOCK_FIELDS} ${this.blockJoins} WHERE ipb_user = ? ORDER BY ipb_id`, userId);
  }

  async blockRestrictions(blockIds: readonly number[]): Promise<Map<number, BlockRestrictions>> {
    const byBlock = new Map<number, { pageIds: number[]; namespaces: number[] }>();
    if (!blockIds.length) return byBlock;
    const rows = await this.db.all<{ ir_ipb_id: number; ir_type: number; ir_value: number }>(
      `SELECT ir_ipb_id, ir_type, ir_value FROM {ipblocks_restrictions} WHERE ir_ipb_id IN (${blockIds.map(() => '?').join(', ')}) ORDER BY ir_ipb_id, ir_type, ir_value`,
      ...blockIds,
    );
    for (const id of blockIds) byBlock.set(id, { pageIds: [], namespaces: [] });
    for (const row of rows) {
      const entry = byBlock.get(Number(row.ir_ipb_id))!;
      if (Number(row.ir_type) === 1) entry.pageIds.push(Number(row.ir_value));
      else if (Number(row.ir_type) === 2) entry.namespaces.push(Number(row.ir_value));
    }
    return byBlock;
  }

  async properties(userId: number): Promise<{ up_property: string; up_value: string | null }[]> {
    return this.db.all('SELECT up_property, up_value FROM {user_properties} WHERE up_user = ? ORDER BY up_property', userId);
  }

  async genders(names: readonly string[]): Promise<Map<string, string>> {
    const genders = new Map<string, string>();
    if (!names.length) return genders;
    const rows = await this.db.all<{ user_name: string; up_value: string | null }>(
      `SELECT user_name, up_value FROM {user} JOIN {user_properties} ON up_user = user_id AND up_property = 'gender' WHERE user_name IN (${names.map(() => '?').join(', ')})`,
      ...names,
    );
    for (const row of rows) if (row.up_value !== null) genders.set(String(row.user_name), String(row.up_value));
    return genders;
  }

  async userHasNewMessages(userId: number): Promise<boolean> {
    return (await this.db.get('SELECT 1 FROM {user_newtalk} WHERE user_id = ? LIMIT 1', userId)) !== undefined;
  }

  async editTimestamp(userId: number, which: 'first' | 'last'): Promise<string | null> {
    const row = await this.db.get<{ rev_timestamp: string }>(
      `SELECT rev_timestamp FROM {revision} JOIN {actor} ON actor_id = rev_actor WHERE actor_user = ? ORDER BY rev_timestamp ${which === 'first' ? 'ASC' : 'DESC'} LIMIT 1`,
      userId,
    );
    return row?.rev_timestamp ?? null;
  }

  async revisionCount(userId: number): Promise<number> {
    const row = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM {revision} JOIN {actor} ON actor_id = rev_actor WHERE actor_user = ?', userId);
    return Number(row!.n);
  }

  async idAndNameHidden(name: string): Promise<{ user_id: number; hidden: boolean } | null> {
    const rows = await this.db.all<{ user_id: number; ipb_deleted: number | null }>(
      'SELECT user_id, ipb_deleted FROM {user} LEFT JOIN {ipblocks} ON ipb_user = user_id WHERE user_name = ? ORDER BY ipb_id',
      name,
    );
    // Each of the account's blocks gives a row; as in MediaWiki, the last one read decides.
    const last = rows.at(-1);
    return last === undefined ? null : { user_id: Number(last.user_id), hidden: Number(last.ipb_deleted ?? 0) !== 0 };
  }
}
