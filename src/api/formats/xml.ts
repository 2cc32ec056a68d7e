// format=xml: MediaWiki's ApiFormatXml. Scalars become attributes, lists become repeated
// elements named by indexedTagName, content becomes text with xml:space="preserve".

import type { ResultObject } from '../result.ts';
import { printerHeaders } from './headers.ts';
import { PhpArray, XML_TRANSFORMS, isMetadataKey, transformResult, type PhpScalar, type PhpValue } from './php-array.ts';
import { phpStringNumber } from './php-number.ts';
import type { FormatOptions, RenderedBody } from './types.ts';

export const XML_NAMESPACE = 'http://www.mediawiki.org/xml/api/';

/** PHP's string conversion of an attribute or text value. */
function phpString(v: PhpScalar): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return phpStringNumber(v);
  if (v === true) return '1';
  return '';
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;', '\n': '&#10;', '\r': '&#13;', '\t': '&#9;',
};

/** htmlspecialchars($text, ENT_NOQUOTES). */
export function escapeXmlText(s: string): string {
  return /[&<>]/.test(s) ? s.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c]) : s;
}

/** Sanitizer::encodeAttribute: htmlspecialchars(ENT_QUOTES) plus escaped whitespace. */
export function escapeXmlAttribute(s: string): string {
  return /[&<>"'\n\r\t]/.test(s) ? s.replace(/[&<>"'\n\r\t]/g, (c) => ATTR_ESCAPES[c]) : s;
}

type Attributes = Map<string, PhpScalar>;

function openTag(name: string, attributes: Attributes): string {
  let out = '<' + name;
  for (const [k, v] of attributes) out += ` ${k}="${escapeXmlAttribute(phpString(v))}"`;
  return out;
}

/** Xml::element: `contents` null opens the tag, '' closes it at once, else text then end tag. */
function element(name: string, attributes: Attributes, contents: PhpScalar | undefined): string {
  const open = openTag(name, attributes);
  if (contents === null) return open + '>';
  if (contents === undefined || contents === '') return open + ' />';
  return `${open}>${escapeXmlText(phpString(contents))}</${name}>`;
}

const NAME_START =
  'A-Za-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}' +
  '\\u{200C}-\\u{200D}\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}' +
  '\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = NAME_START + '_\\-.0-9\\u{B7}\\u{300}-\\u{36F}\\u{203F}-\\u{2040}';
const VALID_NAME = new RegExp(`^[${NAME_START}][${NAME_CHAR}]*$`, 'u');
const INVALID_NAME_CHAR = new RegExp(`[^${NAME_CHAR}]`, 'gu');

/** ApiFormatXml::mangleName: a key that is no XML name becomes `_` + `.HEX.` escapes. */
export function mangleXmlName(name: string, preserveKeys?: string[]): string {
  if (preserveKeys?.includes(name)) return name;
  if (name === '') return '_';
  if (VALID_NAME.test(name)) return name;
  return '_' + name.replaceAll('.', '.2E.').replace(INVALID_NAME_CHAR, (c) => `.${c.codePointAt(0)!.toString(16).toUpperCase()}.`);
}

function contentWrapper(value: PhpValue): PhpArray {
  return new PhpArray([['content', value]], false, { contentKey: 'content', type: 'assoc' });
}

/** ApiFormatXml::recXmlPrint; `indent` null prints everything on one line. */
export function recXmlPrint(name: string | null, value: PhpValue, indent: number | null, attributes: Attributes = new Map()): string {
  if (indent !== null && name !== null) indent += 2;
  const indstr = indent === null ? '' : '\n' + ' '.repeat(Math.max(indent, 0));
  if (!(value instanceof PhpArray)) return indstr + element(name!, attributes, value === null ? undefined : value);

  const meta = value.meta;
  const contentKey = meta.contentKey ?? '*';
  const subelementKeys = meta.subelements ?? [];
  const preserveKeys = meta.preserveKeys ?? [];
  const indexedTagName = meta.indexedTagName !== undefined ? mangleXmlName(meta.indexedTagName, preserveKeys) : '_v';
  const indexSubelements = meta.type !== undefined && meta.type !== 'array';

  let content: PhpValue | undefined;
  const subelements = new Map<string, PhpValue>();
  const indexed: [number, PhpValue][] = [];
  for (const [k, original] of value.entries) {
    if (isMetadataKey(k) && !preserveKeys.includes(k as string)) continue;
    let v = original;
    if (typeof v === 'boolean' && !(typeof k === 'string' && meta.realBools?.has(k))) v = v ? 'true' : 'false';
    if (name !== null && k === contentKey) content = v;
    else if (typeof k === 'number') indexed.push([k, v]);
    else if (v instanceof PhpArray) subelements.set(mangleXmlName(k, preserveKeys), v);
    else if (subelementKeys.includes(k) || name === null) subelements.set(mangleXmlName(k, preserveKeys), contentWrapper(v));
    else if (typeof original === 'boolean') {
      if (original) attributes.set(mangleXmlName(k, preserveKeys), '');
    } else if (v !== null) attributes.set(mangleXmlName(k, preserveKeys), v);
  }

  if (content !== undefined && content !== null) {
    if (subelements.size || indexed.length) {
      subelements.set(mangleXmlName(contentKey, preserveKeys), contentWrapper(content));
      content = undefined;
    } else if (!(content instanceof PhpArray) && !attributes.has('xml:space')) {
      attributes.set('xml:space', 'preserve');
    }
  }

  let out = '';
  if (content !== undefined && content !== null) {
    if (!(content instanceof PhpArray)) return indstr + element(name!, attributes, content);
    if (name !== null) out += indstr + element(name, attributes, null);
    out += recXmlPrint(null, content, indent);
    if (name !== null) out += `${indstr}</${name}>`;
    return out;
  }
  if (!subelements.size && !indexed.length) return name === null ? '' : indstr + element(name, attributes, undefined);
  if (name !== null) out += indstr + element(name, attributes, null);
  for (const [k, v] of subelements) out += recXmlPrint(k, v, indent);
  for (const [k, v] of indexed) {
    out += recXmlPrint(indexedTagName, v, indent, indexSubelements ? new Map([['_idx', k]]) : new Map());
  }
  if (name !== null) out += `${indstr}</${name}>`;
  return out;
}

export function xmlText(tree: ResultObject, opts: FormatOptions, pretty: boolean): string {
  const data = transformResult(tree, XML_TRANSFORMS) as PhpArray;
  if (opts.includexmlnamespace && !data.entries.some(([k]) => k === 'xmlns')) {
    data.entries.push(['xmlns', XML_NAMESPACE]);
  }
  return '<?xml version="1.0"?>' + recXmlPrint(opts.xmlRootElement ?? 'api', data, pretty ? -2 : null);
}

export function renderXml(tree: ResultObject, opts: FormatOptions): RenderedBody {
  return {
    contentType: 'text/xml; charset=utf-8',
    body: xmlText(tree, opts, false),
    status: opts.httpStatus ?? 200,
    headers: printerHeaders('api-result.xml'),
  };
}
