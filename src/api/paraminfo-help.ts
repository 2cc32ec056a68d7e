// The help texts paraminfo adds for helpformat=wikitext|html|raw: which messages describe a module,
// its examples, parameters, parameter values and info notes, rendered in the requested form.
import { wfUrlencode } from '../wiki/urls.ts';
import { createRequire } from 'node:module';
import { hasMessage, messageText, msg, rawParams, toWikitext, type MessageParam } from './i18n/messages.ts';
import type { ApiModuleDecl, ModuleRegistry } from './main-declarations.ts';
import type { ParamDecl, ParamInfoNote } from './params/declaration.ts';
import { list, markSubelements, type ResultNode, type ResultObject } from './result.ts';
import type { SiteConfig } from '../wiki/site.ts';

export type HelpFormat = 'none' | 'wikitext' | 'html' | 'raw';

export interface HelpContext {
  format: HelpFormat;
  decl: ApiModuleDecl;
  site: SiteConfig;
  registry?: ModuleRegistry;
}

interface RecordedMessage {
  key: string;
  forvalue?: string;
  params?: MessageParam[];
}
interface RecordedModule {
  examples?: [string, string, MessageParam[]?][];
  params?: Record<string, RecordedMessage[]>;
}
interface HelpData {
  /** Texts of messages MediaWiki 1.39 does not have (the spec's own modules and parameters). */
  texts: Record<string, string>;
  modules: Record<string, RecordedModule>;
}

const require = createRequire(import.meta.url);
// Recorded from MediaWiki by scripts/record-paraminfo-help.mjs.
const data: HelpData = require('./paraminfo-help.json');

interface HelpMessage {
  key: string;
  params: MessageParam[];
  /** A value's description: shown as a definition-list item of the parameter's description. */
  forValue?: string;
  deprecated?: boolean;
  internal?: boolean;
}

/** The recorded messages are keyed by `pageset` for ApiPageSet, whose messages use path `query`. */
function recorded(decl: ApiModuleDecl): RecordedModule {
  const key = decl.classname === 'ApiPageSet' ? 'pageset' : decl.path;
  return data.modules[key] ?? {};
}

function exists(key: string): boolean {
  return key in data.texts || hasMessage(key);
}

// ---------------------------------------------------------------------------------------------
// What describes what

export function moduleDescriptionHelp(help: HelpContext): ResultNode {
  const { decl } = help;
  const params = [decl.prefix, decl.name, decl.path];
  const extended = `apihelp-${decl.path}-extended-description`;
  return renderMessages(help, [
    { key: `apihelp-${decl.path}-summary`, params },
    { key: extended, params, ...(exists(extended) ? {} : { textKey: 'api-help-no-extended-description' }) },
  ]);
}

export function exampleHelp(help: HelpContext): ResultNode {
  const { decl } = help;
  const examples = (recorded(decl).examples ?? []).map(([query, key, params]) => {
    const rendered = renderMessages(help, [{ key, params: params ?? [decl.prefix, decl.name, decl.path] }]);
    const description = Array.isArray(rendered) ? rendered[0] : rendered;
    const item: ResultObject = { query, description };
    if (!Array.isArray(rendered)) markSubelements(item, 'description');
    return item;
  });
  return list('example', examples);
}

export function paramDescriptionHelp(
  help: HelpContext,
  name: string,
  param: ParamDecl,
  enumValues: readonly string[] | undefined,
): ResultNode {
  const { decl } = help;
  const usual: MessageParam[] = [decl.prefix, name, decl.name, decl.path];
  const entries = recorded(decl).params?.[name] ?? [{ key: `apihelp-${decl.path}-param-${name}` }];
  const [first, ...rest] = entries;
  const messages: HelpMessage[] = [{ key: first.key, params: first.params ?? usual }];
  if (param.type === 'submodule') messages.push(...submoduleValueMessages(help, param, rest));
  else if (enumValues && rest.some((e) => e.forvalue !== undefined)) {
    messages.push(...enumValueMessages(help, name, param, enumValues, rest, usual));
  }
  for (const e of rest) if (e.forvalue === undefined) messages.push({ key: e.key, params: e.params ?? usual });
  return renderMessages(help, messages, true);
}

/** Values in MediaWiki's declaration order (the recorded one), then values only we declare. */
function enumValueMessages(
  help: HelpContext,
  name: string,
  param: ParamDecl,
  values: readonly string[],
  recordedValues: RecordedMessage[],
  usual: MessageParam[],
): HelpMessage[] {
  const recordedOrder = recordedValues.map((e) => e.forvalue).filter((v): v is string => v !== undefined && values.includes(v));
  const ordered = [...recordedOrder, ...values.filter((v) => !recordedOrder.includes(v))];
  return ordered.map((value) => {
    const known = recordedValues.find((e) => e.forvalue === value);
    const key = known?.key ?? `apihelp-${help.decl.path}-paramvalue-${name}-${value}`;
    const message: HelpMessage = { key, params: known?.params ?? [...usual, value], forValue: value };
    if (param.deprecatedValues?.includes(value)) message.deprecated = true;
    return message;
  });
}

