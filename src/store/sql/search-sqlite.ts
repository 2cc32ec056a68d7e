// SearchSqlite: the FTS3 `searchindex` table (rowid = page id), searched with SQLite's MATCH.
import type { HighlightTerm, SearchIndexState, SearchMatch, SearchMatches, SearchQuery } from '../search.ts';
import type { SqlExecutor } from './executor.ts';
import { valuesIn } from './dialect.ts';
import { filterSearchText, normalizeForSearch, searchWords } from './search-words.ts';

/**
 * SearchSqlite::parseQuery: the MATCH expression (each word with its modifier, phrases quoted,
 * prefixes with their `*`, each followed by a space) and the words to highlight.
 */
export function sqliteMatch(term: string): { match: string; terms: HighlightTerm[] } {
  // searchInternal lower-cases before filtering (Language::lc).
  const filtered = filterSearchText(term.toLowerCase(), true);
  let match = '';
  const terms: HighlightTerm[] = [];
  for (const word of searchWords(filtered, true)) {
    if (match !== '') match += ' ';
    const quote = word.quoted ? '"' : '';
    match += `${word.modifier}${quote}${normalizeForSearch(word.text)}${quote}${word.wildcard ? '*' : ''} `;
    terms.push({ text: word.text, wordStart: true, wordEnd: !word.wildcard });
  }
  return { match, terms };
}

/**
 * MediaWiki joins page and searchindex and lets SQLite 3.40 choose the order: with fewer than ten
 * namespaces in the IN list it walks page_name_title namespace by namespace (so title order) and
 * checks each page against the index; with ten or more, or none, it reads the index (page id
 * order) and looks each page up. The same pages come here in the same order, read the cheap way.
 */
const TITLE_ORDER_BELOW = 10;

/** Above this page id the namespace of each page is not kept in memory: searches join page instead. */
const MAX_MAPPED_PAGE_ID = 1 << 25;

/** Page ids read per statement when the namespaces are mapped: a few milliseconds each. */
const MAP_STRETCH = 50_000;

/**
 * A walk down page_name_title reads a title in about a sixth of the time a match takes to be
 * looked up and sorted (0.25 and 1.6 µs on the large wiki of docs/large-wiki.md): it may read this
 * many titles per match before sorting would have been cheaper.
 */
const WALK_ROWS_PER_MATCH = 6;

/** The namespace of every page, by page id (the page table's; an index row of no page has none). */
interface PageNamespaces {
  /** By page id: 0 for no page, else 1 + the namespace's place in `namespaces`. */
  codes: Uint8Array | Uint16Array;
  namespaces: number[];
  /** Pages in each namespace. */
  pages: Map<number, number>;
}

export class SqliteSearch {
  /**
   * The map, the PRAGMA data_version it is read at (another writer's commit changes that), and
   * how far it is read: page ids up to `readUpTo` of the `last`.
   */
  private mapped: { version: number; map: PageNamespaces | null; readUpTo: number; last: number } | undefined;

  constructor(private readonly db: SqlExecutor) {}

