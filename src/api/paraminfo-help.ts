// The help texts paraminfo adds for helpformat=wikitext|html|raw: which messages describe a module,
// its examples, parameters, parameter values and info notes, rendered in the requested form.
import { localisationChain } from '../wiki/languages.ts';
import { wfUrlencode } from '../wiki/urls.ts';
import { armorFrenchSpaces, closersOfUnclosedTags, hasMessage, normalizeCharReferences, messageText, msg, rawParams, toPlaintext, toQqx, toWikitext, type MessageParam } from './i18n/messages.ts';
import type { ApiModuleDecl, ApiParamDecl, ModuleTree } from './actions/action.ts';
import type { ParamInfoNote } from './params/declaration.ts';
import { list, markSubelements, type ResultNode, type ResultObject } from './result.ts';
import type { SiteConfig } from '../wiki/site.ts';
// Recorded from MediaWiki by scripts/record-paraminfo.mjs.
import recordedHelp from './paraminfo-help.json' with { type: 'json' };

export type HelpFormat = 'none' | 'wikitext' | 'html' | 'raw';

export interface HelpContext {
  format: HelpFormat;
  decl: ApiModuleDecl;
  site: SiteConfig;
  tree?: ModuleTree;
  /** helpformat=html: what the wiki says of link targets (else: as written, existing pages). */
  links?: HelpLinks;
}

interface RecordedMessage {
  key: string;
  forvalue?: string;
  params?: MessageParam[];
}
interface RecordedModule {
  /** When it is not the summary and the extended description. */
  description?: RecordedMessage[];
  examples?: [string, string, MessageParam[]?][];
  /** Examples (by message key) MediaWiki shows only with a wiki setting on. */
  siteExamples?: Record<string, 'watchlistExpiry'>;
  params?: Record<string, RecordedMessage[]>;
  /** The note on parameters that depend on something else (the authentication requests). */
  dynamicparameters?: Required<Omit<RecordedMessage, 'forvalue'>>[];
}
interface HelpData {
  /** Texts of messages MediaWiki 1.39 does not have (the spec's own modules and parameters). */
  texts: Record<string, string>;
  modules: Record<string, RecordedModule>;
}

const data = recordedHelp as unknown as HelpData;

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

/** The language the texts are written in: the request's uselang, English when the caller does not say. */
function languageOf(help: HelpContext): string {
  return help.links?.language ?? 'en';
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
  const messages = recorded(decl).description ?? [{ key: `apihelp-${decl.path}-summary` }, { key: extended }];
  return renderMessages(help, messages.map((m): Renderable => {
    // MediaWiki's extended description falls back to a general text when the module has none
    // (ApiLogin names its own alone).
    const fallback = m.key === extended && decl.path !== 'login' ? { fallbackKey: 'api-help-no-extended-description' } : {};
    return { key: m.key, params: m.params ?? params, ...fallback };
  }));
}

export function dynamicParametersHelp(help: HelpContext): ResultNode {
  return renderMessages(help, (recorded(help.decl).dynamicparameters ?? []).map((m) => ({ key: m.key, params: m.params })));
}

