// The infobox extension of the spec: Fandom's PortableInfobox (its maintained port for MediaWiki
// 1.39). An <infobox> tag's XML markup, rendered with the arguments of the template frame it
// stands in, is saved in the page's `infoboxes` page property as a JSON list of
// {parser_tag_version, data, metadata}; list=allinfoboxes, prop=infobox and the AllInfoboxes
// query page read that property back.
//
// Facts from the extension's source: PortableInfoboxParserTagController (PARSER_TAG_VERSION 2,
// saveToParserOutput), XmlParser::prepareXml, Node::getMetadata and getSources with the
// overrides of NodeInfobox, NodeGroup and NodeMedia (image, video, audio),
// PortableInfoboxParsingHelper::parseIncludeonlyInfoboxes for templates.
//
// `metadata` depends on the markup alone and is what the API shows. `data` (the render data) is
// kept as the extension's SimpleParser would give it: wikitext values are not turned into HTML,
// and images are not looked up, so it is a faithful shape with unparsed values.

import { decodeCharReferences } from './titles.ts';

export const INFOBOX_PARSER_TAG_VERSION = 2;
export const INFOBOXES_PROPERTY = 'infoboxes';

/** An element as SimpleXMLElement shows it: its own text (CDATA included), attributes, child elements. */
export interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  text: string;
}

/** A PHP array with string keys (json_encode writes it as an object, or as a list when its keys are 0..n-1). */
export type PhpValue = string | number | boolean | null | PhpValue[] | Map<string, PhpValue>;

/** One saved infobox. */
export interface InfoboxEntry {
  parser_tag_version: number;
  data: PhpValue;
  metadata: PhpValue;
}

/** The extension's content tags, whose text is wrapped in CDATA before the XML is read. */
const CONTENT_TAGS = ['default', 'label', 'format', 'navigation', 'header'];

/** Node classes of the extension (NodeFactory: 'Node' + the tag name in title case); others are unimplemented. */
const NODE_TYPES = new Set(['audio', 'data', 'group', 'header', 'image', 'infobox', 'media', 'navigation', 'panel', 'section', 'title', 'video']);
const MEDIA_TYPES = new Set(['audio', 'image', 'media', 'video']);

export class InfoboxMarkupError extends Error {}

/** XmlParser::prepareXml then simplexml_load_string; null when libxml would refuse the markup. */
export function parseInfoboxXml(markup: string): XmlElement | null {
  let text = markup;
  for (const tag of CONTENT_TAGS) {
    text = text.replace(new RegExp(`(<${tag}[\\s\\S]*?>)([\\s\\S]*?)(</${tag}>)`, 'g'), '$1<![CDATA[$2]]>$3');
  }
  text = decodeCharReferences(text).replace(/&/g, '&amp;');
  try {
    return new XmlReader(text).document();
  } catch (error) {
    if (error instanceof InfoboxMarkupError) return null;
    throw error;
  }
}

/** A strict reader of the XML subset infobox markup uses: elements, attributes, text, CDATA, comments. */
class XmlReader {
  private at = 0;
  constructor(private readonly text: string) {}

  document(): XmlElement {
    this.skipMisc();
    const root = this.element();
    this.skipMisc();
    if (this.at < this.text.length) throw new InfoboxMarkupError('content after the root element');
    return root;
  }

  private skipMisc(): void {
    for (;;) {
      const rest = this.text.slice(this.at);
      const space = /^\s+/.exec(rest);
      if (space) {
        this.at += space[0].length;
        continue;
      }
      if (rest.startsWith('<!--')) {
        this.at = this.skipComment();
        continue;
      }
      if (rest.startsWith('<?')) {
        const end = this.text.indexOf('?>', this.at);
        if (end < 0) throw new InfoboxMarkupError('unclosed declaration');
        this.at = end + 2;
        continue;
      }
      return;
    }
  }

  private skipComment(): number {
    const end = this.text.indexOf('-->', this.at + 4);
    if (end < 0) throw new InfoboxMarkupError('unclosed comment');
    return end + 3;
  }

