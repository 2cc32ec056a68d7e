// Queries of the revision family: revision, slots, content, text, comments, actors, tags.
import { inflateRawSync } from 'node:zlib';
import type { TitleKey } from '../pages.ts';
import type {
  LatestRevisionsQuery,
  PageHistoryQuery,
  RevisionRow,
  RevisionStore,
  RevisionsByIdQuery,
  SlotRow,
  SlotsWanted,
  SlotWithText,
} from '../revisions.ts';
import type { ArchiveStore } from '../archive.ts';
import type { RevisionListStore } from '../revision-lists.ts';
import { inList, type Dialect } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { CHUNK, chunks, materializesDerivedTables, statementsAreCalls } from './queries.ts';
import { SqlArchiveStore } from './archive.ts';
import { SqlRevisionLists } from './revisions-lists.ts';

const REVISION_COLUMNS =
  'rev_id, rev_page, rev_timestamp, rev_minor_edit, rev_deleted, rev_len, rev_parent_id, rev_sha1, ' +
  'actor_user, actor_name, comment_text, comment_data';

// In 1.39 revision comments live in revision_comment_temp; rev_comment_id is 0 everywhere.
const REVISION_JOINS =
  'JOIN {actor} ON actor_id = rev_actor ' +
  'LEFT JOIN {revision_comment_temp} ON revcomment_rev = rev_id ' +
  'LEFT JOIN {comment} ON comment_id = revcomment_comment_id';

const SLOT_COLUMNS = 'slot_revision_id, role_name, content_size, content_sha1, model_name, content_address, slot_origin';

const SLOTS_FROM =
  'FROM {slots} JOIN {slot_roles} ON role_id = slot_role_id JOIN {content} ON content_id = slot_content_id ' +
  'JOIN {content_models} ON model_id = content_model';

/**
 * Slots are put in order here, not by the database: MariaDB would sort them, texts and all, in a
 * temporary table on disk (its plan starts from the one-row slot_roles), 380 µs of its CPU for
 * two revisions rather than 80.
 */
interface SlotOrder { slot_revision_id: number; slot_role_id: number }

function bySlotOrder(a: SlotOrder, b: SlotOrder): number {
  return a.slot_revision_id - b.slot_revision_id || a.slot_role_id - b.slot_role_id;
}

const TAG_FILTER = 'EXISTS (SELECT 1 FROM {change_tag} WHERE ct_rev_id = rev_id AND ct_tag_id = ?)';

/** Flags whose text.old_text is bytes rather than text: deflated, or a serialized PHP object. */
const BYTE_FLAGS = ['gzip', 'object'];

function flagList(flags: string): string[] {
  return flags.split(',').filter((f) => f !== '');
}

/**
 * text.old_text as MediaWiki's SqlBlobStore expands it; null where MediaWiki would answer that the
 * text is missing or bad, or where we cannot follow it: `external` (the text is in another
 * database, ExternalStore, which we do not have: old_text holds only its address, DB://cluster/id)
 * and `object` (a serialized PHP history blob).
 */
function decodeText(text: Buffer | string, flags: string): string | null {
  const list = flagList(flags);
  if (list.includes('external') || list.includes('object')) return null;
  let bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  if (list.includes('gzip')) {
    try {
      bytes = inflateRawSync(bytes);
    } catch {
      // MediaWiki's gzinflate() fails the same way: "Bad data in text row".
      return null;
    }
  }
  return bytes.toString('utf8');
}

export class SqlRevisionStore implements RevisionStore {
  constructor(private readonly db: SqlExecutor) {}

  get lists(): RevisionListStore {
    return new SqlRevisionLists(this.db, this);
  }

  get archive(): ArchiveStore {
    return new SqlArchiveStore(this.db, this);
  }

