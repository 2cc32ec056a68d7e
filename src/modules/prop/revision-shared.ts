// What every revision module shares (MediaWiki's ApiQueryRevisionsBase, REVCOMMON): reading the
// common parameters, deletion visibility, and turning revisions into result items with their
// slots, content, sections, comments and tags.
import type { QueryRun } from '../../api/query/run.ts';
import type { RevCommonParams } from '../param-blocks.ts';
import { msg } from '../../api/i18n/messages.ts';
import { list, metaOf, setContent, setFlag, setIndexedTagName, setType, type ResultNode, type ResultObject } from '../../api/result.ts';
import type { SlotRow, SlotsWanted, SlotWithText } from '../../store/revisions.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { escapeWikiText } from '../../wiki/titles.ts';
import { formatComments, type CommentFormatterContext } from '../../wiki/comment-formatter.ts';
import { expandWithoutTemplates, extractSection, treeToXml } from '../../wiki/parse-tree.ts';
import { preprocess } from '../../wiki/preprocessor.ts';
import { loadDiffs, type DiffSettings, type DiffSource } from './revision-diffs.ts';
import { DELETED_COMMENT, DELETED_TEXT, DELETED_USER, userCanBitfield } from '../../wiki/visibility.ts';
import { defaultFormatOf, sha1Base36ToHex, type RevisionLike } from './revision-record.ts';
import { DeletedFields } from '../deleted-fields.ts';

// ---------------------------------------------------------------------------------------------
// Parameters

/** The revision modules' common parameters, as their runs read them. */
export type RevCommonRun = QueryRun<RevCommonParams>;

type RevProp = RevCommonParams['prop']['type'][number];

export interface RevCommonSettings extends DiffSettings {
  props: ReadonlySet<RevProp>;
  /** Slot roles asked for; null: the legacy output without `slots`. */
  slotRoles: readonly string[] | null;
  limit: number;
  fetchContent: boolean;
  expandTemplates: boolean;
  generateXml: boolean;
  parseContent: boolean;
  /** `section`, or false when not asked (or content not fetched). */
  section: string | false;
  needSlots: boolean;
}

export interface RevCommonOptions {
  /** `limit` as the caller resolved it: a number, `max`, or undefined when not given. */
  limit: number | 'max' | undefined;
  /** Report a `max` limit under `limits` (false when the module set the limit itself). */
  setParsedLimit: boolean;
  /** The module's group, for deprecation features (`action=query&prop=revisions&!rvslots`). */
  group?: 'prop' | 'list';
}

const SMALL_LIMIT = { user: 50, bot: 500 };
const BIG_LIMIT = { user: 500, bot: 5000 };

/**
 * ApiQueryRevisionsBase::parseParameters: the common parameters checked and combined, with
 * MediaWiki's errors (`invalidparammix`, `diffto`, `nosuchrevid`) and warnings.
 */
export async function readRevCommon(run: RevCommonRun, options: RevCommonOptions): Promise<RevCommonSettings> {
  const props: ReadonlySet<RevProp> = new Set(run.params.prop);
  const slotRoles = run.params.slots ?? null;
  const group = options.group ?? 'prop';
  warnMediaWikiDeprecations(run, group);

  if (slotRoles !== null) {
    if (props.has('parsetree')) mixError(run, 'prop=parsetree', 'slots');
    for (const p of ['expandtemplates', 'generatexml', 'parse', 'diffto', 'difftotext', 'difftotextpst', 'contentformat'] as const) {
      const v = run.params[p];
      if (v !== undefined && v !== false) mixError(run, p, 'slots');
    }
  }

  const diffToText = run.params.difftotext ?? null;
  let diffTo: RevCommonSettings['diffTo'] = null;
  if (diffToText === null) diffTo = await readDiffTo(run);

  const fetchContent = props.has('content') || diffTo !== null || diffToText !== null || props.has('parsetree');
  const parseContent = fetchContent && run.params.parse;
  let limit: number | 'max' | undefined = options.limit;
  if (parseContent && limit === undefined) limit = 1;
  const bounds = parseContent ? { user: 1, bot: 1 } : fetchContent ? SMALL_LIMIT : BIG_LIMIT;
  const highLimits = run.caller.rights.has('apihighlimits');
  if (limit === 'max') {
    limit = highLimits ? bounds.bot : bounds.user;
    if (options.setParsedLimit) run.setParsedLimit(limit);
  }
  limit = clampLimit(run, limit ?? 10, bounds, highLimits);

  const needSlots = fetchContent || props.has('contentmodel') || props.has('slotsize') || props.has('slotsha1');
  const settings: RevCommonSettings = {
    props,
    slotRoles,
    contentFormat: run.params.contentformat ?? null,
    limit,
    diffTo,
    diffToText,
    diffToTextPst: run.params.difftotextpst,
    fetchContent,
    expandTemplates: fetchContent && run.params.expandtemplates,
    generateXml: fetchContent && run.params.generatexml,
    parseContent,
    section: fetchContent ? (run.params.section ?? false) : false,
    needSlots,
  };
  if (needSlots && slotRoles === null) {
    run.deprecated('apiwarn-deprecation-missingparam', [run.paramName('slots')], `action=query&${group}=${run.name}&!${run.paramName('slots')}`);
  }
  return settings;
}