  private element(): XmlElement {
    const open = /^<([A-Za-z_:][-\w.:]*)/.exec(this.text.slice(this.at));
    if (!open) throw new InfoboxMarkupError('element expected');
    this.at += open[0].length;
    const element: XmlElement = { name: open[1]!, attributes: new Map(), children: [], text: '' };
    for (;;) {
      const rest = this.text.slice(this.at);
      const attribute = /^\s+([A-Za-z_:][-\w.:]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/.exec(rest);
      if (attribute) {
        if (element.attributes.has(attribute[1]!)) throw new InfoboxMarkupError('attribute twice');
        element.attributes.set(attribute[1]!, unescapeXml(attribute[2] ?? attribute[3] ?? ''));
        this.at += attribute[0].length;
        continue;
      }
      const end = /^\s*(\/?)>/.exec(rest);
      if (!end) throw new InfoboxMarkupError('malformed start tag');
      this.at += end[0].length;
      if (end[1]) return element;
      break;
    }
    for (;;) {
      if (this.at >= this.text.length) throw new InfoboxMarkupError(`unclosed <${element.name}>`);
      const rest = this.text.slice(this.at);
      if (rest.startsWith('</')) {
        const close = /^<\/([A-Za-z_:][-\w.:]*)\s*>/.exec(rest);
        if (!close || close[1] !== element.name) throw new InfoboxMarkupError('mismatched end tag');
        this.at += close[0].length;
        return element;
      }
      if (rest.startsWith('<![CDATA[')) {
        const end = this.text.indexOf(']]>', this.at);
        if (end < 0) throw new InfoboxMarkupError('unclosed CDATA');
        element.text += this.text.slice(this.at + 9, end);
        this.at = end + 3;
      } else if (rest.startsWith('<!--')) {
        this.at = this.skipComment();
      } else if (rest.startsWith('<')) {
        element.children.push(this.element());
      } else {
        const next = this.text.indexOf('<', this.at);
        const chunk = this.text.slice(this.at, next < 0 ? undefined : next);
        element.text += unescapeXml(chunk);
        this.at += chunk.length;
      }
    }
  }
}

/** The five XML entities and character references; any other `&` is not well-formed. */
function unescapeXml(text: string): string {
  return text.replace(/&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));|&/g, (whole, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name) return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name]!;
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    throw new InfoboxMarkupError(`bad entity ${whole}`);
  });
}

/** The first child element of that exact name (SimpleXML's `$node->name`). */
function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** The node class a tag makes (NodeFactory): 'Node' and the tag name in title case. */
function classOf(element: XmlElement): string {
  return element.name.toLowerCase();
}

/** Node::getType: the tag name in lower case; NodeImage, NodeVideo and NodeAudio say `media`. */
function typeOf(element: XmlElement): string {
  const name = classOf(element);
  return MEDIA_TYPES.has(name) ? 'media' : name;
}

/** Node::EXTRACT_SOURCE_REGEX (`/{{{([^\|}]*?)\|?.*}}}/sU`): the name of each `{{{argument}}}`. */
function variablesIn(text: string): string[] {
  return [...text.matchAll(/\{\{\{([^|}]*)[\s\S]*?\}\}\}/g)].map((m) => m[1]!);
}

/** array_unique: the first of each value, in order. */
function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** Node::extractSourcesFromNode: the `source` attribute, then the arguments <format> and <default> use. */
function ownSources(element: XmlElement): string[] {
  const primary = element.attributes.get('source');
  let sources = primary ? [primary] : [];
  const format = child(element, 'format');
  if (format) sources = unique([...sources, ...variablesIn(format.text)]);
  const fallback = child(element, 'default');
  if (fallback) sources = unique([...sources, ...variablesIn(fallback.text)]);
  return sources;
}

/** The child nodes a node instantiates (NodePanel and NodeSection pick theirs). */
function childNodes(element: XmlElement): XmlElement[] {
  const type = typeOf(element);
  if (type === 'panel') {
    let header = false;
    return element.children.filter((c) => {
      if (c.name === 'section') return true;
      if (c.name === 'header' && !header) return (header = true);
      return false;
    });
  }
  if (type === 'section') return element.children.filter((c) => !['section', 'panel', 'label'].includes(c.name));
  return element.children;
}

/** Node::getSources with its overrides. */
function sourcesOf(element: XmlElement): string[] {
  const type = typeOf(element);
  if (type === 'infobox' || type === 'group') return unique(childNodes(element).flatMap(sourcesOf));
  if (type === 'media') {
    let sources = ownSources(element);
    const alt = child(element, 'alt');
    if (alt) sources = [...sources, ...ownSources(alt)];
    const caption = child(element, 'caption');
    if (caption) sources = [...sources, ...ownSources(caption)];
    return unique(sources);
  }
  return ownSources(element);
}

/** The frame a node renders in: the template's arguments (none on the template's own page). */
export type FrameArguments = ReadonlyMap<string, string>;

/**
 * Wikitext as the SimpleParser stand-in gives it: `{{{argument|default}}}` replaced from the
 * frame (left as written without either), as Parser::replaceVariables would.
 */
function replaceVariables(text: string, args: FrameArguments): string {
  return text.replace(/\{\{\{([^{}|]*)(?:\|([^{}]*))?\}\}\}/g, (whole, name: string, fallback: string | undefined) => args.get(name.trim()) ?? fallback ?? whole);
}

