// Everything the links tables need from one page's current wikitext: MediaWiki's LinksUpdate input.

import type { TitleCodec } from '../title.ts';
import { Expander, type TemplateCache } from './expander.ts';
import type { PageContext, SiteFacts, WikiLookup } from './expansion.ts';
import { emptyLinks, scanLinks, type ScannedLinks } from './links.ts';
import { interfaceMessages, isDisabledMessage } from '../../wiki/messages.ts';
import { wfUrlencode } from '../../wiki/urls.ts';
import type { ParsedTitle } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';
import { encodeInfoboxes, INFOBOXES_PROPERTY, renderInfoboxEntry, templateInfoboxMarkups } from '../../wiki/infobox.ts';

export interface ParseEnvironment {
  codec: TitleCodec;
  wiki: WikiLookup;
  site: SiteFacts;
  templateCache: TemplateCache;
  isLanguagePrefix(prefix: string): boolean;
  /** Whether a file exists, following file redirects: the file it resolves to, or null. */
  resolveFile(name: string): string | null;
  /** Category DB key of a tracking category message, or null when the wiki disables it. */
  trackingCategory(messageKey: string): string | null;
}

export interface PageAnalysis {
  redirect: ParsedTitle | null;
  links: ScannedLinks;
  templates: Map<string, { ns: number; dbKey: string }>;
  /** page_props rows: switches with '', defaultsort, displaytitle, infoboxes, Cite's compressed references-N. */
  props: Map<string, string | Uint8Array>;
}

const REDIRECT_LINK = /^\s*:?\s*\[\[(.*?)(?:\|.*?)?\]\]\s*/s;

/**
 * WikitextContent::getRedirectTargetAndText: the target and the text that follows the link. The
 * magic word is the content language's (`#WEITERLEITUNG`), English's `#REDIRECT` always included.
 */
export function redirectTarget(text: string, codec: TitleCodec, aliases: readonly RegExp[] = []): { target: ParsedTitle; rest: string } | null {
  const trimmed = text.replace(/^\s+/, '');
  let m = codec.redirectPattern.exec(trimmed);
  for (const alias of aliases) m ??= alias.exec(trimmed);
  if (!m) return null;
  const after = trimmed.slice(m[0].length);
  const link = REDIRECT_LINK.exec(after);
  if (!link) return null;
  let target = link[1]!;
  if (target.indexOf('%') >= 0) {
    try {
      target = decodeURIComponent(target.replace(/^:+/, ''));
    } catch {
      // An invalid escape leaves the title as written, which then fails to parse like MediaWiki's.
    }
  }
  const title = codec.parse(target);
  if (!title) return null;
  if (title.dbKey === '' && title.interwiki === '') return null;
  return { target: title, rest: after.slice(link[0].length) };
}

export function analyzeWikitext(text: string, page: PageContext, env: ParseEnvironment, redirectAliases: readonly RegExp[] = []): PageAnalysis {
  return analyzeParsed(text, redirectTarget(text, env.codec, redirectAliases), page, env);
}

/**
 * A JavaScript or CSS page ($wgTextModelsToParse): the parser reads its text as wikitext, so links,
 * templates, categories and switches in comments count; but `#REDIRECT [[X]]` makes no redirect
 * (such pages redirect only in their own form, a commented #REDIRECT before a mw.loader.load or
 * an @import of the target's raw URL), it is a numbered list holding a link.
 */
export function analyzeScriptPage(text: string, page: PageContext, env: ParseEnvironment): PageAnalysis {
  return analyzeParsed(text, null, page, env);
}

/**
 * JavaScriptContent / CssContent::getRedirectTarget: a script or style page redirects only when
 * its whole text is what MediaWiki writes for a redirect to the target on this wiki (the
 * commented #REDIRECT, then mw.loader.load or @import of the target's raw URL on this server).
 */
export function scriptRedirectTarget(text: string, model: string, site: SiteFacts, codec: TitleCodec): ParsedTitle | null {
  if (!text.startsWith(SCRIPT_REDIRECT) || (model !== 'javascript' && model !== 'css')) return null;
  const m = (model === 'javascript' ? /title=(.*?)\\u0026action=raw/ : /title=(.*?)&action=raw/).exec(text);
  if (!m) return null;
  let name: string;
  try {
    name = decodeURIComponent(m[1]!.replace(/\+/g, ' '));
  } catch {
    return null;
  }
  const title = codec.parse(name);
  if (!title || title.interwiki !== '' || title.dbKey === '' || title.ns < 0) return null;
  return text === scriptRedirectText(title, model, site, codec) ? title : null;
}