  /**
   * SearchSqlite's two queries (the page of matches and COUNT(*) over the same join) cost a page
   * lookup per matching document, tens of milliseconds for a common word on a large wiki. Here
   * the index is read once for the ids it matches; each id's namespace comes from an in-memory
   * map of the page table, which gives the total; and the page asked for is found by walking the
   * titles in order until enough matches are passed, or, when that would read more titles than
   * there are matches, by looking the matches up and sorting them.
   */
  async search(q: SearchQuery): Promise<SearchMatches | null> {
    if (!(await this.hasFullTextIndex())) return null;
    const { match, terms } = sqliteMatch(q.term);
    const column = q.field === 'text' ? 'si_text' : 'si_title';
    const map = await this.namespacesOfPages();
    if (map === null) return this.searchByJoin(q, column, match, terms);
    const hits = await this.matchingIds(column, match);
    const wanted = q.namespaces === null ? null : [...new Set(q.namespaces.length === 0 ? [0] : q.namespaces)].sort((a, b) => a - b);
    const wantedCodes = new Uint8Array(map.namespaces.length + 1);
    map.namespaces.forEach((ns, i) => {
      if (wanted === null || wanted.includes(ns)) wantedCodes[i + 1] = 1;
    });
    const perCode = new Array<number>(map.namespaces.length + 1).fill(0);
    let total = 0;
    for (const id of hits) {
      const code = id >= 0 && id < map.codes.length ? map.codes[id]! : 0;
      if (wantedCodes[code] === 1) {
        total++;
        perCode[code]!++;
      }
    }
    // SQLite reads a negative OFFSET as none.
    const offset = Math.max(0, q.offset);
    // The IN list as MediaWiki writes it, repeats included, decides SQLite's order.
    const byTitle = q.namespaces !== null && Math.max(q.namespaces.length, 1) < TITLE_ORDER_BELOW;
    let pages: SearchMatch[];
    if (byTitle && wanted !== null) {
      pages = [];
      let skip = offset;
      for (const ns of wanted) {
        if (pages.length >= q.limit) break;
        const code = map.namespaces.indexOf(ns) + 1;
        const inNamespace = code === 0 ? 0 : perCode[code]!;
        if (skip >= inNamespace) {
          skip -= inNamespace;
          continue;
        }
        const want = Math.min(q.limit - pages.length, inNamespace - skip);
        // From the last title back when fewer matches lie after the page than before it.
        const fromEnd = inNamespace - skip - want < skip;
        const passing = fromEnd ? inNamespace - skip - want : skip;
        const expectedRows = ((passing + want) * (map.pages.get(ns) ?? 0)) / inNamespace;
        // The walk stops where sorting would have cost less: matches spread unevenly over the
        // titles may lie later than expected. It is tried when it should cost half a sort or less.
        const maxRows = WALK_ROWS_PER_MATCH * inNamespace;
        const walked = 2 * expectedRows <= maxRows ? await this.walkTitles(ns, hits, passing, want, fromEnd, expectedRows, maxRows) : null;
        pages.push(...(walked ?? (await this.sortedInNamespace(ns, hits.filter((id) => id < map.codes.length && map.codes[id] === code), skip, want))));
        skip = 0;
      }
    } else {
      const ids: number[] = [];
      let skip = offset;
      for (const id of hits) {
        if (ids.length >= q.limit) break;
        const code = id >= 0 && id < map.codes.length ? map.codes[id]! : 0;
        if (wantedCodes[code] !== 1) continue;
        if (skip > 0) skip--;
        else ids.push(id);
      }
      pages = await this.pagesById(ids);
    }
    return { pages, total, terms };
  }

  /** MediaWiki's own two queries, for a wiki too large to keep its pages' namespaces in memory. */
  private async searchByJoin(q: SearchQuery, column: string, match: string, terms: HighlightTerm[]): Promise<SearchMatches> {
    const where = [`si.${column} MATCH ?`];
    const args: unknown[] = [match];
    if (q.namespaces !== null) {
      const list = valuesIn(this.db.dialect, 'page_namespace', q.namespaces.length === 0 ? [0] : q.namespaces, 'integers');
      where.push(list.sql);
      args.push(...list.values);
    }
    const byTitle = q.namespaces !== null && Math.max(q.namespaces.length, 1) < TITLE_ORDER_BELOW;
    const from = `FROM {searchindex} si CROSS JOIN {page} ON page_id = si.rowid WHERE ${where.join(' AND ')}`;
    const order = byTitle ? 'page_namespace, page_title' : 'si.rowid';
    const pages = await this.db.all<SearchMatch>(
      `SELECT page_id, page_namespace, page_title ${from} ORDER BY ${order} LIMIT ? OFFSET ?`,
      ...args,
      q.limit,
      q.offset,
    );
    const count = await this.db.get<{ c: number }>(`SELECT COUNT(*) AS c ${from}`, ...args);
    return { pages: pages.map(numericIds), total: Number(count?.c ?? 0), terms };
  }