/**
 * Sanitizer::stripAllTags over the label's parse: the text a reader sees (link texts, no quotes
 * markup, no tags, entities decoded).
 */
function plainLabel(text: string, args: FrameArguments): string {
  const expanded = replaceVariables(text, args)
    .replace(/\[\[:?([^\]|]*)\|([^\]]*)\]\]/g, '$2')
    .replace(/\[\[:?([^\]|]*)\]\]/g, '$1')
    .replace(/\[(?:https?:)?\/\/[^\s\]]+\s+([^\]]*)\]/g, '$1')
    .replace(/'''''|'''|''/g, '')
    .replace(/<[^>]*>/g, '');
  return decodeCharReferences(expanded).trim();
}

/** Node::getSourcesMetadata: each source's label (with the source named when there are several), the primary one flagged. */
function sourcesMetadata(element: XmlElement, args: FrameArguments): Map<string, PhpValue> {
  const sources = sourcesOf(element);
  const label = child(element, 'label');
  const baseLabel = label ? plainLabel(label.text, args) : '';
  const metadata = new Map<string, PhpValue>();
  for (const source of sources) {
    const entry = new Map<string, PhpValue>([['label', sources.length > 1 ? (baseLabel ? `${baseLabel} (${source})` : '') : baseLabel]]);
    metadata.set(source, entry);
  }
  if (sources.length > 0 && element.attributes.get('source')) (metadata.get(sources[0]!) as Map<string, PhpValue>).set('primary', true);
  return metadata;
}

/** NodeFactory: a tag without a node class of its own is NodeUnimplemented, which fails the whole infobox. */
function checkImplemented(element: XmlElement): void {
  if (!NODE_TYPES.has(classOf(element))) throw new InfoboxMarkupError(`unimplemented <${element.name}>`);
  // Rendering reaches every node a group, panel or section holds.
  const type = typeOf(element);
  if (type === 'infobox' || type === 'group' || type === 'panel' || type === 'section') childNodes(element).forEach(checkImplemented);
}

/** Node::getMetadata and its overrides. */
function metadataOf(element: XmlElement, args: FrameArguments): PhpValue {
  const type = typeOf(element);
  if (type === 'infobox') return childNodes(element).map((c) => metadataOf(c, args));
  if (type === 'group') return new Map<string, PhpValue>([['type', type], ['metadata', childNodes(element).map((c) => metadataOf(c, args))]]);
  return new Map<string, PhpValue>([['type', type], ['sources', sourcesMetadata(element, args)]]);
}

/** A source's value: the argument when it is set and not empty, else null. */
function argumentValue(element: XmlElement, args: FrameArguments): string | null {
  const source = element.attributes.get('source');
  if (source === undefined || source === '') return null;
  return args.get(source) ?? null;
}

/** Node::getValueWithDefault: the argument (through <format>), else <default>. */
function valueWithDefault(element: XmlElement | undefined, args: FrameArguments): string | null {
  if (!element) return null;
  const value = argumentValue(element, args);
  const empty = value === null || value === '';
  const fallback = child(element, 'default');
  if (empty && fallback) return replaceVariables(fallback.text, args);
  const format = child(element, 'format');
  if (!empty && format) return replaceVariables(format.text, args);
  return value;
}

function isEmptyValue(value: PhpValue): boolean {
  return value === null || value === '' || value === false;
}