/**
 * MediaWiki 1.39 deprecates these two, which the spec's declaration does not mark. MediaWiki warns
 * while reading the parameters, before anything else; warnings are deduplicated, so calling this
 * again later changes nothing.
 */
export function warnMediaWikiDeprecations(run: QueryRun, group: 'prop' | 'list' = 'prop'): void {
  for (const name of ['difftotextpst', 'contentformat']) {
    if (run.rawParam(name) === undefined) continue;
    const full = run.paramName(name);
    const value = run.rawParam(name) ?? '';
    run.deprecated('paramvalidator-param-deprecated', [{ plaintext: full }, { plaintext: value }], `action=query&${group}=${run.name}&${full}`);
  }
}

function mixError(run: QueryRun, a: string, b: string): never {
  return run.fail('apierror-invalidparammix-cannotusewith', [run.paramName(a), run.paramName(b)], 'invalidparammix');
}

/** The validator's `limit` check with PARAM_MAX (user) and PARAM_MAX2 (bot): both show in its warning's data. */
export function clampLimit(run: QueryRun, value: number, bounds: { user: number; bot: number }, highLimits: boolean): number {
  const max = highLimits ? bounds.bot : bounds.user;
  if (value >= 1 && value <= max) return value;
  const data = { min: 1, curmax: max, max: bounds.user, highmax: bounds.bot };
  run.warnings.add(
    run.path,
    msg('paramvalidator-outofrange-minmax', { plaintext: run.paramName('limit') }, { plaintext: String(value) }, { num: 1 }, { num: max }),
    'outofrange',
    data,
  );
  return Math.min(max, Math.max(1, value));
}

async function readDiffTo(run: RevCommonRun): Promise<RevCommonSettings['diffTo']> {
  const raw = run.params.diffto;
  if (raw === undefined) return null;
  const value = raw === 'cur' ? '0' : raw;
  if (value === 'prev' || value === 'next') return value;
  if (!/^\d+$/.test(value)) run.fail('apierror-baddiffto', [run.prefix], 'diffto');
  const id = Number(value);
  if (id === 0) return 0;
  const rows = await run.services.store.revisions.byIds({ revIds: [id], limit: 1 });
  const row = rows[0];
  if (!row) run.fail('apierror-nosuchrevid', [id]);
  if (!userCanBitfield(row.rev_deleted, DELETED_TEXT, run.caller.rights)) {
    run.warn('apiwarn-difftohidden', id);
    return null;
  }
  return id;
}

// ---------------------------------------------------------------------------------------------
// Rendering

interface LoadedSlot {
  row: SlotRow;
  text: string | undefined;
}

/** Turns revisions into result items; `load` first fetches what the asked props need. */
export class RevisionRenderer {
  private slots = new Map<number, LoadedSlot[]>();
  private tags = new Map<number, string[]>();
  private parsedComments = new Map<number, string>();
  private diffs = new Map<number, ResultObject>();
  constructor(
    private readonly run: QueryRun,
    readonly settings: RevCommonSettings,
  ) {}

  private has(prop: RevProp): boolean {
    return this.settings.props.has(prop);
  }

  /** The slots `load` needs read with the revisions, or undefined when it needs none. */
  slotsWanted(): SlotsWanted | undefined {
    return this.settings.needSlots || this.has('roles') ? { texts: this.settings.fetchContent } : undefined;
  }