  /** The ids of the documents the expression matches, in ascending order. */
  private async matchingIds(column: string, match: string): Promise<number[]> {
    // One JSON text rather than a row per match: far cheaper for tens of thousands of ids.
    const row = await this.db.get<{ ids: string | null }>(`SELECT json_group_array(rowid) AS ids FROM {searchindex} WHERE ${column} MATCH ?`, match);
    const ids = JSON.parse(row?.ids ?? '[]') as number[];
    for (let i = 1; i < ids.length; i++) {
      if (ids[i]! < ids[i - 1]!) return ids.sort((a, b) => a - b);
    }
    return ids;
  }

  /**
   * Matches `skip` to `skip + want` of a namespace in title order (counted from the last title
   * when `fromEnd`), by reading its titles in order (page_name_title, about `expectedRows` of
   * them) and keeping the matching pages; null when more than `maxRows` titles would be read (the
   * matches lie later than expected), or when titles are not text.
   */
  private async walkTitles(ns: number, hits: readonly number[], skip: number, want: number, fromEnd: boolean, expectedRows: number, maxRows: number): Promise<SearchMatch[] | null> {
    const found: number[] = [];
    let passed = 0;
    let read = 0;
    let after: string | null = null;
    let chunk = Math.min(Math.max(64, Math.ceil(expectedRows * 1.5)), 20_000, Math.max(1, maxRows));
    for (;;) {
      const bound = after === null ? '' : fromEnd ? 'AND page_title < ?' : 'AND page_title > ?';
      // The ids of a stretch of titles as one JSON text, and the last title to go on from.
      const stretch = await this.db.get<{ ids: string; n: number; last: unknown }>(
        `SELECT json_group_array(page_id) AS ids, count(*) AS n, ${fromEnd ? 'min' : 'max'}(page_title) AS last FROM ` +
          `(SELECT page_id, page_title FROM {page} WHERE page_namespace = ? ${bound} ORDER BY page_title${fromEnd ? ' DESC' : ''} LIMIT ?)`,
        ...(after === null ? [ns, chunk] : [ns, after, chunk]),
      );
      const n = Number(stretch?.n ?? 0);
      if (n > 0 && typeof stretch?.last !== 'string') return null;
      for (const id of JSON.parse(stretch?.ids ?? '[]') as number[]) {
        if (!sortedIncludes(hits, id)) continue;
        if (passed++ < skip) continue;
        found.push(id);
        if (found.length === want) break;
      }
      read += n;
      if (found.length === want || n < chunk) break;
      if (read >= maxRows) return null;
      after = stretch!.last as string;
      chunk = Math.max(1, Math.min(chunk * 2, 20_000, maxRows - read));
    }
    return this.pagesById(fromEnd ? found.reverse() : found);
  }

  /** Matches `skip` to `skip + want` of one namespace (`ids`, the matching pages there), each looked up and sorted by title. */
  private async sortedInNamespace(ns: number, ids: readonly number[], skip: number, want: number): Promise<SearchMatch[]> {
    const rows = await this.db.all<SearchMatch>(
      'SELECT page_id, page_namespace, page_title FROM json_each(?) CROSS JOIN {page} ON page_id = value ' +
        'WHERE page_namespace = ? ORDER BY page_title LIMIT ? OFFSET ?',
      JSON.stringify(ids),
      ns,
      want,
      skip,
    );
    return rows.map(numericIds);
  }

  /** These pages, in this order. */
  private async pagesById(ids: readonly number[]): Promise<SearchMatch[]> {
    if (ids.length === 0) return [];
    const list = valuesIn(this.db.dialect, 'page_id', ids, 'integers');
    const rows = await this.db.all<SearchMatch>(`SELECT page_id, page_namespace, page_title FROM {page} WHERE ${list.sql}`, ...list.values);
    const byId = new Map(rows.map((row) => [Number(row.page_id), numericIds(row)]));
    return ids.map((id) => byId.get(id)).filter((page): page is SearchMatch => page !== undefined);
  }

