// The reference data the Cite extension stored when $wgCiteStoreReferencesData was on, and what
// its prop=references answered from it. MediaWiki 1.39's Cite no longer has either; the truth is
// that extension's last source with them (Cite.php's stack, saveReferencesData and
// getStoredReferences, CiteHooks::onLinksUpdate, ApiQueryReferences).
//
// Each <references> list (and the end of the page, for the default group) saved its group's
// references as Cite held them: one PHP array per group, named references under their name and
// anonymous ones under integer keys. A list that followed new <ref> tags opened a new slot of
// `refs`, so a group formatted twice keeps both. The whole, as JSON, gzip-compressed at level 9
// and cut into 65535-byte pieces, went to the page properties `references-1`, `references-2`...

import { gunzipSync, gzipSync } from 'node:zlib';
import { bcp47, isRightToLeft } from './languages.ts';

/** The page property of piece `n` (from 1). */
export function referencesProperty(n: number): string {
  return `references-${n}`;
}

/** Whether a page property is one of Cite's pieces (`references-N`). */
export function isReferencesProperty(name: string): boolean {
  return /^references-[1-9][0-9]*$/.test(name);
}

/** Cite::MAX_STORAGE_LENGTH: a MySQL blob. */
const MAX_STORAGE_LENGTH = 65535;
/** Cite::DATA_VERSION_NUMBER */
const DATA_VERSION = 1;

/** A PHP array key: a decimal integer string in PHP's canonical form is an integer key. */
export type PhpKey = string | number;
/** A json_decode'd value (associative): arrays keep PHP's key order, which a JS object would not. */
export type PhpValue = string | number | boolean | null | PhpArray;
export type PhpArray = Map<PhpKey, PhpValue>;

const CANONICAL_INT = /^(0|-?[1-9][0-9]*)$/;

/** How PHP keys an array by this string. */
export function phpKey(text: string): PhpKey {
  if (CANONICAL_INT.test(text)) {
    const value = Number(text);
    if (Number.isSafeInteger(value)) return value;
  }
  return text;
}

/** Cite::getReferencesKey with the English messages cite_references_link_prefix and _suffix. */
export function getReferencesKey(key: string): string {
  return `cite_note-${key}`;
}

/** One reference as Cite's stack held it; the fields in the order Cite set them. */
interface StoredRef {
  text?: string | null;
  count: number;
  key: number;
  number?: number;
  follow?: string;
}

/** A group's references: named ones by name, anonymous ones by integer, in Cite's order. */
interface StoredGroup {
  refs: Map<PhpKey, StoredRef>;
  /** PHP's next free integer key, which unset() does not lower. */
  nextIndex: number;
}

/** What a recorded call did, so that {{#tag:references}} can undo it (Cite::rollbackRef). */
export interface RecordedCall {
  action: 'new' | 'assign' | 'increment';
  group: string;
  key: PhpKey;
  outNumber: number;
}

/**
 * Sanitizer::escapeIdForAttribute in MediaWiki's default (html5) fragment mode, as old Cite keyed
 * names and `follow` with it: spaces become underscores.
 */
function escapeId(name: string): string {
  return name.replace(/ /g, '_');
}

/**
 * The references a page's parse gave, in old Cite's shape. The caller (the wikitext engine) says
 * which <ref> tags were valid; this keeps Cite's counters, keys and slots.
 */
export class CiteReferenceRecorder {
  private readonly groups = new Map<string, StoredGroup>();
  /** Cite::$mOutCnt: every new reference, all groups together. */
  private outCount = 0;
  /** Cite::$mGroupCnt: the labels given in each group since its last list. */
  private readonly groupCount = new Map<string, number>();
  /** Cite::$mBumpRefData: a <ref> came since the last save, so the next save opens a slot. */
  private bump = false;
  private readonly saved: Array<Map<PhpKey, PhpArray>> = [];

  constructor(private readonly lang = 'en') {}

