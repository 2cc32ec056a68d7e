// Queries of the link family: pagelinks, templatelinks (through linktarget) and imagelinks,
// from a set of source pages (one index-ordered statement, the ids and filters bound as JSON arrays)
// or to a target (a range scan of the target index), and cascading protections reached through them.
import type { LinkingPage, TitleKey } from '../pages.ts';
import type {
  AllLinksQuery,
  AllLinksRow,
  Backlink,
  BacklinksOfTitlesQuery,
  CascadeRow,
  LinkingViaRedirect,
  LinkRow,
  LinksFromQuery,
  LinkStore,
  LinksToQuery,
  LinksToRedirectsQuery,
  LinkTable,
  Protections,
  ProtectionsQuery,
} from '../links.ts';
import { inList, placeholders, powerOfTwoBucket, valuesIn, type Dialect } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';
import { CHUNK, chunks, Conditions, LINKING_PAGE_COLUMNS, orderedIds, statementsAreCalls, titleSet } from './queries.ts';
import { protectedTitlesFrom, RESTRICTION_COLUMNS, SqlPageStore } from './pages.ts';
import type { ExternalLinkRow, ExternalLinksQuery, InterwikiLinkRow, InterwikiLinksQuery, LangLinkRow, LangLinksQuery } from '../outbound-links.ts';
import type { ExternalLinkUse, ExternalLinkUsesQuery, OutboundTargetUse, OutboundTargetUsesQuery } from '../outbound-backlinks.ts';
import { externalLinkUses, outboundTargetUses } from './outbound-backlinks.ts';
import { externalLinksOf, interwikiLinksOf, langLinksOf } from './outbound-links.ts';
import { backlinksOfTitles } from './links-backlinks.ts';
import { allLinks } from './links-all.ts';

/** The columns of a cascading protection after its target's. */
const CASCADE_COLUMNS = 'pr_type, pr_level, pr_expiry, page_namespace, page_title';

/** FROM and WHERE of the cascading protections of pages transcluding `count` titles. */
function templateCascadesFrom(count: number): string {
  return 'FROM {linktarget} JOIN {templatelinks} ON tl_target_id = lt_id ' +
    'JOIN {page_restrictions} ON pr_page = tl_from AND pr_cascade = 1 JOIN {page} ON page_id = pr_page ' +
    `WHERE ${titleSet('lt', count)}`;
}

/** FROM and WHERE of the cascading protections of pages using the files of an `il_to IN` list. */
function imageCascadesFrom(names: string): string {
  return 'FROM {imagelinks} JOIN {page_restrictions} ON pr_page = il_from AND pr_cascade = 1 JOIN {page} ON page_id = pr_page ' +
    `WHERE ${names}`;
}

/** The parts of LinkStore.protections, in the order they are listed. */
const enum ProtectionKind {
  Restriction = 0,
  ProtectedTitle = 1,
  CascadeByTemplate = 2,
  CascadeByImage = 3,
}

/** A row of the protections statement: the columns of every part. */
interface ProtectionRow {
  kind: ProtectionKind;
  /** The page id each part's own statement orders by first (pr_page, tl_from, il_from; 0). */
  sort_from: number | string;
  pr_page: number | string;
  target_namespace: number;
  target_title: string;
  pr_type: string;
  pr_level: string;
  pr_expiry: string | null;
  pr_cascade: number;
  page_namespace: number;
  page_title: string;
  user_name: string | null;
  pt_reason_text: string | null;
}

/**
 * Parts in turn, each as its own statement orders it: restrictions by page and type, create
 * protections by title, cascading ones by the cascading page and type (then target, for a
 * definite order); strings byte for byte, as the binary columns compare.
 */
function byProtectionOrder(a: ProtectionRow, b: ProtectionRow): number {
  return (
    a.kind - b.kind ||
    Number(a.sort_from) - Number(b.sort_from) ||
    Buffer.compare(Buffer.from(a.pr_type), Buffer.from(b.pr_type)) ||
    a.target_namespace - b.target_namespace ||
    Buffer.compare(Buffer.from(a.target_title), Buffer.from(b.target_title))
  );
}

interface LinkColumns {
  table: string;
  from: string;
  fromNs: string;
  /** Namespace column of the target (a constant for imagelinks). */
  ns: string;
  title: string;
  /** Extra join to reach the target's namespace and title. */
  join: string;
  /** Sort columns after the source page id (a constant namespace is not one). */
  targetOrder: string[];
  /** The target filter of links from pages, given `?` = JSON array of [ns, title] pairs. */
  targetFilter: string;
}