/** A submodule choice is described by the submodule's summary, linked to its help page. */
function submoduleValueMessages(help: HelpContext, param: ParamDecl, recordedValues: RecordedMessage[]): HelpMessage[] {
  const children = help.registry?.submodulesOf(help.decl.path);
  return Object.entries(param.submodules ?? {}).map(([value, path]) => {
    const forValue = `[[Special:ApiHelp/${path}|${value}]]`;
    const child = children?.get(value);
    const known = recordedValues.find((e) => e.forvalue === forValue);
    let message: HelpMessage;
    if (child) message = { key: `apihelp-${child.path}-summary`, params: [child.prefix, child.name, child.path], forValue };
    else if (known) message = { key: known.key, params: known.params ?? [], forValue };
    else message = { key: 'api-help-undocumented-module', params: [path], forValue };
    if (param.deprecatedValues?.includes(value)) message.deprecated = true;
    if (param.internalValues?.includes(value)) message.internal = true;
    return message;
  });
}

export function infoNoteHelp(help: HelpContext, note: ParamInfoNote): ResultNode {
  const values = note.values ?? [];
  const params: MessageParam[] = [{ num: values.length }, values.join(', '), help.decl.prefix];
  return renderMessages(help, [{ key: `apihelp-${help.decl.path}-paraminfo-${note.name}`, params }]);
}

// ---------------------------------------------------------------------------------------------
// Rendering (ApiParamInfo::formatHelpMessages)

type Renderable = HelpMessage & { textKey?: string };

function renderMessages(help: HelpContext, messages: Renderable[], joinLists = false): ResultNode {
  switch (help.format) {
    case 'raw':
      return list('msg', messages.map(rawMessage));
    case 'wikitext': {
      const text = messages.map((m) => wikitextOf(m, help.site)).join('\n\n');
      return joinLists ? text.replace(/^(([*#:;])[^\n]*)\n\n(?=\2)/gm, '$1\n') : text;
    }
    case 'html': {
      let html = messages.map((m) => parseAsBlock(wikitextOf(m, help.site), help.site)).join('\n');
      if (joinLists) html = html.replace(/\s*<\/([oud]l)>\s*<\1>\s*/g, '\n');
      return stripOuterParagraph(html);
    }
    case 'none':
      return null;
  }
}

function rawMessage(m: HelpMessage): ResultObject {
  const out: ResultObject = { key: m.key, params: list('param', rawParams(msg(m.key, ...m.params)) as ResultNode[]) };
  if (m.forValue !== undefined) out.forvalue = m.forValue;
  return out;
}

/** `{{ns:user}}`: the namespace's local name (the canonical name when the site does not list it). */
function namespaceName(name: string, site: SiteConfig): string {
  const wanted = name.trim().replace(/_/g, ' ').toLowerCase();
  const found = site.namespaces.find((ns) => (ns.canonical ?? ns.name).toLowerCase() === wanted);
  if (found) return found.name;
  return CANONICAL_NAMESPACES.find((n) => n.toLowerCase() === wanted) ?? wanted.replace(/^\S/, (c) => c.toUpperCase());
}

const CANONICAL_NAMESPACES = [
  'Media', 'Special', 'Talk', 'User', 'User talk', 'Project', 'Project talk', 'File', 'File talk', 'MediaWiki',
  'MediaWiki talk', 'Template', 'Template talk', 'Help', 'Help talk', 'Category', 'Category talk',
];

/** The transclusions help messages use, which the message renderer leaves alone. */
function expandTransclusions(text: string, site: SiteConfig): string {
  return text
    .replace(/\{\{MediaWiki:Mainpage\}\}/gi, messageText('mainpage'))
    .replace(/\{\{ns:([^{}|]*)\}\}/gi, (_all, name: string) => namespaceName(name, site));
}

/** Lists and plain numbers as MediaWiki's text() shows them ("a, b and c"; 7776000 unformatted). */
function textParam(p: MessageParam): MessageParam {
  if (typeof p === 'number') return String(p);
  if (typeof p === 'object' && 'list' in p && p.type === 'text') {
    const items = p.list.map((item) => String(textParam(item)));
    return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
  }
  return p;
}

function plainText(key: string, params: MessageParam[], site: SiteConfig): string {
  const local = data.texts[key];
  if (local === undefined) return expandTransclusions(toWikitext(msg(key, ...params.map(textParam))), site);
  return local.replace(/\$(\d+)/g, (all, n: string) => {
    const p = params[Number(n) - 1];
    return typeof p === 'string' || typeof p === 'number' ? String(p) : all;
  });
}

/** ApiHelpParamValueMessage: `;value:` and the deprecated/internal markers before the text. */
function wikitextOf(m: Renderable, site: SiteConfig): string {
  if (m.forValue === undefined) return plainText(m.textKey ?? m.key, m.params, site);
  const key = exists(m.key) ? m.key : 'api-help-param-no-description';
  let prefix = '';
  if (m.deprecated) prefix += `<span class="apihelp-deprecated">${messageText('api-help-param-deprecated')}</span> `;
  if (m.internal) prefix += `<span class="apihelp-internal">${messageText('api-help-param-internal')}</span> `;
  return `;<span dir="ltr" lang="en">${m.forValue}</span>:${prefix}${plainText(key, m.params, site)}`;
}

// ---------------------------------------------------------------------------------------------
// A small wikitext-to-HTML conversion: the help messages use paragraphs, definition and bullet
// lists, links and bold/italic only. MediaWiki's parser output is matched for those.

/** A title in a URL: underscores for spaces, then MediaWiki's wfUrlencode. */
export function urlencodeTitle(title: string): string {
  return wfUrlencode(title.replace(/ /g, '_'));
}

function inlineHtml(text: string, site: SiteConfig): string {
  const local = (title: string) => site.articlePath.replace('$1', urlencodeTitle(title));
  return text
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/\[\[mw:([^\]|]*)\|([^\]]*)\]\]/g, (_a, t: string, label: string) =>
      `<a href="https://www.mediawiki.org/wiki/${urlencodeTitle(t)}" class="extiw" title="mw:${t.replace(/_/g, ' ')}">${label}</a>`)
    .replace(/\[\[:?([^\]|]*)\|([^\]]*)\]\]/g, (_a, t: string, label: string) => `<a href="${local(t)}" title="${t}">${label}</a>`)
    .replace(/\[\[:?([^\]|]*)\]\]/g, (_a, t: string) => `<a href="${local(t)}" title="${t}">${t}</a>`)
    .replace(/\[((?:https?:)?\/\/[^\s\]]+) ([^\]]*)\]/g, '<a rel="nofollow" class="external text" href="$1">$2</a>')
    .replace(/(^|[\s>(])(https?:\/\/[^\s<>\]]+)/g, '$1<a rel="nofollow" class="external free" href="$2">$2</a>')
    .replace(/'''(.*?)'''/g, '<b>$1</b>')
    .replace(/''(.*?)''/g, '<i>$1</i>');
}

