// Queries of the lists of people: accounts with their live block, all users, blocks, contributors.
import type { BlockRow } from '../../wiki/blocks.ts';
import type {
  AccountRow, AccountWithBlock, AccountsQuery, AllUsersQuery, AllUsersRow, BlockListQuery, ContributorRow, ContributorsQuery, UserListStore,
} from '../user-lists.ts';
import { inList } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { prefixUpperBound } from './pages.ts';
import { chunks, Conditions } from './queries.ts';

const ACCOUNT_FIELDS = 'user_id, user_name, user_real_name, user_email, user_email_authenticated, user_registration, user_editcount';

const BLOCK_FIELDS =
  'ipb_id, ipb_address, ipb_user, ipb_timestamp, ipb_auto, ipb_anon_only, ipb_create_account, ipb_expiry, ' +
  'ipb_range_start, ipb_range_end, ipb_block_email, ipb_enable_autoblock, ipb_allow_usertalk, ipb_parent_block_id, ipb_sitewide, ' +
  'ipb_deleted, comment_text AS ipb_reason_text, actor_name AS ipb_by_text, actor_user AS ipb_by';

/** RevisionRecord::DELETED_USER */
const DELETED_USER = 4;
/** RC_EXTERNAL: changes made on another wiki (Wikidata), which do not count as actions here. */
const RC_EXTERNAL = 5;
const NS_USER = 2;
/** Timestamps before and after any block's. */
const EARLIEST = '10000101000000';
const LATEST = '99991231235959';

type MembershipRow = { ug_group: string; ug_expiry: string | null };

type AccountBlockSqlRow = AccountRow & Partial<BlockRow> & { recentactions?: number | string | null };

function splitRow(row: AccountBlockSqlRow): AccountWithBlock {
  const account: AccountRow = {
    user_id: Number(row.user_id),
    user_name: row.user_name,
    user_real_name: row.user_real_name,
    user_email: row.user_email,
    user_email_authenticated: row.user_email_authenticated,
    user_registration: row.user_registration,
    user_editcount: row.user_editcount === null ? null : Number(row.user_editcount),
  };
  return { account, block: row.ipb_id === null || row.ipb_id === undefined ? null : blockRow(row as BlockRow) };
}

function blockRow(row: BlockRow): BlockRow {
  return { ...row, ipb_id: Number(row.ipb_id), ipb_user: Number(row.ipb_user), ipb_by: row.ipb_by === null ? null : Number(row.ipb_by) };
}

export class SqlUserLists implements UserListStore {
  constructor(private readonly db: SqlExecutor) {}

  /** The account's live block, as ApiQueryBlockInfoTrait joins it (ipblocks on ipb_user, not expired). */
  private liveBlockJoin(): string {
    return (
      `LEFT JOIN {ipblocks} ON ipb_user = user_id AND ipb_expiry > ${this.db.dialect.timestampParameter()} ` +
      'LEFT JOIN {comment} ON comment_id = ipb_reason_id LEFT JOIN {actor} ON actor_id = ipb_by_actor'
    );
  }

  async accountsWithBlocks(q: AccountsQuery): Promise<AccountWithBlock[]> {
    const out: AccountWithBlock[] = [];
    const column = q.names !== null ? 'user_name' : 'user_id';
    const values: readonly unknown[] = q.names ?? q.ids ?? [];
    for (const part of chunks(values)) {
      const list = inList(this.db.dialect, column, part);
      const rows = await this.db.rows<AccountBlockSqlRow>(`${ACCOUNT_FIELDS}, ${BLOCK_FIELDS}`, `FROM {user} ${this.liveBlockJoin()} WHERE ${list.sql}`, q.now, ...list.values);
      out.push(...rows.map(splitRow));
    }
    return out;
  }

  async activeMembershipsOf(userIds: readonly number[], now: string): Promise<Map<number, MembershipRow[]>> {
    const byUser = new Map<number, MembershipRow[]>();
    for (const part of chunks(userIds)) {
      const list = inList(this.db.dialect, 'ug_user', part);
      const rows = await this.db.all<{ ug_user: number; ug_group: string; ug_expiry: string | null }>(
        `SELECT ug_user, ug_group, ug_expiry FROM {user_groups} WHERE ${list.sql} AND (ug_expiry IS NULL OR ug_expiry >= ${this.db.dialect.timestampParameter()}) ORDER BY ug_user, ug_group`,
        ...list.values,
        now,
      );
      for (const row of rows) {
        const id = Number(row.ug_user);
        let memberships = byUser.get(id);
        if (!memberships) byUser.set(id, (memberships = []));
        memberships.push({ ug_group: row.ug_group, ug_expiry: row.ug_expiry });
      }
    }
    return byUser;
  }