function linkColumns(d: Dialect): Record<LinkTable, LinkColumns> {
  return {
    pagelinks: {
      table: '{pagelinks}',
      from: 'pl_from',
      fromNs: 'pl_from_namespace',
      ns: 'pl_namespace',
      title: 'pl_title',
      join: '',
      targetOrder: ['pl_namespace', 'pl_title'],
      targetFilter: `(pl_namespace, pl_title) IN (${d.jsonPairs()})`,
    },
    // 1.39 reads templatelinks through linktarget only (tl_namespace/tl_title are gone).
    templatelinks: {
      table: '{templatelinks}',
      from: 'tl_from',
      fromNs: 'tl_from_namespace',
      ns: 'lt_namespace',
      title: 'lt_title',
      join: 'JOIN {linktarget} ON lt_id = tl_target_id',
      targetOrder: ['lt_namespace', 'lt_title'],
      targetFilter: `tl_target_id IN (SELECT lt_id FROM {linktarget} WHERE (lt_namespace, lt_title) IN (${d.jsonPairs()}))`,
    },
    // imagelinks targets are files: the namespace is implied.
    imagelinks: {
      table: '{imagelinks}',
      from: 'il_from',
      fromNs: 'il_from_namespace',
      ns: '6',
      title: 'il_to',
      join: '',
      targetOrder: ['il_to'],
      targetFilter: `il_to IN (${d.jsonPairStrings(6)})`,
    },
  };
}

/** Rounds an OR list up to a power of two (repeating its last entry) so few SQL variants exist. */
function padded<T>(items: readonly T[]): T[] {
  const out = [...items];
  while (out.length < powerOfTwoBucket(items.length)) out.push(items[items.length - 1]!);
  return out;
}

export class SqlLinkStore implements LinkStore {
  private readonly columns: Record<LinkTable, LinkColumns>;

  constructor(private readonly db: SqlExecutor) {
    this.columns = linkColumns(db.dialect);
  }

  async from(table: LinkTable, query: LinksFromQuery): Promise<LinkRow[]> {
    const ids = orderedIds(query.fromIds, query.descending, query.continueAt?.from);
    if (!ids.length || query.limit <= 0) return [];
    const c = this.columns[table];
    const d = this.db.dialect;
    const fromList = valuesIn(d, c.from, ids, 'integers');
    const where = [fromList.sql];
    const params: unknown[] = [...fromList.values];
    if (query.namespaces) {
      const namespaceList = valuesIn(d, c.ns, query.namespaces, 'integers');
      where.push(namespaceList.sql);
      params.push(...namespaceList.values);
    }
    if (query.targets) {
      where.push(c.targetFilter);
      params.push(JSON.stringify(query.targets.map((t) => [t.ns, t.dbKey])));
    }
    const op = query.descending ? '<=' : '>=';
    if (query.continueAt) {
      where.push(`(${c.from}, ${c.ns}, ${c.title}) ${op} (?, ?, ?)`);
      params.push(query.continueAt.from, query.continueAt.ns, query.continueAt.title);
    }
    const dir = query.descending ? ' DESC' : '';
    const rest =
      `FROM ${c.table} ${c.join} WHERE ${where.join(' AND ')} ` +
      `ORDER BY ${[c.from, ...c.targetOrder].map((col) => col + dir).join(', ')} LIMIT ?`;
    return this.db.rows<LinkRow>(`${c.from} AS pl_from, ${c.ns} AS pl_namespace, ${c.title} AS pl_title`, rest, ...params, query.limit);
  }

  async to(q: LinksToQuery): Promise<LinkingPage[]> {
    const cols = this.columns[q.table];
    const c = new Conditions(this.db.dialect);
    if (!(await this.targetCondition(c, q.table, q.target))) return [];
    c.inList(cols.fromNs, q.fromNamespaces);
    const op = q.descending ? '<=' : '>=';
    if (q.after) {
      if (q.byFromNamespace) c.add(`(${cols.fromNs}, ${cols.from}) ${op} (?, ?)`, q.after.fromNs, q.after.from);
      else c.add(`${cols.from} ${op} ?`, q.after.from);
    }
    c.redirects(q.redirects);
    const dir = q.descending ? ' DESC' : '';
    const order = [...(q.byFromNamespace ? [cols.fromNs] : []), cols.from].map((col) => col + dir).join(', ');
    const rest = `FROM ${cols.table} JOIN {page} ON page_id = ${cols.from} ${c.where} ORDER BY ${order} LIMIT ?`;
    return this.db.rows<LinkingPage>(LINKING_PAGE_COLUMNS, rest, ...c.values, q.limit);
  }

  /** Adds the "links to this title" condition; false when nothing can link to it. */
  private async targetCondition(c: Conditions, table: LinkTable, target: TitleKey): Promise<boolean> {
    if (table === 'pagelinks') {
      c.add('pl_namespace = ? AND pl_title = ?', target.ns, target.dbKey);
    } else if (table === 'imagelinks') {
      c.add('il_to = ?', target.dbKey);
    } else {
      const id = await this.linkTargetId(target);
      if (id === undefined) return false;
      c.add('tl_target_id = ?', id);
    }
    return true;
  }