  /** Any <ref> tag that reached Cite (valid or not, inside <references> too). */
  refCalled(): void {
    this.bump = true;
  }

  private group(group: string): StoredGroup {
    let stored = this.groups.get(group);
    if (!stored) this.groups.set(group, (stored = { refs: new Map(), nextIndex: 0 }));
    if (!this.groupCount.has(group)) this.groupCount.set(group, 0);
    return stored;
  }

  private nextLabel(group: string): number {
    const next = (this.groupCount.get(group) ?? 0) + 1;
    this.groupCount.set(group, next);
    return next;
  }

  /** Cite::stack: a valid <ref> outside <references>; null text for `<ref name=x />`. */
  ref(group: string, name: string | null, text: string | null, follow: string | null): RecordedCall | null {
    const stored = this.group(group);
    if (follow !== null && follow !== '') return this.followRef(group, stored, escapeId(follow), text);
    if (name === null || name === '') {
      const index = stored.nextIndex++;
      stored.refs.set(index, { count: -1, text, key: ++this.outCount });
      this.nextLabel(group);
      return { action: 'new', group, key: index, outNumber: this.outCount };
    }
    const key = phpKey(escapeId(name));
    const existing = stored.refs.get(key);
    if (!existing) {
      if (typeof key === 'number') stored.nextIndex = Math.max(stored.nextIndex, key + 1);
      stored.refs.set(key, { text, count: 0, key: ++this.outCount, number: this.nextLabel(group) });
      return { action: 'new', group, key, outNumber: this.outCount };
    }
    let action: RecordedCall['action'] = 'increment';
    if ((existing.text ?? null) === null) {
      existing.text = text;
      action = 'assign';
    } else if (text !== null && text !== existing.text) {
      existing.text = `${existing.text} ${this.duplicateKeyError(String(key))}`;
    }
    existing.count++;
    return { action, group, key, outNumber: existing.key };
  }

  /** A follow="…" whose reference exists adds to its text; otherwise it goes before the group's first ordinary reference. */
  private followRef(group: string, stored: StoredGroup, follow: string, text: string | null): RecordedCall | null {
    const parent = stored.refs.get(phpKey(follow));
    if (parent) {
      parent.text = `${parent.text ?? ''} ${text ?? ''}`;
      return null;
    }
    // Cite looks for that place by integer key, then splices at it as a position.
    let at = 0;
    while (at < stored.refs.size && stored.refs.get(at)?.follow !== undefined) at++;
    const added: StoredRef = { count: -1, text, key: ++this.outCount, follow };
    const entries = [...stored.refs];
    entries.splice(at, 0, [-1, added]);
    // array_splice numbers the integer keys again from 0.
    stored.refs.clear();
    let index = 0;
    let placed: PhpKey = 0;
    for (const [key, ref] of entries) {
      const newKey = typeof key === 'number' ? index++ : key;
      if (ref === added) placed = newKey;
      stored.refs.set(newKey, ref);
    }
    stored.nextIndex = index;
    return { action: 'new', group, key: placed, outNumber: this.outCount };
  }

  /** A reference defined inside <references>: its text, or the duplicate-key error added to the first. */
  defineInReferences(group: string, name: string, text: string): void {
    const ref = this.groups.get(group)?.refs.get(phpKey(escapeId(name)));
    if (!ref) return;
    if (ref.text !== undefined && ref.text !== null && text !== ref.text) ref.text = `${ref.text} ${this.duplicateKeyError(escapeId(name))}`;
    else ref.text = text;
  }

  /** Cite::rollbackRef: undoes a call {{#tag:references}} runs again; the counters stay as they are. */
  rollback(call: RecordedCall): void {
    const stored = this.groups.get(call.group);
    const ref = stored?.refs.get(call.key);
    if (!stored || !ref || ref.key !== call.outNumber) return;
    if (call.action === 'new') {
      stored.refs.delete(call.key);
      if (stored.refs.size === 0) {
        this.groups.delete(call.group);
        this.groupCount.delete(call.group);
      }
      return;
    }
    if (call.action === 'assign') ref.text = null;
    ref.count--;
  }

