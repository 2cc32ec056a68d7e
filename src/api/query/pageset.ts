// The pages a query works on (titles | pageids | revids | generator), with MediaWiki's
// normalisation, redirect resolution, and missing/invalid/special/interwiki bookkeeping.
import type { PageRow, TitleKey } from '../../store/pages.ts';
import type { ApiServices } from '../services.ts';
import { specialPageRedirect, type SpecialRedirectCaller, type SpecialRedirectTarget } from './special-redirects.ts';
import { phpUrlencodeBytes } from '../../wiki/urls.ts';
import { hasMessage, type MessageParam } from '../i18n/messages.ts';
import { list, setFlag, setIndexedTagName, setType, type ResultMap, type ResultObject } from '../result.ts';

export interface PageEntry {
  pageId: number;
  ns: number;
  dbKey: string;
  /** Prefixed text with spaces (`Talk:Foo bar`). */
  title: string;
  row: PageRow;
}

interface MissingTitle {
  fakeId: number;
  ns: number;
  dbKey: string;
  title: string;
}

interface InvalidTitle {
  fakeId: number;
  title: string;
  /** Why, as errorformat=bc shows it (English text). */
  reason: string;
  /** MediaWiki's message key and parameters, for the other error formats. */
  code: string;
  params: MessageParam[];
}

/** How `invalidreason` is shown in a non-bc error format (ApiErrorFormatter::formatException). */
export type InvalidReasonFormatter = (code: string, params: MessageParam[]) => ResultObject;

interface SpecialTitle {
  fakeId: number;
  ns: number;
  dbKey: string;
  title: string;
  missing: boolean;
}

interface SpecialRedirect {
  from: { ns: number; dbKey: string; title: string };
  target: SpecialRedirectTarget;
}

interface RedirectEntry {
  /** `ns:dbKey` of the redirect page, for its generator data. */
  fromKey: string;
  from: string;
  to: string;
  fragment: string;
  interwiki: string;
}

/** Merges the generator data of a redirect (`fromRedirect`) into its target page's record (`current`). */
export type RedirectMergePolicy = (current: ResultObject, fromRedirect: ResultObject) => ResultObject;