  private async linkTargetId(target: TitleKey): Promise<number | undefined> {
    const row = await this.db.get<{ lt_id: number }>('SELECT lt_id FROM {linktarget} WHERE lt_namespace = ? AND lt_title = ?', target.ns, target.dbKey);
    return row?.lt_id;
  }

  async toRedirects(q: LinksToRedirectsQuery): Promise<LinkingViaRedirect[]> {
    if (q.targets.length === 0) return [];
    const cols = this.columns[q.table];
    const c = new Conditions(this.db.dialect);
    const targets = padded(q.targets);
    if (q.table === 'imagelinks') {
      c.inList(cols.title, targets.map((t) => t.dbKey));
    } else {
      const one = `(${cols.ns} = ? AND ${cols.title} = ?)`;
      c.add(`(${targets.map(() => one).join(' OR ')})`, ...targets.flatMap((t) => [t.ns, t.dbKey]));
    }
    c.inList('page_namespace', q.namespaces);
    // Columns constant in the query take no part in the order, nor in the continuation.
    const sortColumns: [string, unknown][] = [];
    if (q.byTargetNs) sortColumns.push([cols.ns, q.after?.ns]);
    if (q.byTargetTitle) sortColumns.push([cols.title, q.after?.title]);
    if (q.byFromNamespace) sortColumns.push([cols.fromNs, q.after?.fromNs]);
    sortColumns.push([cols.from, q.after?.from]);
    if (q.after) {
      const op = q.descending ? '<=' : '>=';
      const names = sortColumns.map(([col]) => col).join(', ');
      c.add(`(${names}) ${op} (${placeholders(sortColumns.length)})`, ...sortColumns.map(([, v]) => v));
    }
    c.redirects(q.redirects);
    const dir = q.descending ? ' DESC' : '';
    const order = sortColumns.map(([col]) => col + dir).join(', ');
    const select = `${LINKING_PAGE_COLUMNS}, ${cols.ns} AS target_ns, ${cols.title} AS target_title`;
    const rest = `FROM ${cols.table} ${cols.join} JOIN {page} ON page_id = ${cols.from} ${c.where} ORDER BY ${order} LIMIT ?`;
    return this.db.rows<LinkingViaRedirect>(select, rest, ...c.values, q.limit);
  }

  backlinksOfTitles(q: BacklinksOfTitlesQuery): Promise<Backlink[]> {
    return backlinksOfTitles(this.db, q);
  }

  langLinks(q: LangLinksQuery): Promise<LangLinkRow[]> {
    return langLinksOf(this.db, q);
  }

  interwikiLinks(q: InterwikiLinksQuery): Promise<InterwikiLinkRow[]> {
    return interwikiLinksOf(this.db, q);
  }

  externalLinks(q: ExternalLinksQuery): Promise<ExternalLinkRow[]> {
    return externalLinksOf(this.db, q);
  }

  outboundTargetUses(q: OutboundTargetUsesQuery): Promise<OutboundTargetUse[]> {
    return outboundTargetUses(this.db, q);
  }

  externalLinkUses(q: ExternalLinkUsesQuery): Promise<ExternalLinkUse[]> {
    return externalLinkUses(this.db, q);
  }

  async cascadeByTemplates(titles: readonly TitleKey[]): Promise<CascadeRow[]> {
    const out: CascadeRow[] = [];
    for (const part of chunks(titles, CHUNK / 2)) {
      out.push(
        ...(await this.db.all<CascadeRow>(
          `SELECT lt_namespace AS target_namespace, lt_title AS target_title, ${CASCADE_COLUMNS} ${templateCascadesFrom(part.length)} ORDER BY tl_from, pr_type`,
          ...part.flatMap((t) => [t.ns, t.dbKey]),
        )),
      );
    }
    return out;
  }

  async cascadeByImages(names: readonly string[]): Promise<CascadeRow[]> {
    const out: CascadeRow[] = [];
    for (const part of chunks(names)) {
      const names = inList(this.db.dialect, 'il_to', part);
      out.push(
        ...(await this.db.all<CascadeRow>(
          `SELECT 6 AS target_namespace, il_to AS target_title, ${CASCADE_COLUMNS} ${imageCascadesFrom(names.sql)} ORDER BY il_from, pr_type`,
          ...names.values,
        )),
      );
    }
    return out;
  }

  all(q: AllLinksQuery): Promise<AllLinksRow[]> {
    return allLinks(this.db, q);
  }