  async pageHistory(q: PageHistoryQuery): Promise<RevisionRow[]> {
    if (q.tagId === null) return [];
    const d = this.db.dialect;
    const timestamp = d.timestampParameter();
    const newer = q.dir === 'newer';
    const where: string[] = ['rev_page = ?'];
    const args: unknown[] = [q.pageId];
    // Lower/upper bounds in the direction of travel: start and continuation are "from" bounds.
    const fromOp = newer ? '>' : '<';
    const toOp = newer ? '<' : '>';
    for (const [bound, op] of [[q.start, fromOp], [q.from, fromOp], [q.end, toOp]] as const) {
      if (!bound) continue;
      if (bound.id === undefined) {
        where.push(`rev_timestamp ${op}= ${timestamp}`);
        args.push(bound.ts);
      } else {
        where.push(`(rev_timestamp ${op} ${timestamp} OR (rev_timestamp = ${timestamp} AND rev_id ${op}= ?))`);
        args.push(bound.ts, bound.ts, bound.id);
      }
    }
    if (q.actor) {
      // IS / IS NOT: an unknown actor matches nothing, and excluding it keeps everything.
      where.push(d.nullSafeEquals('rev_actor', '(SELECT actor_id FROM {actor} WHERE actor_name = ?)', q.actor.exclude));
      args.push(q.actor.name);
    }
    if (q.hiddenMask) {
      where.push('(rev_deleted & ?) != ?');
      args.push(q.hiddenMask, q.hiddenMask);
    }
    if (q.tagId !== undefined) {
      where.push(TAG_FILTER);
      args.push(q.tagId);
    }
    const order = newer ? 'rev_timestamp, rev_id' : 'rev_timestamp DESC, rev_id DESC';
    const rest = `FROM {revision} ${REVISION_JOINS} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ?`;
    return this.revisionRows(rest, [...args, q.limit], q.slots, newer ? byTimeAscending : byTimeDescending);
  }

  async latestOfPages(q: LatestRevisionsQuery): Promise<RevisionRow[]> {
    if (q.tagId === null || q.pageIds.length === 0) return [];
    const ids = inList(this.db.dialect, 'page_id', [...new Set(q.pageIds)].sort((a, b) => a - b));
    const where = [ids.sql];
    const args: unknown[] = ids.values;
    if (q.from) {
      where.push('(rev_page > ? OR (rev_page = ? AND rev_id >= ?))');
      args.push(q.from.pageId, q.from.pageId, q.from.revId);
    }
    if (q.tagId !== undefined) {
      where.push(TAG_FILTER);
      args.push(q.tagId);
    }
    const rest =
      `FROM {page} JOIN {revision} ON rev_id = page_latest AND rev_page = page_id ${REVISION_JOINS} ` +
      `WHERE ${where.join(' AND ')} ORDER BY rev_page, rev_id LIMIT ?`;
    return this.revisionRows(rest, [...args, q.limit], q.slots, (a, b) => a.rev_page - b.rev_page || a.rev_id - b.rev_id);
  }

  async byIds(q: RevisionsByIdQuery): Promise<RevisionRow[]> {
    if (q.tagId === null || q.revIds.length === 0) return [];
    const ids = [...new Set(q.revIds)].filter((id) => q.fromId === undefined || id >= q.fromId).sort((a, b) => a - b);
    const out: RevisionRow[] = [];
    for (const part of chunks(ids)) {
      const revisions = inList(this.db.dialect, 'rev_id', part);
      const where = [revisions.sql];
      const args: unknown[] = revisions.values;
      if (q.tagId !== undefined) {
        where.push(TAG_FILTER);
        args.push(q.tagId);
      }
      const rest = `FROM {revision} JOIN {page} ON page_id = rev_page ${REVISION_JOINS} WHERE ${where.join(' AND ')} ORDER BY rev_id LIMIT ?`;
      out.push(...(await this.revisionRows(rest, [...args, q.limit - out.length], q.slots, (a, b) => a.rev_id - b.rev_id)));
      if (out.length >= q.limit) break;
    }
    return out;
  }