  /** Cite::referencesFormat: a group's list was formatted, so its references are saved and the group starts again. */
  listFormatted(group: string): void {
    const stored = this.groups.get(group);
    if (stored && stored.refs.size > 0) this.save(group, stored);
    this.groups.delete(group);
    this.groupCount.delete(group);
  }

  /** Cite::saveReferencesData */
  private save(group: string, stored: StoredGroup): void {
    if (this.bump || this.saved.length === 0) {
      this.saved.push(new Map());
      this.bump = false;
    }
    const refs: PhpArray = new Map();
    for (const [key, ref] of stored.refs) refs.set(key, storedRefValue(ref));
    this.saved[this.saved.length - 1]!.set(phpKey(group), refs);
  }

  /** Whether any list saved references. */
  get hasData(): boolean {
    return this.saved.length > 0;
  }

  /** CiteHooks::onLinksUpdate: the page properties, `references-1` first; none without data. */
  properties(): Array<[string, Buffer]> {
    if (!this.hasData) return [];
    const data: PhpArray = new Map<PhpKey, PhpValue>([
      ['refs', new Map(this.saved.map((slot, index) => [index, slot as PhpValue]))],
      ['version', DATA_VERSION],
    ]);
    return splitStoredData(gzipSync(Buffer.from(phpJson(data), 'utf8'), { level: 9 }));
  }

  /** Cite::error( 'cite_error_references_duplicate_key', $key, 'noparse' ), in English. */
  private duplicateKeyError(name: string): string {
    const message = `Cite error: Invalid <code>&lt;ref&gt;</code> tag; name "${name}" defined multiple times with different content`;
    return `<span class="error mw-ext-cite-error" lang="${bcp47(this.lang)}" dir="${isRightToLeft(this.lang) ? 'rtl' : 'ltr'}">${message}</span>`;
  }
}

function storedRefValue(ref: StoredRef): PhpArray {
  const value: PhpArray = new Map();
  for (const [field, inner] of Object.entries(ref)) value.set(field, inner as PhpValue);
  return value;
}

/** str_split: the compressed data in pieces that fit a blob, as `references-N` properties. */
function splitStoredData(data: Buffer): Array<[string, Buffer]> {
  const pieces: Array<[string, Buffer]> = [];
  for (let at = 0, n = 1; at < data.length; at += MAX_STORAGE_LENGTH, n++) pieces.push([referencesProperty(n), data.subarray(at, at + MAX_STORAGE_LENGTH)]);
  return pieces;
}

/** Whether PHP's json_encode writes the array as a list: keys 0, 1, 2... in order. */
function isList(array: PhpArray): boolean {
  let expected = 0;
  for (const key of array.keys()) if (key !== expected++) return false;
  return true;
}

/**
 * FormatJson::encode( $value, false, FormatJson::ALL_OK ): no escaped slashes, Unicode or HTML
 * characters; PHP still escapes U+2028 and U+2029.
 */
export function phpJson(value: PhpValue): string {
  if (value instanceof Map) {
    if (isList(value)) return `[${[...value.values()].map(phpJson).join(',')}]`;
    return `{${[...value].map(([key, inner]) => `${phpJson(String(key))}:${phpJson(inner)}`).join(',')}}`;
  }
  if (typeof value === 'string') return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return JSON.stringify(value);
}