/** Byte-wise (UTF-8) comparison, the order of SQLite's BLOB/TEXT index. */
export function compareBinary(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * MediaWiki looks titles up one namespace at a time (in order of first appearance) with the
 * titles of each in index order; the page set keeps that order.
 */
function orderLikeLinkBatch(rows: PageRow[], nsOrder: number[]): PageRow[] {
  const rank = new Map(nsOrder.map((ns, i) => [ns, i]));
  return rows.sort((a, b) => (rank.get(a.page_namespace)! - rank.get(b.page_namespace)!) || compareBinary(a.page_title, b.page_title));
}

/** Rows as a `page_id IN (...)` query returns them (primary key order). */
function byPageId(rows: PageRow[]): PageRow[] {
  return [...rows].sort((a, b) => a.page_id - b.page_id);
}

const NS_MEDIAWIKI = 8;

/**
 * A missing MediaWiki: page still exists in effect when the software has a default text for it
 * (`MediaWiki:Mainpage`, `MediaWiki:Edit/de`): MediaWiki calls it known.
 */
function hasDefaultMessage(dbKey: string): boolean {
  const slash = dbKey.lastIndexOf('/');
  const base = slash > 0 && /^[a-z]{2,3}(-[a-z0-9]+)*$/.test(dbKey.slice(slash + 1)) ? dbKey.slice(0, slash) : dbKey;
  return hasMessage(base.charAt(0).toLowerCase() + base.slice(1));
}

function key(ns: number, dbKey: string): string {
  return `${ns}:${dbKey}`;
}

/** How the page set keys a title in its maps (generator data). */
export { key as titleMapKey };

export class PageSet {
  private readonly good = new Map<number, PageEntry>();
  private readonly missingTitles: MissingTitle[] = [];
  private readonly invalidTitles: InvalidTitle[] = [];
  private readonly specialTitles: SpecialTitle[] = [];
  private readonly interwikiTitles: { title: string; iw: string }[] = [];
  /** from, to, and the raw bytes of `from` when it was not clean text (`fromencoded`). */
  private readonly normalized: { from: string; to: string; raw?: Uint8Array }[] = [];
  private readonly redirects: RedirectEntry[] = [];
  private readonly missingPageIds: number[] = [];
  private readonly badRevIds: number[] = [];
  /** Good revision ids asked for with `revids`, and their page. */
  readonly revisionIds = new Map<number, number>();
  /** Ids of deleted (archived) revisions asked for with `revids` by a caller who may see them, and their title. */
  readonly deletedRevisionIds = new Map<number, TitleKey>();
  /** What the generator said about its titles, by `ns:dbKey`. */
  private generatorData = new Map<string, ResultObject>();
  private redirectMergePolicy: RedirectMergePolicy | null = null;
  private nextFakeId = -1;

  constructor(
    private readonly services: ApiServices,
    private readonly resolveRedirects: boolean,
    /** Who asks: Special:MyPage and its kin redirect to that caller's pages. */
    private readonly specialRedirectCaller: SpecialRedirectCaller,
  ) {}

  goodPages(): PageEntry[] {
    return [...this.good.values()];
  }

  goodPage(pageId: number): PageEntry | undefined {
    return this.good.get(pageId);
  }

  goodCount(): number {
    return this.good.size;
  }

  missingCount(): number {
    return this.missingTitles.length + this.missingPageIds.length;
  }

  /** Every page the output will list (good, missing, invalid, special): for "one page only" checks. */
  totalCount(): number {
    return this.good.size + this.missingTitles.length + this.invalidTitles.length + this.specialTitles.length + this.missingPageIds.length;
  }

  /** Missing titles (for modules such as info that describe them too). */
  missing(): readonly MissingTitle[] {
    return this.missingTitles;
  }

  isRevisionMode(): boolean {
    return this.revisionIds.size > 0 || this.deletedRevisionIds.size > 0 || this.badRevIds.length > 0;
  }

  private fakeId(): number {
    return this.nextFakeId--;
  }

  /** `titles=`: parse, normalise, look up. */
  async addTitles(inputs: readonly string[], rawOfCleaned: ReadonlyMap<string, Uint8Array> = new Map()): Promise<void> {
    const { titles, specialPages } = this.services;
    const lookups: { ns: number; dbKey: string }[] = [];
    const specials: { ns: number; dbKey: string; title: string }[] = [];
    for (const input of inputs) {
      const parsed = titles.parse(input, 0);
      const raw = rawOfCleaned.get(input);
      if (raw) {
        // Input that had to be cleaned is reported once, from its raw bytes to the final title.
        const to = 'invalid' in parsed ? input : parsed.interwiki ? titles.prefixedText(parsed) : titles.text(parsed.ns, parsed.ns === -1 ? specialPages.fixName(parsed.dbKey) : parsed.dbKey);
        this.normalized.push({ from: input, to, raw });
      }
      const note = (from: string, to: string) => {
        if (!raw && from !== to) this.normalized.push({ from, to });
      };
      if ('invalid' in parsed) {
        this.invalidTitles.push({ fakeId: this.fakeId(), title: input, reason: parsed.reason, code: parsed.code, params: parsed.params });
        continue;
      }
      if (parsed.dbKey === '' && !parsed.interwiki) {
        // `#Section` alone names no page: MediaWiki only reports the normalisation.
        note(input, '');
        continue;
      }
      if (parsed.interwiki) {
        const text = titles.prefixedText(parsed);
        note(input, text);
        this.interwikiTitles.push({ title: text, iw: parsed.interwiki });
        continue;
      }
      let dbKey = parsed.dbKey;
      if (parsed.ns === -1) dbKey = specialPages.fixName(dbKey);
      const text = titles.text(parsed.ns, dbKey);
      note(input, text);
      if (parsed.ns < 0) specials.push({ ns: parsed.ns, dbKey, title: text });
      else lookups.push({ ns: parsed.ns, dbKey });
    }
    const redirecting = await this.specialRedirects(specials);
    await this.addSpecials(specials.filter((s) => !redirecting.some((r) => r.from.title === s.title)));
    await this.lookUpTitles(lookups, redirecting);
  }

  /** The special pages among `specials` that redirect to an article, when redirects are resolved. */
  private async specialRedirects(specials: readonly { ns: number; dbKey: string; title: string }[]): Promise<SpecialRedirect[]> {
    if (!this.resolveRedirects) return [];
    const out: SpecialRedirect[] = [];
    for (const from of specials) {
      if (from.ns !== -1 || out.some((r) => r.from.title === from.title)) continue;
      const target = await specialPageRedirect(this.services, from.dbKey, this.specialRedirectCaller);
      if (target) out.push({ from, target });
    }
    return out;
  }

  private async addSpecials(specials: { ns: number; dbKey: string; title: string }[]): Promise<void> {
    if (!specials.length) return;
    const files = specials.filter((s) => s.ns === -2).map((s) => s.dbKey);
    const existingFiles = files.length ? await this.services.store.files.existing(files) : new Set<string>();
    const seen = new Set(this.specialTitles.map((s) => s.title));
    for (const s of specials) {
      if (seen.has(s.title)) continue;
      seen.add(s.title);
      const missing = s.ns === -1 ? !this.services.specialPages.exists(s.dbKey) : !existingFiles.has(s.dbKey);
      this.specialTitles.push({ fakeId: this.fakeId(), ns: s.ns, dbKey: s.dbKey, title: s.title, missing });
    }
  }

  /**
   * Looks titles up; returns the rows found (redirect resolution uses them, with the special pages
   * that redirect, which MediaWiki resolves in its first round of redirects).
   */
  private async lookUpTitles(wanted: readonly TitleKey[], specialRedirects: readonly SpecialRedirect[] = []): Promise<PageRow[]> {
    // Group by namespace in order of first appearance, as MediaWiki's link batches do: this
    // decides the order in which missing titles get their negative ids.
    const byNs = new Map<number, Map<string, TitleKey>>();
    for (const t of wanted) {
      let m = byNs.get(t.ns);
      if (!m) byNs.set(t.ns, (m = new Map()));
      if (!m.has(t.dbKey)) m.set(t.dbKey, t);
    }
    const unique = [...byNs.values()].flatMap((m) => [...m.values()]);
    const rows = unique.length ? orderLikeLinkBatch(await this.services.store.pages.byTitles(unique), [...byNs.keys()]) : [];
    const found = new Set<string>();
    for (const row of rows) {
      found.add(key(row.page_namespace, row.page_title));
      this.addGood(row);
    }
    for (const t of unique) {
      if (found.has(key(t.ns, t.dbKey))) continue;
      if (this.missingTitles.some((m) => m.ns === t.ns && m.dbKey === t.dbKey)) continue;
      this.missingTitles.push({ fakeId: this.fakeId(), ns: t.ns, dbKey: t.dbKey, title: this.services.titles.text(t.ns, t.dbKey) });
    }
    if (this.resolveRedirects) await this.followRedirects(rows, specialRedirects);
    return rows;
  }

  private addGood(row: PageRow): void {
    if (this.good.has(row.page_id)) return;
    this.good.set(row.page_id, {
      pageId: row.page_id,
      ns: row.page_namespace,
      dbKey: row.page_title,
      title: this.services.titles.text(row.page_namespace, row.page_title),
      row,
    });
  }

  /** `pageids=` */
  async addPageIds(ids: readonly number[]): Promise<void> {
    const unique = [...new Set(ids)];
    const positive = unique.filter((id) => id > 0);
    const rows = positive.length ? byPageId(await this.services.store.pages.byIds(positive)) : [];
    // MediaWiki lists the pages as its `page_id IN (...)` query returns them: by id.
    for (const row of rows) this.addGood(row);
    const found = new Set(rows.map((r) => r.page_id));
    for (const id of unique) if (!found.has(id)) this.missingPageIds.push(id);
    if (this.resolveRedirects) await this.followRedirects(rows);
  }

  /**
   * `revids=`. For a caller who may see deleted history (`archived`), ids of archived revisions
   * bring their page's title in, as existing or missing, rather than being bad ids: the revision
   * itself is no live revision for the modules.
   */
  async addRevisionIds(ids: readonly number[], options: { archived?: boolean } = {}): Promise<void> {
    const unique = [...new Set(ids)];
    const positive = unique.filter((id) => id > 0);
    const pairs = positive.length ? await this.services.store.revisions.pagesOf(positive) : [];
    const pageOf = new Map(pairs.map((p) => [p.rev_id, p.rev_page]));
    const unknown = positive.filter((id) => !pageOf.has(id));
    const archived = options.archived && unknown.length ? await this.services.store.revisions.archivedTitles(unknown) : [];
    const archivedIds = new Set(archived.map((r) => r.ar_rev_id));
    for (const r of archived) this.deletedRevisionIds.set(r.ar_rev_id, { ns: r.ar_namespace, dbKey: r.ar_title });
    for (const id of unique) {
      const page = pageOf.get(id);
      if (page !== undefined) this.revisionIds.set(id, page);
      else if (!archivedIds.has(id)) this.badRevIds.push(id);
    }
    const pageIds = [...new Set(pageOf.values())];
    const rows = pageIds.length ? byPageId(await this.services.store.pages.byIds(pageIds)) : [];
    for (const row of rows) this.addGood(row);
    if (archived.length) await this.lookUpTitles(archived.map((r) => ({ ns: r.ar_namespace, dbKey: r.ar_title })));
  }

  /** Pages a generator produced: ids of existing pages and titles that may not exist. */
  async addGenerated(pageIds: readonly number[], titles: readonly TitleKey[]): Promise<void> {
    if (pageIds.length) {
      const order = [...new Set(pageIds)];
      const rank = new Map(order.map((id, i) => [id, i]));
      // Pages keep the order the generator gave them.
      const positive = order.filter((id) => id > 0);
      const rows = (positive.length ? await this.services.store.pages.byIds(positive) : []).sort((a, b) => rank.get(a.page_id)! - rank.get(b.page_id)!);
      for (const row of rows) this.addGood(row);
      // Ids that name no page (deleted since, or 0 for a log row) are missing pages, as MediaWiki's populateFromPageIDs lists them.
      const found = new Set(rows.map((r) => r.page_id));
      for (const id of order) if (!found.has(id) && !this.missingPageIds.includes(id)) this.missingPageIds.push(id);
      if (this.resolveRedirects) await this.followRedirects(rows);
    }
    const specials = titles.filter((t) => t.ns < 0).map((t) => ({ ...t, title: this.services.titles.text(t.ns, t.dbKey) }));
    const redirecting = await this.specialRedirects(specials);
    const stayingSpecial = specials.filter((s) => !redirecting.some((r) => r.from.title === s.title));
    if (stayingSpecial.length) await this.addSpecials(stayingSpecial);
    const normal = titles.filter((t) => t.ns >= 0);
    if (normal.length || redirecting.length) await this.lookUpTitles(normal, redirecting);
  }

  /** The generator's data about its titles, shown in their pages' records and redirect entries. */
  setGeneratorData(data: ReadonlyMap<string, ResultObject>, redirectMergePolicy: RedirectMergePolicy | null): void {
    this.generatorData = new Map(data);
    this.redirectMergePolicy = redirectMergePolicy;
  }

  /**
   * Replaces redirect pages by their targets, level by level, stopping at loops; the special pages
   * that redirect join the first level after the pages, as in MediaWiki's getRedirectTargets.
   */
  private async followRedirects(rows: readonly PageRow[], specialRedirects: readonly SpecialRedirect[] = []): Promise<void> {
    const seen = new Set<string>();
    for (const p of this.good.values()) seen.add(key(p.ns, p.dbKey));
    let pending = rows.filter((r) => r.page_is_redirect && this.good.has(r.page_id));
    let specials = specialRedirects;
    while (pending.length || specials.length) {
      const targets = pending.length ? await this.services.store.pages.redirectTargets(pending.map((r) => r.page_id)) : [];
      // MediaWiki walks the redirect table's answer, which comes in rd_from order.
      targets.sort((a, b) => a.rd_from - b.rd_from);
      const next: TitleKey[] = [];
      for (const target of targets) {
        const from = this.good.get(target.rd_from);
        if (!from) continue;
        this.good.delete(target.rd_from);
        const interwiki = target.rd_interwiki ?? '';
        const fragment = target.rd_fragment ?? '';
        const to = interwiki
          ? `${interwiki}:${target.rd_title.replace(/_/g, ' ')}`
          : this.services.titles.text(target.rd_namespace, target.rd_title);
        this.redirects.push({ fromKey: key(from.ns, from.dbKey), from: from.title, to, fragment, interwiki });
        if (interwiki) {
          this.interwikiTitles.push({ title: to, iw: interwiki });
          continue;
        }
        const k = key(target.rd_namespace, target.rd_title);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push({ ns: target.rd_namespace, dbKey: target.rd_title });
      }
      for (const { from, target } of specials) {
        const to = this.services.titles.text(target.ns, target.dbKey);
        this.redirects.push({ fromKey: key(from.ns, from.dbKey), from: from.title, to, fragment: target.fragment, interwiki: '' });
        const k = key(target.ns, target.dbKey);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push({ ns: target.ns, dbKey: target.dbKey });
      }
      specials = [];
      if (!next.length) break;
      const found = orderLikeLinkBatch(await this.services.store.pages.byTitles(next), [...new Set(next.map((t) => t.ns))]);
      const foundKeys = new Set(found.map((r) => key(r.page_namespace, r.page_title)));
      for (const r of found) this.addGood(r);
      // Missing targets get their ids as a link batch lists them: by namespace, in order of first appearance.
      const namespaces = [...new Set(next.map((t) => t.ns))];
      for (const t of namespaces.flatMap((ns) => next.filter((n) => n.ns === ns))) {
        if (foundKeys.has(key(t.ns, t.dbKey))) continue;
        if (t.ns < 0) {
          await this.addSpecials([{ ns: t.ns, dbKey: t.dbKey, title: this.services.titles.text(t.ns, t.dbKey) }]);
          continue;
        }
        this.missingTitles.push({ fakeId: this.fakeId(), ns: t.ns, dbKey: t.dbKey, title: this.services.titles.text(t.ns, t.dbKey) });
      }
      pending = found.filter((r) => r.page_is_redirect);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Output

  /** `normalized`, `converted`, `redirects`, `interwiki`, `badrevids` into `query`. */
  writeGeneralInfo(query: ResultObject, options: { iwurl: boolean }): void {
    if (this.normalized.length) {
      query.normalized = list(
        'n',
        this.normalized.map(({ from, to, raw }) => {
          const item: ResultObject = {};
          setFlag(item, 'fromencoded', raw !== undefined, false);
          item.from = raw ? phpUrlencodeBytes(raw, true) : from;
          item.to = to;
          return item;
        }),
      );
    }
    if (this.interwikiTitles.length) {
      query.interwiki = list(
        'i',
        this.interwikiTitles.map(({ title, iw }) => {
          const item: ResultObject = { title, iw };
          if (options.iwurl) {
            const url = this.services.interwikiUrl(iw, title.slice(iw.length + 1));
            if (url) item.url = url;
          }
          return item;
        }),
      );
    }
    if (this.redirects.length) {
      query.redirects = list(
        'r',
        this.redirects.map((r) => {
          // The generator's data comes first, as MediaWiki merges from/to over it.
          const item: ResultObject = { ...this.generatorData.get(r.fromKey), from: r.from, to: r.to };
          if (r.fragment) item.tofragment = r.fragment;
          if (r.interwiki) item.tointerwiki = r.interwiki;
          return item;
        }),
      );
    }
    if (this.badRevIds.length) {
      const bad: ResultMap = new Map();
      for (const id of this.badRevIds) {
        const item: ResultObject = { revid: id };
        setFlag(item, 'missing', true);
        bad.set(id, item);
      }
      setIndexedTagName(bad, 'rev');
      query.badrevids = bad;
    }
  }

  /**
   * The `pages` map: fv1 an object keyed by page id, fv2 a list sorted by id. `formatReason`
   * formats `invalidreason` in the non-bc error formats (bc shows the English text).
   */
  buildPagesOutput(formatReason?: InvalidReasonFormatter): ResultMap {
    const pages: ResultMap = new Map();
    for (const id of this.missingPageIds) {
      const item: ResultObject = { pageid: id };
      setFlag(item, 'missing', true);
      pages.set(id, item);
    }
    for (const m of this.missingTitles) {
      const item: ResultObject = { ns: m.ns, title: m.title };
      setFlag(item, 'missing', true);
      if (m.ns === NS_MEDIAWIKI && hasDefaultMessage(m.dbKey)) setFlag(item, 'known', true);
      pages.set(m.fakeId, this.withGeneratorData(item, key(m.ns, m.dbKey)));
    }
    for (const inv of this.invalidTitles) {
      const item: ResultObject = { title: inv.title, invalidreason: formatReason ? formatReason(inv.code, inv.params) : inv.reason };
      setFlag(item, 'invalid', true);
      pages.set(inv.fakeId, item);
    }
    for (const s of this.specialTitles) {
      const item: ResultObject = { ns: s.ns, title: s.title };
      setFlag(item, 'special', true);
      if (s.missing) setFlag(item, 'missing', true);
      pages.set(s.fakeId, this.withGeneratorData(item, key(s.ns, s.dbKey)));
    }
    for (const p of this.good.values()) {
      pages.set(p.pageId, this.withGeneratorData({ pageid: p.pageId, ns: p.ns, title: p.title }, key(p.ns, p.dbKey)));
    }
    this.mergeRedirectData(pages);
    setType(pages, 'BCarray');
    setIndexedTagName(pages, 'page');
    return pages;
  }

  private withGeneratorData(item: ResultObject, titleKey: string): ResultObject {
    const data = this.generatorData.get(titleKey);
    return data ? Object.assign(item, data) : item;
  }

  /** A resolved redirect's generator data joins the record of the page its chain ends at. */
  private mergeRedirectData(pages: ResultMap): void {
    const merge = this.redirectMergePolicy;
    if (!merge || !this.generatorData.size) return;
    const targetOf = new Map(this.redirects.map((r) => [r.from, r.to]));
    const pageIdOf = new Map([...this.good.values()].map((p) => [p.title, p.pageId]));
    for (const redirect of this.redirects) {
      const data = this.generatorData.get(redirect.fromKey);
      if (!data) continue;
      let destination = redirect.to;
      const visited = new Set([redirect.from]);
      while (targetOf.has(destination) && !visited.has(destination)) {
        visited.add(destination);
        destination = targetOf.get(destination)!;
      }
      const pageId = pageIdOf.get(destination);
      const current = pageId === undefined ? undefined : pages.get(pageId);
      if (current && typeof current === 'object' && !Array.isArray(current) && !(current instanceof Map)) {
        pages.set(pageId!, merge(current as ResultObject, data));
      }
    }
  }

  /** Ids as `indexpageids` lists them: the keys of `pages`, as strings, in output order. */
  static pageIdsOf(pages: ResultMap): string[] {
    return [...pages.keys()].map(String);
  }
}