  /** `slots`: the revisions' slots, read with them as slotsWanted() asked; read here otherwise. */
  async load(revs: readonly RevisionLike[], slots?: ReadonlyMap<number, readonly SlotWithText[]>): Promise<void> {
    const { store } = this.run.services;
    const ids = revs.map((r) => r.id);
    if (!ids.length) return;
    if (slots) this.useSlots(revs, slots);
    // Independent reads: on a database server they run at once rather than one round trip after another.
    await Promise.all([slots ? undefined : this.loadSlots(revs, ids), this.has('tags') ? store.revisions.tagsOf(ids).then((tags) => void (this.tags = tags)) : undefined, this.loadParsedComments(revs)]);
    if (this.settings.slotRoles === null && (this.settings.diffTo !== null || this.settings.diffToText !== null)) {
      this.diffs = await loadDiffs(this.run, this.settings, this.diffSources(revs));
    }
  }

  private async loadSlots(revs: readonly RevisionLike[], ids: number[]): Promise<void> {
    const wanted = this.slotsWanted();
    if (!wanted) return;
    const { revisions } = this.run.services.store;
    this.useSlots(revs, await (wanted.texts ? revisions.slotsWithTexts(ids) : revisions.slotsOf(ids)));
  }

  /** The slots of the revisions, with the texts of those whose text the caller may see. */
  private useSlots(revs: readonly RevisionLike[], slots: ReadonlyMap<number, readonly SlotWithText[]>): void {
    const visible = new Set(revs.filter((rev) => userCanBitfield(rev.deleted, DELETED_TEXT, this.run.caller.rights)).map((rev) => rev.id));
    for (const [id, rows] of slots) {
      // Revisions without slots have none to show (slotsOf leaves them out).
      if (rows.length) this.slots.set(id, rows.map((row) => ({ row, text: visible.has(id) ? row.text : undefined })));
    }
  }

  private async loadParsedComments(revs: readonly RevisionLike[]): Promise<void> {
    if (!this.has('parsedcomment')) return;
    const visible = revs.filter((r) => userCanBitfield(r.deleted, DELETED_COMMENT, this.run.caller.rights));
    const html = await formatComments(commentContext(this.run), visible.map((r) => ({ comment: r.comment, self: { ns: r.ns, dbKey: r.dbKey } })));
    visible.forEach((r, i) => this.parsedComments.set(r.id, html[i]!));
  }

  /** The visible main-slot contents (their section when asked) that diffs start from. */
  private diffSources(revs: readonly RevisionLike[]): DiffSource[] {
    const sources: DiffSource[] = [];
    for (const rev of revs) {
      if (!userCanBitfield(rev.deleted, DELETED_TEXT, this.run.caller.rights)) continue;
      const main = this.slots.get(rev.id)?.find((s) => s.row.role_name === 'main');
      if (main?.text === undefined) continue;
      const model = main.row.model_name;
      const content = this.settings.section === false ? main.text : this.section(main.text, model, this.settings.section);
      if (content !== null) sources.push({ rev, content, model });
    }
    return sources;
  }

  /** ApiQueryRevisionsBase::extractRevisionInfo */
  render(rev: RevisionLike): ResultNode {
    const vals: ResultObject = {};
    const deleted = new DeletedFields(vals, rev.deleted, userCanBitfield, this.run.caller.rights);
    if (this.has('ids')) {
      vals.revid = rev.id;
      if (rev.parentId !== null) vals.parentid = rev.parentId;
    }
    if (this.has('flags')) setFlag(vals, 'minor', rev.minor, false);
    if ((this.has('user') || this.has('userid')) && deleted.visible(DELETED_USER, 'user')) {
      if (this.has('user')) vals.user = rev.actorName;
      if (!rev.actorUser) setFlag(vals, 'anon', true);
      if (this.has('userid')) vals.userid = rev.actorUser ?? 0;
    }
    if (this.has('timestamp')) vals.timestamp = mwToIso(rev.timestamp);
    if (this.has('size')) vals.size = rev.len ?? 0;
    if (this.has('sha1') && deleted.visible(DELETED_TEXT, 'sha1')) vals.sha1 = sha1Base36ToHex(rev.sha1);
    const slots = this.slots.get(rev.id) ?? [];
    if (this.has('roles')) vals.roles = slots.map((s) => s.row.role_name);
    if (this.settings.needSlots) {
      // A hidden slot text is flagged in each slot's fields (addSlotInfo), but counts for the revision.
      deleted.hide(null, (this.has('slotsha1') || this.settings.fetchContent) && (rev.deleted & DELETED_TEXT) !== 0);
      this.addSlotInfo(vals, rev, slots);
    }
    if ((this.has('comment') || this.has('parsedcomment')) && deleted.visible(DELETED_COMMENT, 'comment')) {
      if (this.has('comment')) vals.comment = rev.comment;
      if (this.has('parsedcomment')) vals.parsedcomment = this.parsedComments.get(rev.id) ?? '';
    }
    if (this.has('tags')) vals.tags = list('tag', [...(this.tags.get(rev.id) ?? [])]);
    deleted.flagSuppressed();
    // An item with no fields is an empty PHP array, which JSON shows as [].
    return Object.keys(vals).length ? vals : [];
  }