  /**
   * The revisions of `SELECT REVISION_COLUMNS rest`, which orders them as `compare` does; with
   * `slots`, each with its slots, read in the same statement by joining them to those revisions.
   */
  private async revisionRows(rest: string, args: unknown[], slots: SlotsWanted | undefined, compare: (a: RevisionRow, b: RevisionRow) => number): Promise<RevisionRow[]> {
    if (!slots) return this.db.rows<RevisionRow>(REVISION_COLUMNS, rest, ...args);
    const d = this.db.dialect;
    if (statementsAreCalls(d) || materializesDerivedTables(d)) {
      // SQLite answers the two statements in about half the time of the joined one; MariaDB
      // would copy the revisions, BLOB comments and all, into a temporary table on disk.
      const revisions = await this.db.rows<RevisionRow>(REVISION_COLUMNS, rest, ...args);
      const ids = revisions.map((r) => r.rev_id);
      const bySlot = ids.length ? await (slots.texts ? this.slotsWithTexts(ids) : this.slotsOf(ids)) : new Map<number, SlotWithText[]>();
      for (const r of revisions) r.slots = bySlot.get(r.rev_id) ?? [];
      return revisions;
    }
    const texts = slots.texts;
    // Not ordered by the database: MariaDB would sort the rows, texts and all, in a temporary
    // table on disk. The revisions and their slots are put in order here.
    const rows = await this.db.all<RevisionRow & SlotJoined & { slot_role_id: number | null }>(
      `SELECT ${REVISION_COLUMNS}, ${SLOT_COLUMNS}, slot_role_id${texts ? `, old_id, ${textColumns(d)}` : ''} ` +
        `FROM (SELECT ${REVISION_COLUMNS} ${rest}) AS revisions ` +
        // LEFT JOINs one after the other rather than around an inner join of the slot's tables,
        // which SQLite would read whole: a slot missing one of them is left out below instead.
        'LEFT JOIN {slots} ON slot_revision_id = rev_id LEFT JOIN {slot_roles} ON role_id = slot_role_id ' +
        'LEFT JOIN {content} ON content_id = slot_content_id LEFT JOIN {content_models} ON model_id = content_model' +
        (texts ? ` LEFT JOIN {text} ON old_id = ${textIdOfAddress(d)}` : ''),
      ...args,
    );
    const revisions = new Map<number, { revision: RevisionRow; roles: number[] }>();
    for (const r of rows) {
      let entry = revisions.get(r.rev_id);
      if (!entry) {
        const revision: RevisionRow = {
          rev_id: r.rev_id,
          rev_page: r.rev_page,
          rev_timestamp: r.rev_timestamp,
          rev_minor_edit: r.rev_minor_edit,
          rev_deleted: r.rev_deleted,
          rev_len: r.rev_len,
          rev_parent_id: r.rev_parent_id,
          rev_sha1: r.rev_sha1,
          actor_user: r.actor_user,
          actor_name: r.actor_name,
          comment_text: r.comment_text,
          comment_data: r.comment_data,
          slots: [],
        };
        revisions.set(r.rev_id, (entry = { revision, roles: [] }));
      }
      // What slotsOf's inner joins find: columns that are never NULL in a row that is there.
      if (r.slot_revision_id !== null && r.role_name !== null && r.content_address !== null && r.model_name !== null) {
        entry.revision.slots!.push(texts ? slotWithText(r) : slotOf(r));
        entry.roles.push(r.slot_role_id!);
      }
    }
    const out: RevisionRow[] = [];
    for (const { revision, roles } of revisions.values()) {
      if (roles.length > 1) {
        // In role order, as slotsOf gives them.
        const order = roles.map((role, index) => [role, index] as const).sort((a, b) => a[0] - b[0]);
        const slotList = revision.slots!;
        revision.slots = order.map(([, index]) => slotList[index]!);
      }
      out.push(revision);
    }
    return out.sort(compare);
  }

  async pagesOf(revIds: readonly number[]): Promise<{ rev_id: number; rev_page: number }[]> {
    const out: { rev_id: number; rev_page: number }[] = [];
    for (const part of chunks(revIds)) {
      const revisions = inList(this.db.dialect, 'rev_id', part);
      out.push(...(await this.db.all<{ rev_id: number; rev_page: number }>(`SELECT rev_id, rev_page FROM {revision} WHERE ${revisions.sql}`, ...revisions.values)));
    }
    return out;
  }

  async archivedTitles(revIds: readonly number[]): Promise<{ ar_rev_id: number; ar_namespace: number; ar_title: string }[]> {
    const out: { ar_rev_id: number; ar_namespace: number; ar_title: string }[] = [];
    // Read through ar_revid_uniq.
    for (const part of chunks(revIds)) {
      const archived = inList(this.db.dialect, 'ar_rev_id', part);
      const rows = await this.db.all<{ ar_rev_id: number; ar_namespace: number; ar_title: string }>(
        // In the database's own order, as MediaWiki reads them (it decides the ids of missing pages).
        `SELECT ar_rev_id, ar_namespace, ar_title FROM {archive} WHERE ${archived.sql}`,
        ...archived.values,
      );
      out.push(...rows.map((r) => ({ ar_rev_id: Number(r.ar_rev_id), ar_namespace: Number(r.ar_namespace), ar_title: r.ar_title })));
    }
    return out;
  }

