// Cite's <ref> and <references>: which reference texts MediaWiki parses (their links count) and which errors put the page in "Pages with reference errors".
//
// Cite 1.39 does not parse a <ref>'s text where the tag stands: it keeps the raw text and parses
// the whole list when <references> (or the end of the page, for the default group) formats it, in
// a frame of its own. A <ref> that fails validation is never kept, so its links, templates and
// categories are not recorded; every error Cite reports adds its tracking category.

import { CiteReferenceRecorder, type RecordedCall } from '../../wiki/cite-references.ts';
import { phpTrim } from '../../wiki/php-values.ts';
import { decodeCharReferencesOnly } from '../../wiki/titles.ts';

/** Cite's tracking category, for every error Cite reports on a page. */
export const CITE_ERROR = 'cite-tracking-category-cite-error';

/** What a <ref> leaves in the text: a strip marker of its own, counted by {{#tag:references|...}}. */
export const REF_MARKER = '\u007fref\u007f';
const REFERENCES_MARKER = '\u007freferences\u007f';

/** A tag as its handler gets it: from the page's tree, or from {{#tag:...}}, which gives its attributes as they are (names keep their case). */
export interface TagCall {
  /** Handlers are found by its lowercase form. */
  name: string;
  /** The attribute text, leading whitespace included. */
  attributes: string;
  /** Null for a self-closed tag. */
  inner: string | null;
  attributeMap?: Map<string, string>;
}

/** What Cite needs from the expander: tracking categories and parsing wikitext in a fresh root frame. */
export interface CiteHost {
  readonly out: { tracking: Set<string>; props: Map<string, string> };
  /** The content language, and $wgCiteStoreReferencesData: whether the references are kept for the page's properties. */
  readonly site: { lang: string; citeStoreReferencesData?: boolean };
  /** Parser::recursiveTagParse: the text expanded in the page's root frame (no template arguments). */
  parseInRootFrame(text: string): string;
}

interface Reference {
  text: string | null;
  /** An incomplete follow="…": the name it follows, which had no reference yet. */
  follow?: string;
}

/** A <ref> call on the stack {{#tag:references}} rolls back; false for an invalid one. */
type RefCall = {
  action: 'new' | 'assign' | 'increment';
  group: string;
  key: string;
  text: string | null;
  attributes: Map<string, string>;
  /** The same call in the stored reference data, when the wiki keeps it. */
  recorded: RecordedCall | null;
} | false;

const REF_ATTRIBUTES = ['group', 'name', 'extends', 'follow', 'dir'];
const REFERENCES_ATTRIBUTES = ['group', 'responsive'];
/** Formatting a list parses texts that may hold <references/> again: MediaWiki would recurse without end. */
const MAX_FORMAT_DEPTH = 20;

/** PHP's truthiness of an optional string: null, '' and '0' are false. */
function truthy(value: string | null | undefined): value is string {
  return value !== null && value !== undefined && value !== '' && value !== '0';
}

/** ctype_digit: one digit or more, and nothing else (`-3` is no numeric name). */
function allDigits(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && /^[0-9]+$/.test(value);
}

const ATTRIBUTE = /(?:^|[\t\n\f\r ])([:_\p{L}\p{N}][:_.\-\p{L}\p{N}]*)[\t\n\f\r ]*(?:=[\t\n\f\r ]*(?:"([^"]*)(?:"|$)|'([^']*)(?:'|$)|((?:(?![\t\n\f\r ]|>)\S)*)))?/gu;

/** Sanitizer::decodeTagAttributes: names lowercased, values with whitespace collapsed, trimmed and decoded; the last of a name wins. */
export function tagAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) {
    const value = phpTrim((m[2] ?? m[3] ?? m[4] ?? '').replace(/[\t\r\n ]+/g, ' '));
    attributes.set(m[1]!.toLowerCase(), decodeCharReferencesOnly(value));
  }
  return attributes;
}

/** Cite::parseArguments: the allowed attributes (null when absent), and whether there were others. */
function citeArguments(attributes: Map<string, string>, allowed: readonly string[]): { values: Map<string, string | null>; extra: boolean } {
  const values = new Map<string, string | null>();
  for (const name of allowed) values.set(name, attributes.get(name) ?? null);
  let extra = false;
  for (const name of attributes.keys()) if (!allowed.includes(name)) extra = true;
  return { values, extra };
}