  private addSlotInfo(vals: ResultObject, rev: RevisionLike, slots: readonly LoadedSlot[]): void {
    const { slotRoles } = this.settings;
    if (slotRoles === null) {
      const main = slots.find((s) => s.row.role_name === 'main');
      if (!main) {
        setFlag(vals, 'textmissing', true);
        return;
      }
      const info = this.slotInfo(main, rev);
      if (info.fields.nosuchsection === true) {
        this.run.fail(
          'apierror-nosuchsection-what',
          // The second parameter is core's "revid" message ("revision $1").
          [escapeWikiText(String(this.settings.section)), `revision ${rev.id}`],
          'nosuchsection',
        );
      }
      mergeMissing(vals, info.fields);
      if (info.content !== null) mergeMissing(vals, this.deprecatedContent(info.content, info.model, rev));
      return;
    }
    const out: ResultObject = {};
    for (const role of slotRoles) {
      const slot = slots.find((s) => s.row.role_name === role);
      if (!slot) continue;
      const info = this.slotInfo(slot, rev);
      const fields = info.fields;
      if (info.content !== null && this.run.caller.rights.has('read')) {
        fields.contentmodel = info.model;
        fields.contentformat = defaultFormatOf(info.model);
        setContent(fields, 'content', info.content);
      }
      out[role] = fields;
    }
    setType(out, 'kvp', 'role');
    metaOf(out).kvpMerge = true;
    setIndexedTagName(out, 'slot');
    vals.slots = out;
  }

  /** ApiQueryRevisionsBase::extractSlotInfo; `content` is the (section of the) text when fetched. */
  private slotInfo(slot: LoadedSlot, rev: RevisionLike): { fields: ResultObject; content: string | null; model: string } {
    const rights = this.run.caller.rights;
    const fields: ResultObject = {};
    setType(fields, 'assoc');
    const model = slot.row.model_name;
    if (this.has('slotsize')) fields.size = slot.row.content_size;
    if (this.has('slotsha1')) {
      if (rev.deleted & DELETED_TEXT) setFlag(fields, 'sha1hidden', true);
      if (userCanBitfield(rev.deleted, DELETED_TEXT, rights)) fields.sha1 = sha1Base36ToHex(slot.row.content_sha1);
    }
    if (this.has('contentmodel')) fields.contentmodel = model;
    let content: string | null = null;
    if (this.settings.fetchContent) {
      if (rev.deleted & DELETED_TEXT) setFlag(fields, 'texthidden', true);
      if (userCanBitfield(rev.deleted, DELETED_TEXT, rights)) {
        if (slot.text === undefined) setFlag(fields, 'textmissing', true);
        else content = slot.text;
        if (content !== null && this.settings.section !== false) {
          content = this.section(content, model, this.settings.section);
          if (content === null) setFlag(fields, 'nosuchsection', true);
        }
      }
    }
    return { fields, content, model };
  }

  /** Content::getSection: wikitext only; other models have no sections. */
  private section(text: string, model: string, section: string): string | null {
    if (model !== 'wikitext') return null;
    return extractSection(text, section, { tags: this.run.services.parserTags });
  }