  async timestampsOf(revIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    for (const part of chunks(revIds, CHUNK / 2)) {
      const revisions = inList(this.db.dialect, 'rev_id', part);
      const archived = inList(this.db.dialect, 'ar_rev_id', part);
      const rows = await this.db.all<{ id: number; ts: string }>(
        `SELECT rev_id AS id, rev_timestamp AS ts FROM {revision} WHERE ${revisions.sql} ` +
          `UNION SELECT ar_rev_id AS id, ar_timestamp AS ts FROM {archive} WHERE ${archived.sql}`,
        ...revisions.values,
        ...archived.values,
      );
      for (const r of rows) if (!out.has(r.id)) out.set(r.id, r.ts);
    }
    return out;
  }

  async tagsOf(revIds: readonly number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    for (const part of chunks(revIds)) {
      const revisions = inList(this.db.dialect, 'ct_rev_id', part);
      const rows = await this.db.all<{ ct_rev_id: number; ctd_name: string }>(
        `SELECT ct_rev_id, ctd_name FROM {change_tag} JOIN {change_tag_def} ON ctd_id = ct_tag_id ` +
          `WHERE ${revisions.sql} ORDER BY ct_rev_id, ct_tag_id`,
        ...revisions.values,
      );
      for (const r of rows) {
        let tags = out.get(r.ct_rev_id);
        if (!tags) out.set(r.ct_rev_id, (tags = []));
        tags.push(r.ctd_name);
      }
    }
    return out;
  }

  async slotsOf(revIds: readonly number[]): Promise<Map<number, SlotRow[]>> {
    const out = new Map<number, SlotRow[]>();
    for (const part of chunks(revIds)) {
      const revisions = inList(this.db.dialect, 'slot_revision_id', part);
      const rows = await this.db.rows<SlotRow & SlotOrder>(`${SLOT_COLUMNS}, slot_role_id`, `${SLOTS_FROM} WHERE ${revisions.sql}`, ...revisions.values);
      groupSlots(out, rows.sort(bySlotOrder).map(({ slot_role_id: _, ...slot }) => slot));
    }
    return out;
  }

  async slotsWithTexts(revIds: readonly number[]): Promise<Map<number, SlotWithText[]>> {
    const out = new Map<number, SlotWithText[]>();
    const d = this.db.dialect;
    for (const part of chunks(revIds)) {
      const revisions = inList(d, 'slot_revision_id', part);
      // The text row is found from the content address, through text's primary key.
      const rows = await this.db.all<SlotRow & StoredText & SlotOrder & { old_id: number | null }>(
        `SELECT ${SLOT_COLUMNS}, slot_role_id, old_id, ${textColumns(d)} ${SLOTS_FROM} LEFT JOIN {text} ON old_id = ${textIdOfAddress(d)} ` +
          `WHERE ${revisions.sql}`,
        ...revisions.values,
      );
      groupSlots(out, rows.sort(bySlotOrder).map(slotWithText));
    }
    return out;
  }

  async currentMainAddress(title: TitleKey): Promise<string | null> {
    const row = await this.db.get<{ content_address: string }>(
      'SELECT content_address FROM {page} JOIN {slots} ON slot_revision_id = page_latest ' +
        "JOIN {slot_roles} ON role_id = slot_role_id AND role_name = 'main' JOIN {content} ON content_id = slot_content_id " +
        'WHERE page_namespace = ? AND page_title = ?',
      title.ns,
      title.dbKey,
    );
    return row ? String(row.content_address) : null;
  }

  async texts(addresses: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const ids = [...new Set(addresses.filter((a) => /^tt:\d+$/.test(a)).map((a) => Number(a.slice(3))))];
    const d = this.db.dialect;
    for (const part of chunks(ids)) {
      const texts = inList(d, 'old_id', part);
      const rows = await this.db.all<StoredText & { old_id: number }>(`SELECT old_id, ${textColumns(d)} FROM {text} WHERE ${texts.sql}`, ...texts.values);
      for (const r of rows) {
        const text = storedText(r);
        if (text !== null) out.set(`tt:${r.old_id}`, text);
      }
    }
    return out;
  }
}