  async propertyOf(userIds: readonly number[], property: string): Promise<Map<number, string | null>> {
    const out = new Map<number, string | null>();
    for (const part of chunks(userIds)) {
      const list = inList(this.db.dialect, 'up_user', part);
      const rows = await this.db.all<{ up_user: number; up_value: string | null }>(
        `SELECT up_user, up_value FROM {user_properties} WHERE ${list.sql} AND up_property = ?`,
        ...list.values,
        property,
      );
      for (const row of rows) out.set(Number(row.up_user), row.up_value);
    }
    return out;
  }

  async allUsers(q: AllUsersQuery): Promise<AllUsersRow[]> {
    const d = this.db.dialect;
    const c = new Conditions(d);
    if (q.from !== null) c.add(q.descending ? 'user_name <= ?' : 'user_name >= ?', q.from);
    // A bound that holds every name, so that the databases read user_name's index as a range that LIMIT ends.
    if (q.from === null && q.prefix === null) c.add('user_name >= ?', '');
    if (q.to !== null) c.add(q.descending ? 'user_name >= ?' : 'user_name <= ?', q.to);
    if (q.prefix !== null) {
      c.add('user_name >= ?', q.prefix);
      const upper = prefixUpperBound(q.prefix);
      if (upper !== null) c.add('user_name < ?', upper);
    }
    const groupMember = (groups: readonly string[]): { sql: string; values: unknown[] } => {
      const list = inList(d, 'ug_group', groups);
      return {
        sql: `EXISTS (SELECT 1 FROM {user_groups} WHERE ug_user = user_id AND ${list.sql} AND (ug_expiry IS NULL OR ug_expiry >= ${d.timestampParameter()}))`,
        values: [...list.values, q.now],
      };
    };
    if (q.groups?.length) {
      const member = groupMember(q.groups);
      c.add(member.sql, ...member.values);
    }
    if (q.excludeGroups?.length) {
      const member = groupMember(q.excludeGroups);
      c.add(`NOT ${member.sql}`, ...member.values);
    }
    if (q.withEditsOnly) c.add('user_editcount > 0');
    if (q.withoutHiddenUsers) c.add('(ipb_deleted = 0 OR ipb_deleted IS NULL)');
    let recentActions = '';
    let activeJoin = '';
    const leading: unknown[] = [];
    if (q.activeSince !== null) {
      // MediaWiki counts the actions of each user of the active users cache, not the cache's figure.
      recentActions =
        ', (SELECT COUNT(*) FROM {recentchanges} JOIN {actor} rc_actor_row ON rc_actor_row.actor_id = rc_actor ' +
        `WHERE rc_actor_row.actor_user = user_id AND rc_type != ${RC_EXTERNAL} AND (rc_log_type IS NULL OR rc_log_type != 'newusers') ` +
        `AND rc_timestamp >= ${d.timestampParameter()}) AS recentactions`;
      leading.push(q.activeSince);
      activeJoin = `JOIN {querycachetwo} ON qcc_type = 'activeusers' AND qcc_namespace = ${NS_USER} AND qcc_title = user_name `;
    }
    const rows = await this.db.rows<AccountBlockSqlRow>(
      `${ACCOUNT_FIELDS}, ${BLOCK_FIELDS}${recentActions}`,
      `FROM {user} ${activeJoin}${this.liveBlockJoin()} ${c.where} ORDER BY user_name ${q.descending ? 'DESC' : 'ASC'} LIMIT ?`,
      ...leading,
      q.now,
      ...c.values,
      q.limit,
    );
    return rows.map((row) => ({
      ...splitRow(row),
      recentActions: row.recentactions === undefined || row.recentactions === null ? null : Number(row.recentactions),
    }));
  }