export function exampleHelp(help: HelpContext): ResultNode {
  const { decl } = help;
  const { examples: recordedExamples = [], siteExamples = {} } = recorded(decl);
  const shown = recordedExamples.filter(([, key]) => siteExamples[key] === undefined || help.site[siteExamples[key]]);
  const examples = shown.map(([query, key, params]) => {
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
  param: ApiParamDecl,
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
  const miserNote = help.site.miserMode ? MISER_MODE_NOTES[decl.path]?.[name] : undefined;
  if (miserNote) {
    // The module's prefix, as the note names its limit parameter (`aplimit`).
    const note: HelpMessage = { key: miserNote.key, params: [decl.prefix] };
    if (miserNote.instead) return renderMessages(help, [note], true);
    messages.push(note);
  }
  return renderMessages(help, messages, true);
}

/**
 * The parameters miser mode limits (filtered after reading, so fewer results than the limit) or
 * disables, and what MediaWiki's help then adds to their description, or says instead of it.
 */
const MISER_MODE_NOTES: Readonly<Record<string, Readonly<Record<string, { key: string; instead?: boolean }>>>> = (() => {
  const limited = { key: 'api-help-param-limited-in-miser-mode' };
  const disabled = { key: 'api-help-param-disabled-in-miser-mode' };
  const userAndNamespace = { key: 'apihelp-query+alldeletedrevisions-param-miser-user-namespace' };
  return {
    'query+allpages': { filterredir: limited, maxsize: disabled },
    'query+categorymembers': { namespace: limited },
    'query+exturlusage': { namespace: limited },
    'query+redirects': { namespace: limited },
    'query+allrevisions': { namespace: limited },
    'query+allimages': { mime: { ...disabled, instead: true } },
    'query+logevents': { prefix: { ...disabled, instead: true } },
    'query+alldeletedrevisions': { user: userAndNamespace, namespace: userAndNamespace },
  };
})();

/** Values in MediaWiki's declaration order (the recorded one), then values only we declare. */
function enumValueMessages(
  help: HelpContext,
  name: string,
  param: ApiParamDecl,
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

/** The module at `path` (`query+allpages`) in the tree. */
function moduleAt(tree: ModuleTree | undefined, path: string): ApiModuleDecl | undefined {
  let module = tree?.main;
  for (const name of path.split('+')) module = module && tree?.submodulesOf(module.path)?.get(name);
  return module;
}

/** A submodule choice is described by the submodule's summary, linked to its help page. */
function submoduleValueMessages(help: HelpContext, param: ApiParamDecl, recordedValues: RecordedMessage[]): HelpMessage[] {
  return Object.entries(param.submodules ?? {}).map(([value, path]) => {
    const forValue = `[[Special:ApiHelp/${path}|${value}]]`;
    const child = moduleAt(help.tree, path);
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

/** `fallbackKey`: the message shown when the module has no text of its own for `key` (qqx names both). */
type Renderable = HelpMessage & { fallbackKey?: string };

function renderMessages(help: HelpContext, messages: Renderable[], joinLists = false): ResultNode {
  switch (help.format) {
    case 'raw':
      return list('msg', messages.map(rawMessage));
    case 'wikitext': {
      const text = messages.map((m) => wikitextOf(m, help.site, languageOf(help))).join('\n\n');
      return joinLists ? text.replace(/^(([*#:;])[^\n]*)\n\n(?=\2)/gm, '$1\n') : text;
    }
    case 'html': {
      const links = help.links ?? TAKEN_AS_WRITTEN;
      let html = messages.map((m) => parseAsBlock(wikitextOf(m, help.site, languageOf(help)), help.site, links)).join('\n');
      if (joinLists) html = html.replace(/\s*<\/([oud]l)>\s*<\1>\s*/g, '\n');
      // Tidying writes no-break spaces as references and armors French spacing, in the text between tags.
      html = html.split(/(<[^>]*>)/).map((part, i) => (i % 2 === 1 ? part : armorFrenchSpaces(part))).join('');
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

/**
 * Message::text() of a help message in `lang`: the language's translation along its fallbacks,
 * else English. The texts of the spec's own modules exist in English only; qqx names the keys
 * it would have tried.
 */
function plainText(keys: readonly string[], params: MessageParam[], site: SiteConfig, lang: string): string {
  if (lang === 'qqx') return toQqx(msg(keys.join(' / '), ...params));
  const key = keys.find(exists) ?? keys[0]!;
  const local = data.texts[key];
  if (local === undefined) {
    const wikitext = lang === 'en' ? toWikitext(msg(key, ...params.map(textParam))) : toWikitext(msg(key, ...params), lang);
    return expandTransclusions(wikitext, site);
  }
  return local.replace(/\$(\d+)/g, (all, n: string) => {
    const p = params[Number(n) - 1];
    return typeof p === 'string' || typeof p === 'number' ? String(p) : all;
  });
}

/** ApiHelpParamValueMessage: `;value:` and the deprecated/internal markers before the text. */
function wikitextOf(m: Renderable, site: SiteConfig, lang: string): string {
  if (m.forValue === undefined) return plainText(m.fallbackKey ? [m.key, m.fallbackKey] : [m.key], m.params, site, lang);
  const keys = exists(m.key) ? [m.key] : ['api-help-param-no-description'];
  let prefix = '';
  // A value's message and its marks' sub-messages keep the value's parameters; in qqx their text
  // is more than the bare placeholder, so it names no key: `(: params)`.
  const sub = (key: string): string => (lang === 'qqx' ? toQqx(msg('', ...m.params)) : toWikitext(msg(key), lang));
  // The marks are followed by the language's word separator (none in Chinese or Japanese).
  const separator = lang === 'en' ? ' ' : sub('word-separator').replace(/&#32;/g, ' ');
  if (m.deprecated) prefix += `<span class="apihelp-deprecated">${sub('api-help-param-deprecated')}</span>${separator}`;
  if (m.internal) prefix += `<span class="apihelp-internal">${sub('api-help-param-internal')}</span>${separator}`;
  const text = lang === 'qqx' ? sub('') : plainText(keys, m.params, site, lang);
  return `;<span dir="ltr" lang="en">${m.forValue}</span>:${prefix}${text}`;
}

// ---------------------------------------------------------------------------------------------
// A small wikitext-to-HTML conversion: the help messages use paragraphs, lists (nested ones too),
// links, <nowiki> and bold/italic only. MediaWiki's parser output is matched for those.

/** A title in a URL: underscores for spaces, then MediaWiki's wfUrlencode. */
export function urlencodeTitle(title: string): string {
  return wfUrlencode(title.replace(/ /g, '_'));
}

/** What the wiki says of a link target: how it writes the title, and whether the page exists. */
export interface LinkedPage {
  /** Prefixed text: `Special:ApiHelp/query+tokens`, `Meta:Help:ParserFunctions`. */
  title: string;
  fragment: string;
  exists: boolean;
  /** An interwiki target's URL (its `title` then holds the prefix). */
  url?: string;
}

/**
 * What the request knows of the wiki for the help texts: it resolves local link targets (null for
 * what is not a local page, an interwiki prefix), and says the language of the texts.
 */
export interface HelpLinks {
  (target: string): LinkedPage | null;
  /** The request's uselang; English when not given. */
  readonly language?: string;
}

/** Without the wiki at hand a target is taken as written, and as an existing page. */
const TAKEN_AS_WRITTEN = (target: string): LinkedPage => ({ title: target, fragment: '', exists: true });

function localLink(target: string, label: string | undefined, site: SiteConfig, links: HelpLinks): string {
  const page = links(target) ?? TAKEN_AS_WRITTEN(target);
  const text = label ?? target;
  if (page.url !== undefined) return `<a href="${page.url.replace(/&/g, '&amp;')}" class="extiw" title="${page.title}">${text}</a>`;
  if (!page.exists) {
    // A special page that does not exist has no edit link.
    const href = /^Special:/.test(page.title)
      ? site.articlePath.replace('$1', urlencodeTitle(page.title))
      : `${site.scriptPath}/index.php?title=${urlencodeTitle(page.title)}&amp;action=edit&amp;redlink=1`;
    return `<a href="${href}" class="new" title="${toPlaintext(msg('red-link-title', page.title))}">${text}</a>`;
  }
  const fragment = page.fragment ? `#${page.fragment.replace(/ /g, '_')}` : '';
  return `<a href="${site.articlePath.replace('$1', urlencodeTitle(page.title))}${fragment}" title="${page.title}">${text}</a>`;
}

/** `<nowiki>` text is shown as written: no links, no markup; `<`, `>` and bare `&` escaped. */
function nowikiHtml(text: string): string {
  return text.replace(/&(?!#?\w+;)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The double-underscore magic words of MediaWiki 1.39's English (the content language's). */
const BEHAVIOUR_SWITCHES =
  /__(?:NOTOC|NOGALLERY|FORCETOC|TOC|NOEDITSECTION|NEWSECTIONLINK|NONEWSECTIONLINK|NOTITLECONVERT|NOTC|NOCONTENTCONVERT|NOCC|HIDDENCAT|EXPECTUNUSEDCATEGORY|INDEX|NOINDEX|STATICREDIRECT|NOGLOBAL|DISAMBIG|EXPECTUNUSEDTEMPLATE)__/g;

/**
 * The languages whose Messages file sets $linkPrefixExtension (true, or false to stop a fallback's):
 * there the letters just before a link belong to its text.
 */
const LINK_PREFIX_EXTENSION: Readonly<Record<string, boolean>> = {
  ar: true, cu: true, cv: true, hy: true, is: true, ka: true, kaa: true, lbe: true, ln: true, mzn: true, pnb: true, uk: true, uz: true,
  en: false, ru: false, sa: false,
};

/** Parser::handleInternalLinks2's link prefix: the content language's letters (English: any non-ASCII too) before `[[`. */
function withLinkPrefixes(text: string, lang: string): string {
  const code = localisationChain(lang).find((c) => c in LINK_PREFIX_EXTENSION);
  if (!code || !LINK_PREFIX_EXTENSION[code]) return text;
  return text.replace(/([a-zA-Z\u{80}-\u{10ffff}]+)\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/gu, (_all, prefix: string, target: string, label?: string) =>
    `[[${target}|${prefix}${label ?? target}]]`);
}

function inlineHtml(text: string, site: SiteConfig, links: HelpLinks): string {
  text = withLinkPrefixes(text, links.language ?? 'en');
  // <nowiki> parts are set aside (as the parser's strip markers) and put back at the end.
  const verbatim: string[] = [];
  const marked = text.replace(/<nowiki>([\s\S]*?)<\/nowiki>/g, (_all, inner: string) => `\u007fnowiki${verbatim.push(nowikiHtml(inner)) - 1}\u007f`);
  const html = normalizeCharReferences(marked)
    // The parser takes behaviour switches out of the text (a translation may lack the <nowiki>).
    .replace(BEHAVIOUR_SWITCHES, '')
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/\[\[mw:([^\]|]*)\|([^\]]*)\]\]/g, (_a, t: string, label: string) =>
      `<a href="https://www.mediawiki.org/wiki/${urlencodeTitle(t)}" class="extiw" title="mw:${t.replace(/_/g, ' ')}">${label}</a>`)
    .replace(/\[\[:?([^\]|]*)\|([^\]]*)\]\]/g, (_a, t: string, label: string) => localLink(t, label, site, links))
    .replace(/\[\[:?([^\]|]*)\]\]/g, (_a, t: string) => localLink(t, undefined, site, links))
    .replace(/\[((?:https?:)?\/\/[^\s\]]+) ([^\]]*)\]/g, '<a rel="nofollow" class="external text" href="$1">$2</a>')
    .replace(/(^|[\s>(])(https?:\/\/[^\s<>\]]+)/g, '$1<a rel="nofollow" class="external free" href="$2">$2</a>')
    .replace(/'''(.*?)'''/g, '<b>$1</b>')
    .replace(/''(.*?)''/g, '<i>$1</i>');
  return verbatim.length ? html.replace(/\u007fnowiki(\d+)\u007f/g, (_all, i: string) => verbatim[Number(i)]) : html;
}

/** Position of the `:` that ends a definition-list term, skipping links and tags; -1 without one. */
function termEnd(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (text.startsWith('[[', i) || c === '<') depth++;
    else if (text.startsWith(']]', i) || c === '>') depth = Math.max(0, depth - 1);
    else if (c === ':' && depth === 0) return i;
  }
  return -1;
}

const LIST_MARKS = /^[*#:;]+/;

/**
 * Consecutive list lines as the parser nests them: each line's marks (`#*`) name its levels; the
 * levels it shares with the line before stay open, the others are closed or opened. `;` and `:`
 * are both definition-list levels (a term and its definition).
 */
function listHtml(lines: readonly string[], site: SiteConfig, links: HelpLinks): string {
  let html = '';
  let open = '';
  let termOpen = false;
  /** Ends the open item of a level and starts the next one, a term for `;`. */
  const nextItem = (mark: string): string => {
    if (mark === '*' || mark === '#') return '</li>\n<li>';
    const end = termOpen ? '</dt>\n' : '</dd>\n';
    termOpen = mark === ';';
    return end + (termOpen ? '<dt>' : '<dd>');
  };
  const closeLevel = (mark: string): string => {
    if (mark === '*') return '</li></ul>';
    if (mark === '#') return '</li></ol>';
    const end = termOpen ? '</dt></dl>' : '</dd></dl>';
    termOpen = false;
    return end;
  };
  const openLevel = (mark: string): string => {
    if (mark === ';') termOpen = true;
    return { '*': '<ul><li>', '#': '<ol><li>', ':': '<dl><dd>', ';': '<dl><dt>' }[mark]!;
  };
  /** `;term:definition` on one line: writes the term and starts the definition; gives the definition's text. */
  const splitTerm = (text: string): string => {
    const end = termEnd(text);
    if (end < 0) return text;
    html += inlineHtml(text.slice(0, end).trim(), site, links) + nextItem(':');
    return text.slice(end + 1);
  };
  for (const line of lines) {
    const marks = LIST_MARKS.exec(line)![0];
    const levels = marks.replace(/;/g, ':');
    let text = line.slice(marks.length);
    if (levels === open) {
      html += nextItem(marks[marks.length - 1]);
      if (marks.endsWith(';')) text = splitTerm(text);
    } else {
      let shared = 0;
      while (shared < Math.min(marks.length, open.length) && marks[shared] === open[shared]) shared++;
      for (let level = open.length; level > shared; level--) html += closeLevel(open[level - 1]);
      if (marks.length <= shared && shared > 0) html += nextItem(marks[shared - 1]);
      if (termOpen && shared > 0 && marks[shared - 1] === ':') html += nextItem(':');
      if (open && marks.length > shared) html += '\n';
      for (let level = shared; level < marks.length; level++) {
        html += openLevel(marks[level]);
        if (marks[level] === ';') text = splitTerm(text);
      }
      open = levels;
    }
    html += inlineHtml(text.trim(), site, links);
  }
  for (let level = open.length; level > 0; level--) html += closeLevel(open[level - 1]);
  return html;
}

/** Tags that end a paragraph: the parser leaves a line holding one unwrapped (BlockLevelPass). */
const BLOCK_OPENING = /<(?:(?:table|h[1-6]|pre|p|ul|ol|dl)|\/(?:td|th)|\/?(?:tr|caption|dt|dd|li))\b/i;
/** ... and those after which the lines that follow are paragraphs again. */
const BLOCK_CLOSING = /<(?:\/(?:table|h[1-6]|pre|p|ul|ol|dl)|(?:td|th)|\/?(?:center|blockquote|div|hr|aside|figure)|mw:)/i;

/**
 * Blocks as the parser writes them: `<p>text\n</p>`, lists, lines of block-level HTML as they
 * are; paragraphs follow each other directly.
 */
function parseAsBlock(wikitext: string, site: SiteConfig, links: HelpLinks): string {
  if (wikitext.trim() === '') return '';
  wikitext = sanitizeTags(wikitext);
  const blocks: { html: string; paragraph: boolean; preformatted?: boolean }[] = [];
  let paragraph: string[] = [];
  let listLines: string[] = [];
  /** Inside an HTML block element opened on an earlier line: no paragraphs. */
  let inBlockElement = false;
  const flushParagraph = () => {
    if (paragraph.length) {
      const text = paragraph.join('\n');
      blocks.push({ html: `<p>${text}\n${closersOfUnclosedTags(text)}</p>`, paragraph: true });
    }
    paragraph = [];
  };
  const flushList = () => {
    if (listLines.length) blocks.push({ html: listHtml(listLines, site, links), paragraph: false });
    listLines = [];
  };
  for (const line of wikitext.split('\n')) {
    if (LIST_MARKS.test(line)) {
      flushParagraph();
      listLines.push(line);
      continue;
    }
    flushList();
    // A line starting with a space is preformatted text (a translation's stray space).
    if (!inBlockElement && /^ +\S/.test(line)) {
      flushParagraph();
      const last = blocks[blocks.length - 1];
      const text = inlineHtml(line.slice(1), site, links);
      if (last?.preformatted) last.html = last.html.replace(/\n<\/pre>$/, `\n${text}\n</pre>`);
      else blocks.push({ html: `<pre>${text}\n</pre>`, paragraph: false, preformatted: true });
      continue;
    }
    const opens = BLOCK_OPENING.test(line);
    const closes = BLOCK_CLOSING.test(line);
    if (opens || closes || (inBlockElement && line.trim() !== '')) {
      flushParagraph();
      blocks.push({ html: inlineHtml(line, site, links), paragraph: false });
      if (opens || closes) inBlockElement = !closes;
    } else if (line.trim() === '') flushParagraph();
    else paragraph.push(inlineHtml(line, site, links));
  }
  flushParagraph();
  flushList();
  return blocks.map((b, i) => (i > 0 && !(b.paragraph && blocks[i - 1].paragraph) ? '\n' : '') + b.html).join('');
}

/** The HTML tags wikitext may hold (Sanitizer's list, and the parser's nowiki). */
const HTML_TAGS = new Set([
  'abbr', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'data', 'dd', 'del', 'dfn', 'div',
  'dl', 'dt', 'em', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'ins', 'kbd', 'li', 'mark', 'nowiki', 'ol', 'p',
  'pre', 'q', 'rb', 'rp', 'rt', 'rtc', 'ruby', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'td',
  'th', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
]);
const VOID_TAGS = new Set(['br', 'hr', 'wbr']);

/**
 * What Sanitizer and tidying make of a translation's tags: names lower-cased, void tags written
 * `<br />`, a closing tag nothing opened dropped, and a `<` or `>` that makes no tag (`</var`
 * without its `>`) written as text.
 */
function sanitizeTags(wikitext: string): string {
  const open: string[] = [];
  return wikitext
    .split(/(<nowiki>[\s\S]*?<\/nowiki>)/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      return part
        .split(/(<\/?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?\/?>)/)
        .map((piece, j) => {
          if (j % 2 === 0) return piece.replace(/</g, '&lt;').replace(/>/g, '&gt;');
          const [, closing, rawName, rest] = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)([\s\S]*)>$/.exec(piece)!;
          const name = rawName!.toLowerCase();
          if (!HTML_TAGS.has(name)) return piece.replace(/</g, '&lt;').replace(/>/g, '&gt;');
          if (VOID_TAGS.has(name)) return `<${name}${rest!.replace(/\s*\/$/, '')} />`;
          if (closing) {
            const at = open.lastIndexOf(name);
            if (at < 0) return '';
            open.splice(at);
          } else if (!rest!.endsWith('/')) open.push(name);
          return `<${closing}${name}${rest}>`;
        })
        .join('');
    })
    .join('');
}

/** Parser::stripOuterParagraph */
function stripOuterParagraph(html: string): string {
  const m = /^<p>([\s\S]*?)\n?<\/p>\n?$/.exec(html);
  return m && !m[1].includes('</p>') ? m[1] : html;
}