function byTimeAscending(a: RevisionRow, b: RevisionRow): number {
  return a.rev_timestamp < b.rev_timestamp ? -1 : a.rev_timestamp > b.rev_timestamp ? 1 : a.rev_id - b.rev_id;
}

function byTimeDescending(a: RevisionRow, b: RevisionRow): number {
  return byTimeAscending(b, a);
}

/** A slot's columns and its text's, as a slot joined to its revision reads them (NULL without one). */
type SlotJoined = { [K in keyof SlotRow]: SlotRow[K] | null } & StoredText & { old_id?: number | null };

/** The slot of a row with the slot's columns. */
function slotOf(r: SlotJoined): SlotWithText {
  return {
    slot_revision_id: r.slot_revision_id!,
    role_name: r.role_name!,
    content_size: r.content_size!,
    content_sha1: r.content_sha1!,
    model_name: r.model_name!,
    content_address: r.content_address!,
    slot_origin: r.slot_origin!,
  };
}

/** The slot of a row with the slot's and its text's columns, with the text texts() would read. */
function slotWithText(r: SlotJoined): SlotWithText {
  const slot = slotOf(r);
  // Only what texts() reads: a `tt:` address naming the row as it is written.
  const text = r.old_id != null && r.content_address === `tt:${r.old_id}` ? storedText(r) : null;
  if (text !== null) slot.text = text;
  return slot;
}

/** Slot rows by revision id, in their order. */
function groupSlots<T extends SlotRow>(out: Map<number, T[]>, rows: readonly T[]): void {
  for (const r of rows) {
    let slots = out.get(r.slot_revision_id);
    if (!slots) out.set(r.slot_revision_id, (slots = []));
    slots.push(r);
  }
}

/** A text row as textColumns reads it (all NULL where a LEFT JOIN found none). */
interface StoredText {
  old_flags: string | null;
  old_text: Buffer | string | null;
  old_hex: string | null;
}

/**
 * old_flags and old_text, with bytes that need not be UTF-8 as hexadecimal (old_hex), which keeps
 * every one of them: MediaWiki on SQLite writes them as a TEXT value (a BLOB only when they hold a
 * NUL), which the driver would decode as UTF-8, and PostgreSQL holds them only in a SQL_ASCII
 * database, which refuses to send them to a UTF-8 client, or to convert them to UTF-8 (the
 * dialect's hex); converting to the database's own encoding keeps them.
 */
function textColumns(d: Dialect): string {
  const isBytes = BYTE_FLAGS.map((flag) => `old_flags LIKE '%${flag}%'`).join(' OR ');
  const hex = d.name === 'postgres' ? "encode(convert_to(old_text, current_setting('server_encoding')), 'hex')" : d.hex('old_text');
  return `old_flags, CASE WHEN ${isBytes} THEN NULL ELSE old_text END AS old_text, CASE WHEN ${isBytes} THEN ${hex} END AS old_hex`;
}

/** The text of a text row, or null where MediaWiki would find none (see decodeText). */
function storedText(r: StoredText): string | null {
  const stored = r.old_hex === null ? r.old_text : Buffer.from(String(r.old_hex), 'hex');
  return stored === null ? null : decodeText(stored, String(r.old_flags ?? ''));
}

/**
 * The old_id a content address `tt:<old_id>` names, NULL for other addresses: an expression on
 * content_address that text's primary key can be looked up with.
 */
function textIdOfAddress(d: Dialect): string {
  switch (d.name) {
    case 'mysql':
      return "CASE WHEN content_address LIKE 'tt:%' THEN CAST(SUBSTRING(content_address, 4) AS UNSIGNED) END";
    case 'postgres':
      // A cast of anything but digits would fail the statement.
      return "CASE WHEN content_address ~ '^tt:[0-9]+$' THEN CAST(SUBSTR(content_address, 4) AS BIGINT) END";
    default:
      return "CASE WHEN content_address LIKE 'tt:%' THEN CAST(SUBSTR(content_address, 4) AS INTEGER) END";
  }
}
