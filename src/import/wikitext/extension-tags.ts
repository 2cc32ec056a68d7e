// Extension tags as the links tables see them: <ref>, <gallery>, <imagemap>, <templatestyles>..., and {{#tag:}}, which calls them.
//
// A tag's content is its extension's business: only what MediaWiki parses as wikitext (a
// reference, a gallery caption, an image map's links) is expanded. A tag with no handler here
// leaves a strip marker, so that the link scanner does not read its content.

import type { TemplatePart } from '../../wiki/preprocessor.ts';
import type { CallHost, FunctionSpec, TagHandler } from './call-handlers.ts';
import type { TagCall } from './cite.ts';
import type { ExpansionFrame } from './expansion.ts';
import { STRIP_MARKER } from './text.ts';
import { decodeCharReferencesOnly } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';
import { encodeInfoboxes, INFOBOXES_PROPERTY, renderInfoboxEntry, type InfoboxEntry } from '../../wiki/infobox.ts';
import { phpTrim } from '../../wiki/php-values.ts';

/** The infoboxes a page rendered so far, for its `infoboxes` page property. */
const renderedInfoboxes = new WeakMap<object, InfoboxEntry[]>();

/** PortableInfoboxParserTagController::saveToParserOutput: each rendered infobox joins the page's list. */
function addInfobox(out: { props: Map<string, string> }, entry: InfoboxEntry | null): void {
  if (!entry) return;
  const entries = renderedInfoboxes.get(out) ?? [];
  entries.push(entry);
  renderedInfoboxes.set(out, entries);
  out.props.set(INFOBOXES_PROPERTY, encodeInfoboxes(entries));
}

const parsedInner: TagHandler = (x, node, frame) => (node.inner === null ? '' : ` ${x.expandInner(node.inner, frame)} `);

export const TAG_HANDLERS: Record<string, TagHandler> = {
  ref: (x, node) => x.cite.ref(node),
  references: (x, node) => x.cite.references(node),
  poem: parsedInner,
  indicator: parsedInner,
  tab: parsedInner,
  gallery: (x, node, frame) => {
    if (node.inner === null) return '';
    let captions = '';
    for (const line of node.inner.split('\n')) {
      const m = /^\s*([^|]+?)\s*(?:\|(.*))?$/.exec(line);
      if (!m) continue;
      const title = x.codec.parse(decodeCharReferencesOnly(m[1]!), NS.FILE);
      if (!title || title.ns !== NS.FILE || title.interwiki !== '' || !title.dbKey) continue;
      x.out.images.add(title.dbKey);
      x.out.embeddedFiles.add(title.dbKey);
      if (m[2]) {
        for (const param of m[2].split('|')) {
          const option = x.words.galleryOptions.matchVariableStartToEnd(phpTrim(param));
          if (option?.id === 'img_link') {
            const linkTitle = x.codec.parse(decodeCharReferencesOnly(phpTrim(option.param)));
            if (linkTitle && linkTitle.interwiki === '' && linkTitle.dbKey && linkTitle.ns >= 0) x.addLink(linkTitle.ns, linkTitle.dbKey);
          }
        }
        captions += ` ${x.expandInner(m[2], frame)}\n`;
      }
    }
    return captions;
  },
  imagemap: (x, node, frame) => {
    if (node.inner === null) return '';
    const lines = node.inner.split('\n').filter((l) => phpTrim(l) !== '' && !phpTrim(l).startsWith('#'));
    if (lines.length === 0) return '';
    const image = phpTrim(lines[0]!.split('|')[0]!);
    const title = x.codec.parse(decodeCharReferencesOnly(image), NS.FILE);
    if (title && title.ns === NS.FILE && title.dbKey) x.out.images.add(title.dbKey);
    let links = '';
    for (const line of lines.slice(1)) {
      const m = /\[\[[^\]]*\]\]|\[[^\]]*\]/.exec(line);
      if (m) links += ` ${x.expandInner(m[0], frame)} `;
    }
    return links;
  },
  templatestyles: (x, node) => {
    const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/i.exec(node.attributes);
    const value = src ? (src[1] ?? src[2] ?? src[3] ?? '') : '';
    const title = value ? x.codec.parse(decodeCharReferencesOnly(value), NS.TEMPLATE) : null;
    if (title && title.interwiki === '' && title.dbKey) x.addTemplate(title.ns, title.dbKey);
    return '';
  },
  infobox: (x, node, frame) => {
    const args = new Map(x.frameArgumentNames(frame).map((name) => [name, x.frameArgument(frame, name) ?? '']));
    addInfobox(x.out, renderInfoboxEntry(`<infobox>${node.inner ?? ''}</infobox>`, args));
    return STRIP_MARKER;
  },
  section: () => '',
  templatedata: () => '',
  categorytree: () => '',
  inputbox: () => '',
  mapframe: () => '',
  maplink: () => '',
  charinsert: () => '',
};

/**
 * The named arguments of #tag, as CoreParserFunctions::tagObj reads them: names as written,
 * values trimmed and without outer quotes; positional arguments after the content are ignored.
 */
function tagArguments(x: CallHost, parts: TemplatePart[], frame: ExpansionFrame): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const part of parts) {
    if (part.name === null) continue;
    const value = phpTrim(x.expandNodes(part.value, frame));
    const quoted = /^(?:["'](.+)["']|""|'')$/s.exec(value);
    attributes.set(phpTrim(x.expandNodes(part.name, frame)), quoted ? (quoted[1] ?? '') : value);
  }
  return attributes;
}

export const TAG_FUNCTION: FunctionSpec = {
  ids: ['tag'],
  handler: (x, frame, first, parts) => {
    const name = first.toLowerCase();
    const inner = parts.length > 0 && parts[0]!.name === null ? x.expandNodes(parts[0]!.value, frame) : null;
    const attributeMap = tagArguments(x, parts.slice(inner === null ? 0 : 1), frame);
    let attributes = '';
    for (const [key, value] of attributeMap) attributes += ` ${key}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
    const handler = TAG_HANDLERS[name];
    const node: TagCall = { name, attributes, inner, attributeMap };
    if (handler) return handler(x, node, frame);
    return STRIP_MARKER;
  },
};