  /**
   * Every page's namespace, read once and again after another writer's commit; null when the
   * wiki's page ids are too many to map. It is read a stretch of page ids at a time, each a few
   * milliseconds, and what was read is kept: a request stopped by the event loop's budget (which
   * then runs on a query thread) leaves the rest for the next.
   */
  private async namespacesOfPages(): Promise<PageNamespaces | null> {
    const version = Number((await this.db.get<{ data_version: number }>('PRAGMA data_version'))?.data_version ?? 0);
    let mapped = this.mapped;
    if (mapped?.version !== version) {
      const last = Number((await this.db.get<{ n: number | null }>('SELECT max(page_id) AS n FROM {page}'))?.n ?? 0);
      const map = last <= MAX_MAPPED_PAGE_ID ? { codes: new Uint8Array(last + 1), namespaces: [], pages: new Map() } : null;
      this.mapped = mapped = { version, map, readUpTo: 0, last };
    }
    const map = mapped.map;
    if (map === null) return null;
    while (mapped.readUpTo < mapped.last) {
      const upTo = Math.min(mapped.readUpTo + MAP_STRETCH, mapped.last);
      const stretch = await this.db.get<{ ids: string; namespaces: string }>(
        'SELECT json_group_array(page_id) AS ids, json_group_array(page_namespace) AS namespaces FROM {page} WHERE page_id > ? AND page_id <= ?',
        mapped.readUpTo,
        upTo,
      );
      const ids = JSON.parse(stretch?.ids ?? '[]') as number[];
      const namespaces = JSON.parse(stretch?.namespaces ?? '[]') as number[];
      for (let i = 0; i < ids.length; i++) {
        const ns = namespaces[i]!;
        let code = map.namespaces.indexOf(ns) + 1;
        if (code === 0) {
          map.namespaces.push(ns);
          code = map.namespaces.length;
          if (code > 255 && map.codes instanceof Uint8Array) map.codes = Uint16Array.from(map.codes);
        }
        map.codes[ids[i]!] = code;
        map.pages.set(ns, (map.pages.get(ns) ?? 0) + 1);
      }
      mapped.readUpTo = upTo;
    }
    return map;
  }

  /** SearchSqlite::fulltextSearchSupported: searchindex is an FTS table. */
  private async hasFullTextIndex(): Promise<boolean> {
    const row = await this.db.get<{ sql: string | null }>('SELECT sql FROM sqlite_master WHERE tbl_name = ?', this.db.dialect.table('searchindex'));
    return row !== undefined && row.sql !== null && /fts/i.test(row.sql);
  }

  async indexState(): Promise<SearchIndexState> {
    if (!(await this.hasFullTextIndex())) return { state: 'missing' };
    // The FTS table's own content table, read by its rowid (the page id): no full scan.
    const indexed = await this.db.get<{ n: number | null }>(`SELECT max(docid) AS n FROM {searchindex_content}`);
    const pages = await this.db.get<{ n: number | null }>('SELECT max(page_id) AS n FROM {page}');
    const lastIndexed = Number(indexed?.n ?? 0);
    const lastPage = Number(pages?.n ?? 0);
    return lastIndexed < lastPage ? { state: 'stale', indexed: lastIndexed, pages: lastPage } : { state: 'ready', indexed: lastIndexed, pages: lastPage };
  }
}

/** Whether a list in ascending order holds the value (binary search). */
function sortedIncludes(sorted: readonly number[], value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = sorted[middle]!;
    if (at === value) return true;
    if (at < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

export function numericIds(row: SearchMatch): SearchMatch {
  return { page_id: Number(row.page_id), page_namespace: Number(row.page_namespace), page_title: String(row.page_title) };
}