/** json_decode( $text, true ), arrays in PHP's key order; throws on bad JSON. */
export function phpJsonDecode(text: string): PhpValue {
  let at = 0;
  const skip = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const fail = (): never => {
    throw new SyntaxError(`Bad JSON at ${at}`);
  };
  const stringToken = (): string => {
    const match = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(at));
    if (!match) fail();
    at += match![0].length;
    return JSON.parse(match![0]) as string;
  };
  const value = (): PhpValue => {
    skip();
    const c = text[at];
    if (c === '{' || c === '[') {
      at++;
      const array: PhpArray = new Map();
      let index = 0;
      skip();
      if (text[at] === (c === '{' ? '}' : ']')) {
        at++;
        return array;
      }
      for (;;) {
        skip();
        if (c === '{') {
          if (text[at] !== '"') fail();
          const key = phpKey(stringToken());
          skip();
          if (text[at++] !== ':') fail();
          array.set(key, value());
        } else {
          array.set(index++, value());
        }
        skip();
        const next = text[at++];
        if (next === ',') continue;
        if (next === (c === '{' ? '}' : ']')) return array;
        fail();
      }
    }
    if (c === '"') return stringToken();
    const literal = /^(?:true|false|null|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)/.exec(text.slice(at));
    if (!literal) fail();
    at += literal![0].length;
    return JSON.parse(literal![0]) as PhpValue;
  };
  const result = value();
  skip();
  if (at !== text.length) fail();
  return result;
}

/** The first byte of gzip data (RFC 1952), which no base64 text starts with. */
const GZIP_FIRST_BYTE = 0x1f;

/**
 * A piece as a PostgreSQL wiki keeps it. Its `pp_value` is TEXT, which takes only UTF-8 (and no
 * NUL): Cite's gzip bytes cannot be stored there (MediaWiki's own writes of them fail), so each
 * piece is written as the base64 of its bytes, the pieces and their names staying Cite's.
 */
export function textStoredPiece(piece: Uint8Array): string {
  return Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('base64');
}

/**
 * Cite::recursiveFetchRefsFromDB: the pieces joined one more at a time until they decompress to
 * valid JSON; false when they never do (or the page stored nothing). The pieces are Cite's bytes,
 * or, on a wiki whose `pp_value` is text, their base64 (textStoredPiece): told apart by the first
 * piece, whose gzip data starts with a byte base64 never writes.
 */
export function decodeStoredReferences(pieces: ReadonlyMap<string, Uint8Array>): PhpArray | false {
  const first = pieces.get(referencesProperty(1));
  const inBase64 = first !== undefined && first.length > 0 && first[0] !== GZIP_FIRST_BYTE;
  let joined = Buffer.alloc(0);
  for (let n = 1; ; n++) {
    const stored = pieces.get(referencesProperty(n));
    if (stored === undefined) return false;
    const piece = inBase64 ? Buffer.from(Buffer.from(stored).toString('latin1'), 'base64') : stored;
    joined = Buffer.concat([joined, piece]);
    let text: string;
    try {
      text = gunzipSync(joined).toString('utf8');
    } catch {
      continue;
    }
    try {
      const data = phpJsonDecode(text);
      return data instanceof Map ? data : false;
    } catch {
      continue;
    }
  }
}

/** One reference as ApiQueryReferences gave it: its stored fields, then name, group and reflist. */
export type AnsweredReference = PhpArray;

/** PHP's string conversion of a scalar key or value, for the id. */
function phpString(value: PhpValue | undefined): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  if (value instanceof Map) return 'Array';
  return String(value);
}

/**
 * ApiQueryReferences::execute for one page: its references by id (later ones with the same id
 * replace earlier ones where those stood), from every list and group.
 */
export function answeredReferences(stored: PhpArray | false): Map<string, AnsweredReference> {
  const all = new Map<string, AnsweredReference>();
  if (stored === false) return all;
  const refs = stored.get('refs');
  if (!(refs instanceof Map)) return all;
  for (const [index, grouping] of refs) {
    if (!(grouping instanceof Map)) continue;
    for (const [group, members] of grouping) {
      if (!(members instanceof Map)) continue;
      for (const [name, value] of members) {
        const ref: PhpArray = value instanceof Map ? new Map(value) : new Map();
        ref.set('name', name);
        const key = phpString(ref.get('key'));
        const id = getReferencesKey(typeof name === 'string' ? `${name}-${key}` : key);
        ref.set('group', group);
        ref.set('reflist', index);
        all.set(id, ref);
      }
    }
  }
  return all;
}