/** Node::getRenderData of one node with its emptiness, under the SimpleParser stand-in. */
function renderNode(element: XmlElement, args: FrameArguments): { data: PhpValue; empty: boolean } {
  const type = typeOf(element);
  const itemName = element.attributes.get('name') ?? null;
  const source = element.attributes.get('source') ?? null;
  const node = (data: Map<string, PhpValue>): PhpValue => new Map<string, PhpValue>([['type', type], ['data', data]]);
  switch (type) {
    case 'data': {
      const value = valueWithDefault(element, args);
      const span = element.attributes.get('span');
      const layout = element.attributes.get('layout');
      const data = new Map<string, PhpValue>([
        ['label', replaceVariables(child(element, 'label')?.text ?? '', args)],
        ['value', value],
        ['span', span !== undefined && /^\d+$/.test(span) ? Number(span) : 1],
        ['layout', layout === 'default' ? layout : null],
        ['source', source],
        ['item-name', itemName],
      ]);
      return { data: node(data), empty: isEmptyValue(value) && value !== '0' };
    }
    case 'title': {
      const value = valueWithDefault(element, args);
      const data = new Map<string, PhpValue>([['value', value], ['source', source], ['item-name', itemName]]);
      return { data: node(data), empty: isEmptyValue(value) && value !== '0' };
    }
    case 'header':
    case 'navigation': {
      const value = replaceVariables(element.text, args);
      const data = new Map<string, PhpValue>([['value', value], ['item-name', itemName]]);
      const shown = type === 'navigation' ? value.trim() : value;
      return { data: node(data), empty: isEmptyValue(shown) && shown !== '0' };
    }
    case 'group':
    case 'panel':
    case 'section': {
      const children = childNodes(element).map((c) => ({ c, ...renderNode(c, args) }));
      const incomplete = type === 'group' && (element.attributes.get('show') ?? '').toLowerCase() === 'incomplete';
      const shown = children.filter((r) => incomplete || !r.empty).map((r) => r.data);
      const data = new Map<string, PhpValue>([['value', shown]]);
      if (type === 'section') data.set('label', replaceVariables(child(element, 'label')?.text ?? '', args));
      if (type === 'group') {
        const layout = element.attributes.get('layout');
        const collapse = element.attributes.get('collapse');
        const rowItems = element.attributes.get('row-items');
        data.set('layout', layout === 'horizontal' ? layout : 'default');
        data.set('collapse', collapse === 'open' || collapse === 'closed' ? collapse : null);
        data.set('row-items', rowItems !== undefined && /^\d+$/.test(rowItems) ? Number(rowItems) : null);
      }
      data.set('item-name', itemName);
      const empty = children.every((r) => r.empty || (type === 'group' && typeOf(r.c) === 'header'));
      return { data: node(data), empty };
    }
    default:
      // Media: without the files' lookups no image, video or audio is found, and the node is empty.
      return { data: new Map<string, PhpValue>([['type', type], ['data', []]]), empty: true };
  }
}

/**
 * PortableInfoboxParserTagController::prepareInfobox: what saveToParserOutput keeps of one
 * <infobox> markup (the whole tag, attributes included) rendered with the frame's arguments;
 * null when the extension shows an error instead (markup that is no XML, an unknown node).
 */
export function renderInfoboxEntry(markup: string, args: FrameArguments): InfoboxEntry | null {
  const root = parseInfoboxXml(markup);
  if (!root) return null;
  try {
    checkImplemented(root);
  } catch (error) {
    if (error instanceof InfoboxMarkupError) return null;
    throw error;
  }
  const data = childNodes(root)
    .map((c) => renderNode(c, args))
    .filter((r) => !r.empty)
    .map((r) => r.data);
  return { parser_tag_version: INFOBOX_PARSER_TAG_VERSION, data, metadata: metadataOf(root, args) };
}

/**
 * PortableInfoboxParsingHelper::parseIncludeonlyInfoboxes, for a template's own page: its
 * transcluded text (Parser::getPreloadText: <noinclude> parts out, <includeonly> kept), <nowiki>
 * and <pre> parts out, then every <infobox> markup rendered without arguments.
 */
export function templateInfoboxMarkups(text: string): string[] {
  let included = text;
  const only = [...included.matchAll(/<onlyinclude>([\s\S]*?)<\/onlyinclude>/g)].map((m) => m[1]!);
  if (only.length > 0) included = only.join('');
  included = included
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<noinclude>[\s\S]*?(?:<\/noinclude>|$)/g, '')
    .replace(/<\/?includeonly>/g, '')
    .replace(/<(nowiki|pre)>[\s\S]+?<\/\1>/g, '');
  return [...included.matchAll(/<infobox(?:[^>]*?\/>|[\s\S]+?<\/infobox>)/g)].map((m) => m[0]);
}

/** The `infoboxes` page property: json_encode of the saved list (PHP's default flags). */
export function encodeInfoboxes(entries: readonly InfoboxEntry[]): string {
  return phpJsonEncode(
    entries.map((e) => new Map<string, PhpValue>([['parser_tag_version', e.parser_tag_version], ['data', e.data], ['metadata', e.metadata]])),
  );
}

/** json_encode without flags: `/` and non-ASCII escaped; an array whose keys are 0..n-1 a list. */
export function phpJsonEncode(value: PhpValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    return JSON.stringify(value)
      .replace(/\//g, '\\/')
      .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  if (Array.isArray(value)) return `[${value.map(phpJsonEncode).join(',')}]`;
  const keys = [...value.keys()];
  if (keys.every((key, i) => key === String(i))) return `[${[...value.values()].map(phpJsonEncode).join(',')}]`;
  return `{${[...value].map(([k, v]) => `${phpJsonEncode(k)}:${phpJsonEncode(v)}`).join(',')}}`;
}

/** The saved list back from the page property (json_decode); [] for an empty or broken value. */
export function decodeInfoboxes(value: string | null | undefined): unknown[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? Object.values(parsed) : [];
  } catch {
    return [];
  }
}