/** Text with comments and whole elements removed still holding a <ref> or <references>: a </ref> left out (T8199). */
function holdsRefTag(text: string): boolean {
  return /<ref(erences)?\b[^>]*>/i.test(text.replace(/<(\w+)[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/g, ''));
}

/** The reference state of one page (Cite, ReferenceStack). */
export class CiteState {
  /** References by group, then by name (anonymous ones by a key of their own), in the order they came. */
  private readonly groups = new Map<string, Map<string, Reference>>();
  private anonymousKeys = 0;
  /** The group of the <references> being read, null outside one (an empty string is the default group). */
  private inReferencesGroup: string | null = null;
  private callStack: RefCall[] = [];
  private formatDepth = 0;
  /**
   * What Cite parsed (lists, the inside of <references>): its links are recorded wherever the
   * output goes, even when thrown away, so it is scanned apart from the text, where the tags
   * leave only their strip markers.
   */
  private parsed = '';

  /** Old Cite's stored reference data of the page, when the wiki keeps it ($wgCiteStoreReferencesData). */
  private recorder: CiteReferenceRecorder | null | undefined;

  constructor(private readonly host: CiteHost) {}

  private get data(): CiteReferenceRecorder | null {
    if (this.recorder === undefined) this.recorder = this.host.site.citeStoreReferencesData === true ? new CiteReferenceRecorder(this.host.site.lang) : null;
    return this.recorder;
  }

  /** The page properties old Cite stored the references in (`references-1`...), when the wiki keeps them. */
  storedReferenceProperties(): Array<[string, Buffer]> {
    return this.data?.properties() ?? [];
  }

  private error(): void {
    this.host.out.tracking.add(CITE_ERROR);
  }

  /** The <ref> tag: its text is kept for the list when valid, dropped with an error otherwise. */
  ref(node: TagCall): string {
    const attributes = node.attributeMap ?? tagAttributes(node.attributes);
    // Book referencing marks the page whether or not the ref is valid.
    if (attributes.has('extends')) this.host.out.props.set('ref-extends', '');
    this.guardedRef(node.inner, attributes);
    this.data?.refCalled();
    return REF_MARKER;
  }

  private guardedRef(rawText: string | null, attributes: Map<string, string>): void {
    const { values, extra } = citeArguments(attributes, REF_ATTRIBUTES);
    const group = values.get('group') ?? this.inReferencesGroup ?? '';
    const name = values.get('name') ?? null;
    const valid = !extra && this.validRef(rawText, group, name, values);
    if (!valid) {
      this.error();
      if (this.inReferencesGroup === null) this.callStack.push(false);
      return;
    }
    const text = rawText !== null && phpTrim(rawText) === '' ? null : rawText;
    if (this.inReferencesGroup !== null) {
      if (text !== null) {
        this.defineInReferences(group, name!, text);
        this.data?.defineInReferences(group, name!, text);
      }
      return;
    }
    const follow = values.get('follow') ?? null;
    const recorded = this.data?.ref(group, name, text, follow) ?? null;
    this.pushRef(text, attributes, group, name, follow, recorded);
  }

  /** Cite::validateRef, with $wgCiteBookReferencing off (as in MediaWiki 1.39's default): `extends` is an error. */
  private validRef(text: string | null, group: string, name: string | null, values: Map<string, string | null>): boolean {
    const follow = values.get('follow');
    const extendsName = values.get('extends');
    const dir = values.get('dir');
    if (allDigits(name) || allDigits(extendsName) || allDigits(follow)) return false;
    if (truthy(extendsName)) return false;
    if (truthy(follow) && (truthy(name) || truthy(extendsName))) return false;
    if (dir !== null && dir !== undefined && !['ltr', 'rtl'].includes(dir.toLowerCase())) return false;
    return this.inReferencesGroup === null ? this.validOutsideReferences(text, name) : this.validInReferences(text, group, name);
  }

  private validOutsideReferences(text: string | null, name: string | null): boolean {
    // cite_error_ref_no_key, cite_error_ref_no_input
    if (!truthy(name) && (text === null || phpTrim(text) === '')) return false;
    // cite_error_included_ref
    return text === null || !holdsRefTag(text);
  }

  private validInReferences(text: string | null, group: string, name: string | null): boolean {
    // cite_error_references_group_mismatch, _no_key, cite_error_empty_references_define
    if (group !== this.inReferencesGroup || !truthy(name) || text === null || phpTrim(text) === '') return false;
    // cite_error_references_missing_group, cite_error_references_missing_key
    return this.groups.get(group)?.has(name) === true;
  }

  /** A list-defined reference: the first text given to the name counts; a different one is an error. */
  private defineInReferences(group: string, name: string, text: string): void {
    const ref = this.groups.get(group)!.get(name)!;
    if (ref.text === null) ref.text = text;
    else if (ref.text !== text) this.error();
  }

  /** ReferenceStack::pushRef: a new reference, or a name's first text, or a reuse. */
  private pushRef(
    text: string | null,
    attributes: Map<string, string>,
    group: string,
    name: string | null,
    follow: string | null,
    recorded: RecordedCall | null,
  ): void {
    let refs = this.groups.get(group);
    if (!refs) this.groups.set(group, (refs = new Map()));
    if (truthy(follow)) {
      const parent = refs.get(follow);
      if (!parent) {
        const key = this.anonymousKey();
        refs.set(key, { text, follow });
        this.callStack.push({ action: 'new', group, key, text, attributes, recorded });
      } else if (text !== null) {
        parent.text = parent.text === null ? ` ${text}` : `${parent.text} ${text}`;
      }
      return;
    }
    const key = truthy(name) ? name : this.anonymousKey();
    const existing = refs.get(key);
    if (!existing) {
      refs.set(key, { text });
      this.callStack.push({ action: 'new', group, key, text, attributes, recorded });
      return;
    }
    if (existing.text === null && text !== null) {
      existing.text = text;
      this.callStack.push({ action: 'assign', group, key, text, attributes, recorded });
      return;
    }
    // cite_error_references_duplicate_key: the first text stays, the error is added to it.
    if (text !== null && text !== existing.text) this.error();
    this.callStack.push({ action: 'increment', group, key, text, attributes, recorded });
  }

  private anonymousKey(): string {
    return `\u0000${++this.anonymousKeys}`;
  }

  /**
   * ReferenceStack::rollbackRefs: undoes the last calls, which {{#tag:references|...}} ran
   * before it knew they were inside it, and gives their text and attributes to run again.
   */
  private rollbackRefs(count: number): Array<{ text: string | null; attributes: Map<string, string> }> {
    const redo: Array<{ text: string | null; attributes: Map<string, string> }> = [];
    while (count-- > 0 && this.callStack.length > 0) {
      const call = this.callStack.pop()!;
      if (call === false) continue;
      if (call.recorded) this.data?.rollback(call.recorded);
      const refs = this.groups.get(call.group);
      const ref = refs?.get(call.key);
      if (!refs || !ref) continue;
      if (call.action === 'new') {
        refs.delete(call.key);
        if (refs.size === 0) this.groups.delete(call.group);
      } else if (call.action === 'assign') {
        ref.text = null;
      }
      redo.push({ text: call.text, attributes: call.attributes });
    }
    this.callStack = [];
    return redo.reverse();
  }

  /** The <references> tag: the refs defined in it, then the group's list, parsed. */
  references(node: TagCall): string {
    // A <references> inside one is left as escaped text.
    if (this.inReferencesGroup !== null) return REFERENCES_MARKER;
    const { values, extra } = citeArguments(node.attributeMap ?? tagAttributes(node.attributes), REFERENCES_ATTRIBUTES);
    const group = values.get('group') ?? '';
    this.inReferencesGroup = group;
    try {
      const text = node.inner;
      if (text !== null && phpTrim(text) !== '') {
        if (text.includes(REFERENCES_MARKER)) {
          this.error(); // cite_error_included_references
          return REFERENCES_MARKER;
        }
        for (const call of this.rollbackRefs(text.split(REF_MARKER).length - 1)) this.guardedRef(call.text, call.attributes);
        // Its output is thrown away, but what the parse records counts.
        this.record(text);
      }
      if (extra) this.error(); // cite_error_references_invalid_parameters
      else this.formatReferences(group);
      return REFERENCES_MARKER;
    } finally {
      this.inReferencesGroup = null;
    }
  }

  private record(text: string): void {
    const parsed = this.host.parseInRootFrame(text);
    this.parsed += `\n${parsed}\n`;
  }

  /** ReferencesFormatter: the group's texts as one list, parsed; a name that never got a text is an error. */
  private formatReferences(group: string): void {
    const refs = this.groups.get(group);
    this.groups.delete(group);
    this.data?.listFormatted(group);
    if (!refs || refs.size === 0) return;
    // The list is sorted by number; an incomplete follow="…" has none and comes first.
    const ordered = [...refs.values()].sort((a, b) => Number(a.follow === undefined) - Number(b.follow === undefined));
    let list = '\n';
    for (const ref of ordered) {
      if (ref.text === null) {
        this.error(); // cite_error_references_no_text
        continue;
      }
      list += `<li><span class="reference-text">${ref.text.replace(/\n+$/, '')}</span>\n</li>\n`;
    }
    if (this.formatDepth >= MAX_FORMAT_DEPTH) return;
    this.formatDepth++;
    try {
      this.record(`<ol class="references">${list}</ol>`);
    } finally {
      this.formatDepth--;
    }
  }

  /**
   * Cite::checkRefsNoReferences, at the end of the page: the default group's list, and an error
   * for every other group that had no <references> (their texts are never parsed). Gives all
   * that Cite parsed on the page, for the link scan.
   */
  finish(): string {
    for (const [group, refs] of [...this.groups]) {
      if (refs.size === 0) continue;
      if (group === '') this.formatReferences(group);
      else this.error(); // cite_error_group_refs_without_references
    }
    return this.parsed;
  }
}