  async blockList(q: BlockListQuery): Promise<BlockRow[]> {
    const d = this.db.dialect;
    const ts = d.timestampParameter();
    const c = new Conditions(d);
    // A bound in the direction of travel even when none is asked, so that every planner reads the
    // timestamp index as a range from its end.
    c.add(`ipb_timestamp ${q.newer ? '>=' : '<='} ${ts}`, q.start ?? (q.newer ? EARLIEST : LATEST));
    if (q.end !== null) c.add(`ipb_timestamp ${q.newer ? '<=' : '>='} ${ts}`, q.end);
    if (q.after !== null) {
      const op = q.newer ? '>' : '<';
      c.add(`(ipb_timestamp ${op} ${ts} OR (ipb_timestamp = ${ts} AND ipb_id ${op}= ?))`, q.after.timestamp, q.after.timestamp, q.after.id);
    }
    if (q.ids !== null) c.inList('ipb_id', q.ids);
    if (q.addresses !== null) c.inList('ipb_address', q.addresses).add('ipb_auto = 0');
    if (q.containing !== null) {
      c.add('ipb_range_start >= ?', q.containing.prefix);
      const upper = prefixUpperBound(q.containing.prefix);
      if (upper !== null) c.add('ipb_range_start < ?', upper);
      c.add('ipb_range_start <= ?', q.containing.lower).add('ipb_range_end >= ?', q.containing.upper).add('ipb_auto = 0');
    }
    const show = new Set(q.show);
    if (show.has('!account')) c.add('ipb_user = 0');
    if (show.has('account')) c.add('ipb_user != 0');
    if (show.has('!ip')) c.add('(ipb_user != 0 OR ipb_range_end > ipb_range_start)');
    if (show.has('ip')) c.add('ipb_user = 0 AND ipb_range_end = ipb_range_start');
    if (show.has('!temp')) c.add('ipb_expiry = ?', 'infinity');
    if (show.has('temp')) c.add('ipb_expiry != ?', 'infinity');
    if (show.has('!range')) c.add('ipb_range_end = ipb_range_start');
    if (show.has('range')) c.add('ipb_range_end > ipb_range_start');
    if (q.withoutHiddenUsers) c.add('ipb_deleted = 0');
    c.add(`ipb_expiry > ${ts}`, q.now);
    const dir = q.newer ? 'ASC' : 'DESC';
    const rows = await this.db.rows<BlockRow>(
      BLOCK_FIELDS,
      `FROM {ipblocks} JOIN {comment} ON comment_id = ipb_reason_id JOIN {actor} ON actor_id = ipb_by_actor ${c.where} ` +
        `ORDER BY ipb_timestamp ${dir}, ipb_id ${dir} LIMIT ?`,
      ...c.values,
      q.limit,
    );
    return rows.map(blockRow);
  }

  async anonymousContributorCounts(pageIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const part of chunks(pageIds)) {
      const list = inList(this.db.dialect, 'rev_page', part);
      const rows = await this.db.all<{ rev_page: number; anons: number }>(
        `SELECT rev_page, COUNT(DISTINCT rev_actor) AS anons FROM {revision} JOIN {actor} ON actor_id = rev_actor ` +
          `WHERE ${list.sql} AND actor_user IS NULL AND (rev_deleted & ${DELETED_USER}) = 0 GROUP BY rev_page`,
        ...list.values,
      );
      for (const row of rows) out.set(Number(row.rev_page), Number(row.anons));
    }
    return out;
  }

  async contributors(q: ContributorsQuery): Promise<ContributorRow[]> {
    const d = this.db.dialect;
    const c = new Conditions(d).inList('rev_page', q.pageIds).add('actor_user IS NOT NULL').add(`(rev_deleted & ${DELETED_USER}) = 0`);
    if (q.groups !== null) {
      const list = inList(d, 'ug_group', q.groups.names);
      c.add(
        `${q.groups.exclude ? 'NOT ' : ''}EXISTS (SELECT 1 FROM {user_groups} WHERE ug_user = actor_user AND ${list.sql} ` +
          `AND (ug_expiry IS NULL OR ug_expiry >= ${d.timestampParameter()}))`,
        ...list.values,
        q.now,
      );
    }
    if (q.after !== null) c.add('(rev_page > ? OR (rev_page = ? AND rev_actor >= ?))', q.after.page, q.after.page, q.after.actor);
    const rows = await this.db.all<ContributorRow>(
      // The actor is looked up from each revision (`+ 0`): joined on the column itself, PostgreSQL may
      // walk every actor in id order to give the ORDER BY rather than read the page's revisions.
      'SELECT rev_page AS page, rev_actor AS actor, MAX(actor_user) AS userid, MAX(actor_name) AS username ' +
        `FROM {revision} JOIN {actor} ON actor_id = rev_actor + 0 ${c.where} GROUP BY rev_page, rev_actor ORDER BY rev_page, rev_actor LIMIT ?`,
      ...c.values,
      q.limit,
    );
    return rows.map((row) => ({ page: Number(row.page), actor: Number(row.actor), userid: Number(row.userid), username: row.username }));
  }
}