const SCRIPT_REDIRECT = '/* #REDIRECT */';

/** JavaScriptContentHandler / CssContentHandler::makeRedirectContent. */
function scriptRedirectText(target: ParsedTitle, model: string, site: SiteFacts, codec: TitleCodec): string {
  const dbKey = codec.namespaces.prefixedText(target.ns, target.dbKey).replace(/ /g, '_');
  // Title::getFullURL with PROTO_RELATIVE: a server with a protocol keeps it.
  const url = `${site.server}${site.scriptPath}/index.php?title=${wfUrlencode(dbKey)}&action=raw&ctype=text/${model}`;
  if (model === 'javascript') return `${SCRIPT_REDIRECT}mw.loader.load(${jsString(url)});`;
  return `${SCRIPT_REDIRECT}@import ${cssUrlValue(url)};`;
}

/** Xml::encodeJsVar of a string: JSON with slashes and Unicode as they are, `<`, `>`, `&` escaped. */
function jsString(s: string): string {
  return JSON.stringify(s).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`);
}

/** CSSMin::buildUrlValue. */
function cssUrlValue(url: string): string {
  if (/^[\w:@/~.%+;,?&=-]+$/.test(url)) return `url(${url})`;
  return `url("${url.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}")`;
}

function analyzeParsed(text: string, redirect: { target: ParsedTitle; rest: string } | null, page: PageContext, env: ParseEnvironment): PageAnalysis {
  const body = redirect ? redirect.rest : text;
  const expander = new Expander(env.codec, env.wiki, env.site, page, env.templateCache);
  const expanded = needsExpansion(body) ? expander.expandPage(body) : body;
  const out = expander.out;
  const links = emptyLinks();
  const subpageNamespaces = env.site.subpageNamespaces;
  scanLinks(expanded, {
    codec: env.codec,
    ns: page.ns,
    dbKey: page.dbKey,
    isLanguagePrefix: env.isLanguagePrefix,
    subpageNamespaces,
    defaultSort: () => out.props.get('defaultsort') ?? '',
    extensions: expander.extensions,
    lang: env.site.lang,
  }, links);
  dropLinksToThisServer(links, env.site.server);
  if (redirect) {
    const t = redirect.target;
    if (t.interwiki !== '') links.interwikiLinks.set(`${t.interwiki}:${t.dbKey}`, [t.interwiki, t.dbKey]);
    else if (t.ns >= 0) links.pageLinks.set(`${t.ns}:${t.dbKey}`, { ns: t.ns, dbKey: t.dbKey });
  }
  for (const [key, link] of out.links) links.pageLinks.set(key, link);
  for (const image of out.images) links.images.add(image);
  for (const file of out.embeddedFiles) links.embeddedFiles.add(file);
  const props = new Map<string, string | Uint8Array>();
  for (const name of links.switches) props.set(name, '');
  const defaultSort = out.props.get('defaultsort');
  if (defaultSort !== undefined) props.set('defaultsort', defaultSort);
  const displayTitle = out.props.get('displaytitle');
  if (displayTitle !== undefined) props.set('displaytitle', displayTitle);
  // Cite marks every page that uses book referencing (extends=), valid or not.
  if (out.props.has('ref-extends')) props.set('ref-extends', '');
  const infoboxes = page.ns === NS.TEMPLATE && expander.extensions.has('Infobox') ? templateInfoboxes(body) : out.props.get(INFOBOXES_PROPERTY);
  if (infoboxes !== undefined) props.set(INFOBOXES_PROPERTY, infoboxes);
  for (const [name, value] of expander.cite.storedReferenceProperties()) props.set(name, value);
  addTrackingCategories(links, out.tracking, page, env, defaultSort ?? '');
  return { redirect: redirect?.target ?? null, links, templates: out.templates, props };
}

/**
 * ParserOutput::addExternalLink keeps no link to the wiki's own server ($wgRegisterInternalExternals
 * is false): isLinkInternal matches $wgServer at the start, case-insensitively, followed by `/`, `?`,
 * `#` or the end; a protocol-relative server matches `http:` and `https:` links too.
 */
export function dropLinksToThisServer(links: ScannedLinks, server: string): void {
  if (!server || links.externalLinks.size === 0) return;
  const internal = serverPattern(server);
  for (const url of links.externalLinks) {
    if (internal.test(url)) links.externalLinks.delete(url);
  }
}

let serverPatternFor = '';
let serverPatternRegex = /$^/;

/** The pattern of links to the server, made once (a wiki has one server). */
function serverPattern(server: string): RegExp {
  if (server !== serverPatternFor) {
    const prefix = server.startsWith('//') ? `(?:https?:)?${escapeRegExp(server)}` : escapeRegExp(server);
    serverPatternRegex = new RegExp(`^${prefix}(?:[?/#]|$)`, 'i');
    serverPatternFor = server;
  }
  return serverPatternRegex;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * A template's infoboxes as PortableInfobox saves them when the template is saved
 * (PortableInfoboxDataService::reparseArticle): those of its transcluded text, <includeonly>
 * ones too, rendered without arguments; undefined when it has none.
 */
function templateInfoboxes(text: string): string | undefined {
  const entries = templateInfoboxMarkups(text)
    .map((markup) => renderInfoboxEntry(markup, new Map()))
    .filter((entry) => entry !== null);
  return entries.length > 0 ? encodeInfoboxes(entries) : undefined;
}

function needsExpansion(text: string): boolean {
  return text.indexOf('{{') >= 0 || text.indexOf('<') >= 0;
}

/** Parser::fetchFileAndTitle: a link to a file redirect also records the file it leads to. */
function resolveFiles(links: ScannedLinks, tracking: Set<string>, env: ParseEnvironment): void {
  for (const image of [...links.images]) {
    const target = env.resolveFile(image);
    if (target === null) {
      if (links.embeddedFiles.has(image)) tracking.add('broken-file-category');
    } else if (target !== image) {
      links.images.add(target);
    }
  }
}

function addTrackingCategories(links: ScannedLinks, tracking: Set<string>, page: PageContext, env: ParseEnvironment, defaultSort: string): void {
  resolveFiles(links, tracking, env);
  if (links.switches.has('hiddencat') && page.ns === NS.CATEGORY) tracking.add('hidden-category-category');
  const canUseNoindex = !env.site.contentNamespaces.has(page.ns);
  if (links.switches.has('noindex') && canUseNoindex) tracking.add('noindex-category');
  if (links.switches.has('index') && canUseNoindex) tracking.add('index-category');
  for (const key of tracking) {
    const category = env.trackingCategory(key);
    // Parser::addTrackingCategory sorts by the page's DEFAULTSORT like any category without a key.
    if (category !== null && !links.categories.has(category)) links.categories.set(category, defaultSort);
  }
}

/** Scribunto's messages for a module's documentation, in the wiki's language. */
export interface ModuleDocMessages {
  /** `scribunto-doc-page-name`: `Module:$1/doc`. */
  docPageName: string;
  /** `scribunto-doc-page-show`: `{{$1}}\n<hr />`. */
  show: string;
  /** `scribunto-doc-page-does-not-exist`: `''Documentation for this module may be created at [[$1]]''`. */
  doesNotExist: string;
}

export function moduleDocMessages(lang: string): ModuleDocMessages {
  const m = interfaceMessages(lang);
  return {
    docPageName: m['scribunto-doc-page-name'] ?? 'Module:$1/doc',
    show: m['scribunto-doc-page-show'] ?? '{{$1}}\n<hr />',
    doesNotExist: m['scribunto-doc-page-does-not-exist'] ?? "''Documentation for this module may be created at [[$1]]''",
  };
}

/**
 * ScribuntoContentHandler::fillParserOutput: a module page (content model Scribunto) is not
 * wikitext, but it shows its documentation page (`{{Module:X/doc}}`, whose links and categories
 * count) or, when there is none, a message linking to it; the doc page is a transclusion either way.
 */
export function analyzeModulePage(page: PageContext, env: ParseEnvironment, messages: ModuleDocMessages = moduleDocMessages(env.site.lang)): PageAnalysis {
  if (isDisabledMessage(messages.docPageName)) return emptyAnalysis();
  const text = env.codec.namespaces.prefixedText(0, page.dbKey);
  const doc = env.codec.parse(messages.docPageName.split('$1').join(text));
  if (!doc || doc.interwiki !== '' || doc.dbKey === '') return emptyAnalysis();
  const docText = env.codec.namespaces.prefixedText(doc.ns, doc.dbKey);
  const message = env.wiki.exists(doc.ns, doc.dbKey) ? messages.show : messages.doesNotExist;
  // A disabled message shows nothing, but the doc page is still registered as a transclusion.
  const analysis = isDisabledMessage(message) ? emptyAnalysis() : analyzeParsed(`<div>\n${message.split('$1').join(docText)}\n</div>`, null, page, env);
  analysis.templates.set(`${doc.ns}:${doc.dbKey}`, { ns: doc.ns, dbKey: doc.dbKey });
  return analysis;
}

function emptyAnalysis(): PageAnalysis {
  return { redirect: null, links: emptyLinks(), templates: new Map(), props: new Map() };
}