  /** ApiQueryRevisionsBase::extractDeprecatedContent: the legacy content fields. */
  private deprecatedContent(content: string, model: string, rev: RevisionLike): ResultObject {
    const vals: ResultObject = {};
    const s = this.settings;
    const titleText = escapeWikiText(this.run.services.titles.text(rev.ns, rev.dbKey));
    if (this.has('parsetree') || (this.has('content') && s.generateXml)) {
      if (model === 'wikitext') {
        vals.parsetree = treeToXml(preprocess(content, { tags: this.run.services.parserTags }));
      } else {
        setFlag(vals, 'badcontentformatforparsetree', true);
        this.run.warnings.add(this.run.path, msg('apierror-parsetree-notwikitext-title', titleText, model), 'parsetree-notwikitext');
      }
    }
    if (this.has('content')) {
      let text: string | false | null = null;
      if (s.expandTemplates && !s.parseContent) {
        if (model === 'wikitext') text = this.expandTemplates(content);
        else {
          this.run.warn('apierror-templateexpansion-notwikitext', titleText, model);
          setFlag(vals, 'badcontentformat', true);
          text = false;
        }
      }
      if (s.parseContent) text = this.parse();
      if (text === null) {
        const format = s.contentFormat ?? defaultFormatOf(model);
        if (format !== defaultFormatOf(model)) {
          this.run.warn('apierror-badformat', s.contentFormat ?? '', model, titleText);
          setFlag(vals, 'badcontentformat', true);
          text = false;
        } else {
          text = content;
          vals.contentformat = format;
          vals.contentmodel = model;
        }
      }
      if (text !== false) setContent(vals, 'content', text);
    }
    const diff = this.diffs.get(rev.id);
    if (diff) vals.diff = diff;
    return vals;
  }

  /**
   * Parser::preprocess: exact when nothing needs expanding (no templates or arguments): comments
   * and <includeonly> parts go, the rest stays. Otherwise this server has no template engine and
   * says so.
   */
  private expandTemplates(content: string): string {
    const expanded = expandWithoutTemplates(preprocess(content, { tags: this.run.services.parserTags }));
    if (expanded !== null) return expanded;
    return this.run.fail('apierror-wikiquery-noparser', [this.run.paramName('expandtemplates')], 'noparser');
  }

  private parse(): never {
    return this.run.fail('apierror-wikiquery-noparser', [`${this.run.paramName('parse')}`], 'noparser');
  }
}

/** Adds keys of `from` that `into` does not have yet (PHP's `$a += $b`). */
function mergeMissing(into: ResultObject, from: ResultObject): void {
  const fromMeta = metaOf(from);
  for (const [k, v] of Object.entries(from)) {
    if (v === undefined || k in into) continue;
    if (fromMeta.bcBools?.has(k) && typeof v === 'boolean') setFlag(into, k, v, false);
    else if (fromMeta.contentKey === k) setContent(into, k, v as string);
    else into[k] = v;
  }
}

export function commentContext(run: QueryRun): CommentFormatterContext {
  const { services } = run;
  return {
    site: services.site,
    userLanguage: run.useLang,
    titles: services.titles,
    specialPages: services.specialPages,
    interwikiPattern: (prefix) => services.interwikis.get(prefix.toLowerCase())?.iw_url ?? null,
    lookUp: async (titles) => {
      const rows = await services.store.pages.byTitles(titles);
      return new Map(rows.map((r) => [`${r.page_namespace}:${r.page_title}`, { exists: true, redirect: r.page_is_redirect !== 0 }]));
    },
  };
}

/** A user parameter's name; `#123` names the user with that id, as UserDef resolves it. */
export async function userNameParam(run: QueryRun, value: string | undefined, name: string): Promise<string | undefined> {
  const id = /^#(\d+)$/.exec(run.rawParam(name)?.trim() ?? '');
  if (value === undefined || !id) return value;
  return (await run.services.store.users.nameById(Number(id[1]))) ?? value;
}

/**
 * The deleted-revision modules' stricter rights (ApiQueryDeletedRevisions,
 * ApiQueryAllDeletedRevisions): comments need deletedhistory, content deletedtext or undelete.
 */
export function requireDeletedRevisionRights(run: QueryRun, settings: RevCommonSettings): void {
  const rights = run.caller.rights;
  if ((settings.props.has('comment') || settings.props.has('parsedcomment')) && !rights.has('deletedhistory')) {
    run.fail('apierror-cantview-deleted-comment', [], 'permissiondenied');
  }
  if (settings.fetchContent && !rights.has('deletedtext') && !rights.has('undelete')) {
    run.fail('apierror-cantview-deleted-revision-content', [], 'permissiondenied');
  }
}