  async protections(q: ProtectionsQuery): Promise<Protections> {
    const d = this.db.dialect;
    const fitsOneStatement = q.pageIds.length <= CHUNK && q.missing.length <= CHUNK / 2 && q.transcluded.length <= CHUNK / 2 && q.files.length <= CHUNK;
    if (statementsAreCalls(d) || !fitsOneStatement) {
      const pages = new SqlPageStore(this.db);
      const none: never[] = [];
      const [restrictions, protectedTitles, byTemplates, byImages] = await Promise.all([
        q.pageIds.length ? pages.restrictions(q.pageIds) : none,
        q.missing.length ? pages.protectedTitles(q.missing) : none,
        q.transcluded.length ? this.cascadeByTemplates(q.transcluded) : none,
        q.files.length ? this.cascadeByImages(q.files) : none,
      ]);
      return { restrictions, protectedTitles, cascades: [...byTemplates, ...byImages] };
    }
    // One statement on a server: each part a branch of a UNION ALL with the same columns (a part
    // fills those it has not with constants), told apart by `kind`, each part then in the order of
    // its own statement.
    const branches: string[] = [];
    const values: unknown[] = [];
    if (q.pageIds.length) {
      const ids = inList(d, 'pr_page', q.pageIds);
      branches.push(`SELECT ${ProtectionKind.Restriction} AS kind, pr_page AS sort_from, pr_page, 0 AS target_namespace, '' AS target_title, ` +
        `pr_type, pr_level, pr_expiry, pr_cascade, 0 AS page_namespace, '' AS page_title, NULL AS user_name, NULL AS pt_reason_text ` +
        `FROM {page_restrictions} WHERE ${ids.sql}`);
      values.push(...ids.values);
    }
    if (q.missing.length) {
      branches.push(`SELECT ${ProtectionKind.ProtectedTitle} AS kind, 0 AS sort_from, 0 AS pr_page, pt_namespace AS target_namespace, pt_title AS target_title, ` +
        `'create' AS pr_type, pt_create_perm AS pr_level, pt_expiry AS pr_expiry, 0 AS pr_cascade, 0 AS page_namespace, '' AS page_title, ` +
        `user_name, comment_text AS pt_reason_text ${protectedTitlesFrom(q.missing.length)}`);
      values.push(...q.missing.flatMap((t) => [t.ns, t.dbKey]));
    }
    if (q.transcluded.length) {
      branches.push(`SELECT ${ProtectionKind.CascadeByTemplate} AS kind, tl_from AS sort_from, pr_page, lt_namespace AS target_namespace, lt_title AS target_title, ` +
        `pr_type, pr_level, pr_expiry, pr_cascade, page_namespace, page_title, NULL AS user_name, NULL AS pt_reason_text ${templateCascadesFrom(q.transcluded.length)}`);
      values.push(...q.transcluded.flatMap((t) => [t.ns, t.dbKey]));
    }
    if (q.files.length) {
      const names = inList(d, 'il_to', q.files);
      branches.push(`SELECT ${ProtectionKind.CascadeByImage} AS kind, il_from AS sort_from, pr_page, 6 AS target_namespace, il_to AS target_title, ` +
        `pr_type, pr_level, pr_expiry, pr_cascade, page_namespace, page_title, NULL AS user_name, NULL AS pt_reason_text ${imageCascadesFrom(names.sql)}`);
      values.push(...names.values);
    }
    const out: Protections = { restrictions: [], protectedTitles: [], cascades: [] };
    if (!branches.length) return out;
    const rows = await this.db.all<ProtectionRow>(branches.join(' UNION ALL '), ...values);
    // Put in order here: an ORDER BY would make MariaDB sort the rows, comment texts and all, in a
    // temporary table on disk.
    rows.sort(byProtectionOrder);
    for (const r of rows) {
      if (r.kind === ProtectionKind.Restriction) {
        // MariaDB widens the unsigned page id that meets a constant to a decimal, given as text.
        out.restrictions.push({ pr_page: Number(r.pr_page), pr_type: r.pr_type, pr_level: r.pr_level, pr_expiry: r.pr_expiry, pr_cascade: r.pr_cascade });
      } else if (r.kind === ProtectionKind.ProtectedTitle) {
        out.protectedTitles.push({
          pt_namespace: r.target_namespace,
          pt_title: r.target_title,
          pt_create_perm: r.pr_level,
          pt_expiry: r.pr_expiry!,
          user_name: r.user_name,
          pt_reason_text: r.pt_reason_text,
        });
      } else {
        out.cascades.push({
          target_namespace: r.target_namespace,
          target_title: r.target_title,
          pr_type: r.pr_type,
          pr_level: r.pr_level,
          pr_expiry: r.pr_expiry,
          page_namespace: r.page_namespace,
          page_title: r.page_title,
        });
      }
    }
    return out;
  }
}