/** Position of the `:` that ends a definition-list term, skipping links and tags. */
function termEnd(line: string): number {
  let depth = 0;
  for (let i = 1; i < line.length; i++) {
    const c = line[i];
    if (line.startsWith('[[', i) || c === '<') depth++;
    else if (line.startsWith(']]', i) || c === '>') depth = Math.max(0, depth - 1);
    else if (c === ':' && depth === 0) return i;
  }
  return -1;
}

const LIST_TAGS = { ';': 'dl', '*': 'ul', '#': 'ol' } as const;
type ListTag = (typeof LIST_TAGS)[keyof typeof LIST_TAGS];

function listItem(tag: ListTag, line: string, site: SiteConfig): string {
  if (tag !== 'dl') return `<li>${inlineHtml(line.slice(1).trim(), site)}</li>`;
  const end = termEnd(line);
  const term = inlineHtml((end < 0 ? line.slice(1) : line.slice(1, end)).trim(), site);
  return end < 0 ? `<dt>${term}</dt>` : `<dt>${term}</dt>\n<dd>${inlineHtml(line.slice(end + 1).trim(), site)}</dd>`;
}

/** Blocks as the parser writes them: `<p>text\n</p>`, lists; paragraphs follow each other directly. */
function parseAsBlock(wikitext: string, site: SiteConfig): string {
  if (wikitext.trim() === '') return '';
  const blocks: { html: string; paragraph: boolean }[] = [];
  let paragraph: string[] = [];
  let listTag: ListTag | null = null;
  let items: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ html: `<p>${paragraph.join('\n')}\n</p>`, paragraph: true });
    paragraph = [];
  };
  const flushList = () => {
    if (listTag) blocks.push({ html: `<${listTag}>${items.join('\n')}</${listTag}>`, paragraph: false });
    listTag = null;
    items = [];
  };
  for (const line of wikitext.split('\n')) {
    const tag = LIST_TAGS[line[0] as keyof typeof LIST_TAGS];
    if (tag) {
      flushParagraph();
      if (listTag !== tag) flushList();
      listTag = tag;
      items.push(listItem(tag, line, site));
      continue;
    }
    flushList();
    if (line.trim() === '') flushParagraph();
    else paragraph.push(inlineHtml(line, site));
  }
  flushParagraph();
  flushList();
  return blocks.map((b, i) => (i > 0 && !(b.paragraph && blocks[i - 1].paragraph) ? '\n' : '') + b.html).join('');
}

/** Parser::stripOuterParagraph */
function stripOuterParagraph(html: string): string {
  const m = /^<p>([\s\S]*?)\n?<\/p>\n?$/.exec(html);
  return m && !m[1].includes('</p>') ? m[1] : html;
}
