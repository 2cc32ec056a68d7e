// Message::text()'s transformation (MessageCache::transform -> Parser::transformMsg): the braces of
// a message expanded as the preprocessor does, with the magic words and parser functions that
// messages use, in the message's language. Links, bold and the rest stay wikitext.
import { currentText } from '../../store/page-text.ts';
import type { SiteStatsRow } from '../../store/site.ts';
import { preprocess, type PPNode, type TemplatePart } from '../../wiki/preprocessor.ts';
import { ExprError, expressionIsTrue, expressionResult } from '../../wiki/expr.ts';
import { bcp47, isRightToLeft, isValidBuiltInLanguageCode, languageName } from '../../wiki/languages.ts';
import { LOCALISED_EXTENSIONS, localisation } from '../../wiki/localisation.ts';
import { anchorEncode, looksLikeError, looselyEqual, padText, parserFunctionError, phpIntOf, relativeToAbsolute, titleParts } from '../../wiki/parser-functions.ts';
import { formatTime, parserFunctionTime } from '../../wiki/time-format.ts';
import { nowMw } from '../../wiki/timestamps.ts';
import { userOffsetMinutes, userTime } from '../../wiki/user-time.ts';
import { formatNumber } from '../../wiki/number-format.ts';
import { NS } from '../../wiki/namespaces.ts';
import { urlFunction } from '../../wiki/url-functions.ts';
import { phpTrim } from '../../wiki/php-values.ts';
import { decodeCharReferencesOnly, escapeWikiText, isInvalidTitle, ucfirst, type ParsedTitle } from '../../wiki/titles.ts';
import { expandUrl, wfUrlencode, phpRawUrlencode, phpUrlencode } from '../../wiki/urls.ts';
import { filePath } from '../../wiki/files.ts';
import type { ApiServices } from '../services.ts';
import { convertGrammar, convertPlural, embedBidi, formatNum, genderForm, parseFormattedNumber, phpFloat } from '../../wiki/language-rules.ts';
import { fillMessage, lcfirst, type MessageLookup } from './message-lookup.ts';

export interface MessageWikitextContext {
  services: ApiServices;
  lookup: MessageLookup;
  /** The message's language: plurals, grammar and `{{int:}}` use it. */
  lang: string;
  /** The page the message is shown for ({{PAGENAME}} and its kin). */
  page: ParsedTitle;
  /** The variant the request asks for (grammar/requestedKazakhVariant): Kazakh's grammar follows its script. */
  variant?: string;
}

type Args = Map<string, () => Promise<string>>;

const MAX_DEPTH = 40;

/** Expands the braces of a message's text (after its parameters were put in). */
export async function expandMessageWikitext(text: string, context: MessageWikitextContext): Promise<string> {
  if (!text.includes('{{')) return text;
  return new Expander(context).expandText(text, new Map(), 0, false);
}

class Expander {
  constructor(private readonly context: MessageWikitextContext) {}

  async expandText(text: string, args: Args, depth: number, forInclusion: boolean): Promise<string> {
    const nodes = preprocess(text, { tags: this.context.services.parserTags, forInclusion });
    return this.expand(nodes, args, depth);
  }

  async expand(nodes: readonly PPNode[], args: Args, depth: number): Promise<string> {
    let out = '';
    for (const node of nodes) {
      if (typeof node === 'string') out += node;
      else if (node.kind === 'template') out += await this.braces(node, args, depth);
      else if (node.kind === 'arg') out += await this.argument(node.title, node.parts, args, depth);
      // ParserOptions' removeComments: a parsed message loses its comments.
      else if (node.kind === 'comment') continue;
      else if (node.kind === 'ignore') continue;
      else if (node.kind === 'heading') out += await this.expand(node.children, args, depth);
      else if (node.kind === 'equals') out += '=';
      else if (node.kind === 'ext') out += `<${node.name}${node.attributes}${node.inner === null ? '/>' : `>${node.inner}${node.close ?? ''}`}`;
    }
    return out;
  }

  private async partText(part: TemplatePart, args: Args, depth: number): Promise<string> {
    const value = await this.expand(part.value, args, depth);
    return part.name === null ? value : `${await this.expand(part.name, args, depth)}=${value}`;
  }

  private async original(title: PPNode[], parts: TemplatePart[], args: Args, depth: number, braces: number): Promise<string> {
    let out = '{'.repeat(braces) + (await this.expand(title, args, depth));
    for (const part of parts) out += '|' + (await this.partText(part, args, depth));
    return out + '}'.repeat(braces);
  }

  private async argument(title: PPNode[], parts: TemplatePart[], args: Args, depth: number): Promise<string> {
    const name = phpTrim(await this.expand(title, args, depth));
    const value = args.get(name);
    if (value) return value();
    if (parts.length) return this.partText(parts[0]!, args, depth);
    return this.original(title, parts, args, depth, 3);
  }

  /**
   * Parser::braceSubstitution: what the braces give, on a new line when it starts a block (a
   * table, `:`, `;`, `#` or `*`) and the braces did not start the line (T2529).
   */
  private async braces(node: { title: PPNode[]; parts: TemplatePart[]; lineStart: boolean }, args: Args, depth: number): Promise<string> {
    const text = await this.template(node.title, node.parts, args, depth);
    return !node.lineStart && /^(?:\{\||:|;|#|\*)/.test(text) ? `\n${text}` : text;
  }

  private async template(titleNodes: PPNode[], parts: TemplatePart[], args: Args, depth: number): Promise<string> {
    if (depth >= MAX_DEPTH) return this.original(titleNodes, parts, args, depth, 2);
    let name = phpTrim(await this.expand(titleNodes, args, depth));
    // subst: is only done when a page is saved; safesubst: is then a plain call.
    if (/^subst:/i.test(name)) return this.original(titleNodes, parts, args, depth, 2);
    name = name.replace(/^safesubst:/i, '');
    const partTexts = (): Promise<string[]> => Promise.all(parts.map(async (p) => phpTrim(await this.partText(p, args, depth))));
    if (parts.length === 0) {
      const variable = this.variable(name) ?? (await this.statistic(name));
      if (variable !== undefined) return variable;
    }
    // The modifiers msgnw: (the template's text escaped, not expanded), msg: and raw:, once each.
    let nowiki = false;
    if (/^msgnw:/i.test(name)) {
      nowiki = true;
      name = name.slice('msgnw:'.length);
    }
    name = name.replace(/^msg:/i, '').replace(/^raw:/i, '');
    const colon = name.indexOf(':');
    if (colon > 0) {
      const fn = name.slice(0, colon);
      const first = phpTrim(name.slice(colon + 1));
      const result = await this.parserFunction(fn, first, parts, partTexts, args, depth);
      if (result !== undefined) return result;
    }
    return this.transclude(name, parts, args, depth, titleNodes, nowiki);
  }

  /** The site statistics' magic words, written as numbers of the message's language (raw with `R`). */
  private async statistic(name: string, raw = false): Promise<string | undefined> {
    const { store } = this.context.services;
    let count: number;
    if (name === 'NUMBEROFADMINS') count = await store.users.groupSize('sysop', nowMw());
    else {
      const column = STATISTICS[name];
      if (!column) return undefined;
      const stats = await store.site.stats();
      count = stats ? stats[column] : 0;
    }
    return raw ? String(count) : formatNum(count, this.context.lang);
  }

  /** A magic variable of the page or the wiki; undefined for a name that is none. */
  private variable(name: string): string | undefined {
    const { services, page } = this.context;
    const { site, titles } = services;
    switch (name) {
      case '!':
        return '|';
      case '=':
        return '=';
      case 'SITENAME':
        return site.siteName;
      case 'SERVER':
        return site.server;
      case 'SERVERNAME':
        return site.server.replace(/^[a-z]*:?\/\//, '').replace(/:\d+$/, '');
      case 'SCRIPTPATH':
        return site.scriptPath;
      case 'STYLEPATH':
        return `${site.scriptPath}/skins`;
      case 'CONTENTLANGUAGE':
      case 'CONTENTLANG':
        return site.lang;
      case 'REVISIONID':
      case 'REVISIONUSER':
        return '';
      case 'DIRMARK':
      case 'DIRECTIONMARK':
        return isRightToLeft(this.context.lang) ? '\u200f' : '\u200e';
      case 'CURRENTVERSION':
        return site.generator.replace(/^MediaWiki /, '');
      case 'ARTICLEPATH':
        return site.articlePath;
      case 'PAGELANGUAGE':
        return this.context.lang;
    }
    const date = this.dateVariable(name);
    if (date !== undefined) return date;
    const pageFunction = PAGE_NAME_FUNCTIONS[name.toLowerCase()];
    if (pageFunction && name === name.toUpperCase()) return pageFunction(page, titles, services.namespaces);
    return undefined;
  }

  /**
   * The clock's magic words (CURRENT… in UTC, LOCAL… in the wiki's zone): numbers with the message
   * language's digits, names in its words.
   */
  private dateVariable(name: string): string | undefined {
    const m = /^(CURRENT|LOCAL)(YEAR|MONTH|MONTH2|MONTH1|MONTHNAME|MONTHNAMEGEN|MONTHABBREV|DAY|DAY2|DAYNAME|TIME|HOUR|WEEK|DOW|TIMESTAMP)$/.exec(name);
    if (!m) return undefined;
    const { lang, services } = this.context;
    const now = Date.now();
    const when = new Date(m[1] === 'LOCAL' ? now + userOffsetMinutes('', services.site, now) * 60_000 : now);
    const digits = (format: string): string => formatNumber(formatTime(format, when, 'en'), lang, { noSeparators: true });
    switch (m[2]) {
      case 'YEAR':
        return digits('Y');
      case 'MONTH':
      case 'MONTH2':
        return digits('m');
      case 'MONTH1':
        return digits('n');
      case 'DAY':
        return digits('j');
      case 'DAY2':
        return digits('d');
      case 'HOUR':
        return digits('H');
      case 'MONTHNAME':
        return formatTime('F', when, lang);
      case 'MONTHNAMEGEN':
        return formatTime('xg', when, lang);
      case 'MONTHABBREV':
        return formatTime('M', when, lang);
      case 'DAYNAME':
        return formatTime('l', when, lang);
      case 'TIME':
        // Language::time without a time correction: the language's default time format.
        return userTime(formatTime('YmdHis', when, 'en'), 'Offset|0', services.site, lang);
      case 'WEEK':
        return formatNum(String(Number(formatTime('W', when, 'en'))), lang);
      case 'DOW':
        return formatNum(formatTime('w', when, 'en'), lang);
      default:
        return formatTime('YmdHis', when, 'en');
    }
  }

  private async parserFunction(
    fn: string,
    first: string,
    parts: TemplatePart[],
    partTexts: () => Promise<string[]>,
    args: Args,
    depth: number,
  ): Promise<string | undefined> {
    const { services, lookup, lang } = this.context;
    const { namespaces, titles, site } = services;
    const lower = fn.toLowerCase();
    switch (lower) {
      case 'int': {
        const key = first;
        if (!key) return undefined;
        const params = await partTexts();
        const text = await lookup.get(key, lang);
        const plain = text === false ? `⧼${escapeHtml(key)}⧽` : fillMessage(text, key, lang, params);
        return this.expandText(plain, args, depth + 1, false);
      }
      case 'plural':
        return convertPlural(parseFormattedNumber(first, lang), await partTexts(), lang);
      case 'gender': {
        const forms = await partTexts();
        // A single form needs no gender (CoreParserFunctions::gender).
        return forms.length < 2 ? (forms[0] ?? '') : genderForm(await lookup.gender(first, titles, site), forms);
      }
      case 'grammar':
        return convertGrammar((await partTexts())[0] ?? '', first, lang, { variant: this.context.variant });
      case 'ns':
      case 'nse': {
        // A number names a namespace (none: empty); an unknown name is no function call, and the
        // text is then a template's name.
        const numeric = /^\s*[+-]?\d/.test(first) && Math.trunc(phpFloat(first)) !== 0 ? Math.trunc(phpFloat(first)) : /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(first) && phpFloat(first) === 0 ? 0 : undefined;
        const index = numeric ?? namespaces.lookup(first.replace(/ /g, '_'));
        if (index === undefined) return undefined;
        if (!namespaces.exists(index)) return '';
        const text = namespaces.nsText(index);
        return lower === 'ns' ? text.replace(/_/g, ' ') : wfUrlencode(text.replace(/ /g, '_'));
      }
      case 'ucfirst':
        return ucfirst(first);
      case 'lcfirst':
        return lcfirst(first);
      case 'uc':
        return first.toUpperCase();
      case 'lc':
        return first.toLowerCase();
      case 'urlencode': {
        const mode = ((await partTexts())[0] ?? '').toUpperCase();
        if (mode === 'WIKI') return wfUrlencode(first.replace(/ /g, '_'));
        return mode === 'PATH' ? phpRawUrlencode(first) : phpUrlencode(first);
      }
      case 'padleft':
      case 'padright': {
        const [length = '0', padding = '0'] = await partTexts();
        return padText(first, phpIntOf(length), padding, lower === 'padleft');
      }
      case 'anchorencode':
        return anchorEncode(first);
      case 'filepath': {
        const file = titles.makeSafe(NS.FILE, first);
        if (!file || !(await services.store.files.existing([file.dbKey])).has(file.dbKey)) return '';
        return expandUrl(site, filePath({ uploadPath: site.uploadPath }, file.dbKey));
      }
      case 'formatnum': {
        const options = await partTexts();
        if (options.includes('R')) return first;
        return phpTrim(options[0] ?? '') === 'NOSEP' ? formatNumber(first, lang, { noSeparators: true }) : formatNum(first, lang);
      }
      case 'bidi':
        return embedBidi(first);
      case 'fullurl':
      case 'fullurle':
      case 'canonicalurl':
      case 'canonicalurle':
      case 'localurl':
      case 'localurle': {
        const interwiki = (prefix: string): { url: string; local: boolean } | undefined => {
          const row = services.interwikis.get(prefix);
          return row ? { url: row.iw_url, local: row.iw_local === 1 } : undefined;
        };
        return urlFunction(lower, first, (await partTexts())[0] ?? '', { site, titles, interwiki });
      }
      case 'displaytitle':
        return '';
    }
    // The case-sensitive magic words of counts, sort keys and protections.
    if (fn === fn.toUpperCase()) {
      const counted = await this.countFunction(fn, first, await partTexts());
      if (counted !== undefined) return counted;
    }
    switch (lower) {
      case '#tag': {
        // Re-emitted as the tag itself: the preprocessor does not run extension tags.
        const texts = await partTexts();
        const attributes = texts.slice(1).map((attr) => {
          const at = attr.indexOf('=');
          return at < 0 ? '' : ` ${phpTrim(attr.slice(0, at))}="${phpTrim(attr.slice(at + 1)).replace(/^(["'])(.*)\1$/, '$2')}"`;
        });
        const name = first.toLowerCase();
        return texts.length ? `<${name}${attributes.join('')}>${texts[0]}</${name}>` : `<${name}/>`;
      }
      case '#language': {
        // Without the CLDR extension every language is named by its autonym, in any language.
        const name = languageName(first.toLowerCase());
        return name ?? bcp47(first);
      }
      case '#special':
      case '#speciale': {
        const resolved = services.specialPages.resolve(first.replace(/ /g, '_'));
        const text = resolved
          ? titles.text(NS.SPECIAL, services.specialPages.localName(resolved.name, resolved.subpage))
          : (() => {
              const made = titles.makeSafe(NS.SPECIAL, first);
              return made ? titles.prefixedText(made) : titles.text(NS.SPECIAL, 'Badtitle');
            })();
        return lower === '#speciale' ? wfUrlencode(text.replace(/ /g, '_')) : text;
      }
      case '#if': {
        if (first !== '') return parts[0] ? phpTrim(await this.partText(parts[0], args, depth)) : '';
        return parts[1] ? phpTrim(await this.partText(parts[1], args, depth)) : '';
      }
      case '#ifeq': {
        const right = parts[0] ? phpTrim(decodeCharReferencesOnly(phpTrim(await this.partText(parts[0], args, depth)))) : '';
        const chosen = parts[looselyEqual(phpTrim(decodeCharReferencesOnly(first)), right) ? 1 : 2];
        return this.branch(chosen, args, depth);
      }
      case '#switch':
        return this.switchFunction(phpTrim(decodeCharReferencesOnly(first)), parts, args, depth);
      case '#iferror':
        if (looksLikeError(first)) return this.branch(parts[0], args, depth);
        return parts.length > 1 ? this.branch(parts[1], args, depth) : first;
      case '#expr':
        try {
          return expressionResult(first);
        } catch (error) {
          if (error instanceof ExprError) return this.extensionError(`pfunc_expr_${error.key}`, [error.parameter]);
          throw error;
        }
      case '#ifexpr': {
        let result: string;
        try {
          result = expressionResult(first);
        } catch (error) {
          if (error instanceof ExprError) return this.extensionError(`pfunc_expr_${error.key}`, [error.parameter]);
          throw error;
        }
        return this.branch(parts[expressionIsTrue(result) ? 0 : 1], args, depth);
      }
      case '#time':
      case '#timel': {
        // The site's zone is the fixture's UTC: #timel gives what #time gives.
        const [date = '', language = ''] = await Promise.all(parts.slice(0, 2).map(async (part) => phpTrim(await this.partText(part, args, depth))));
        const timeLanguage = language !== '' && isValidBuiltInLanguageCode(language) ? language : lang;
        const result = parserFunctionTime(first, date, timeLanguage, new Date());
        return 'text' in result ? result.text : this.extensionError(result.error, []);
      }
      case '#titleparts': {
        const title = titles.parse(first);
        if (isInvalidTitle(title)) return first;
        const [count = '', offset = ''] = await Promise.all(parts.slice(0, 2).map((part) => this.partText(part, args, depth)));
        return titleParts(titles.prefixedText(title), phpIntOf(count), phpIntOf(offset));
      }
      case '#rel2abs': {
        const given = parts[0] ? phpTrim(await this.partText(parts[0], args, depth)) : '';
        const resolved = relativeToAbsolute(first, given !== '' ? given : titles.prefixedText(this.context.page));
        return 'path' in resolved ? resolved.path : this.extensionError('pfunc_rel2abs_invalid_depth', [resolved.tooDeep]);
      }
      case '#ifexist':
        return this.branch(parts[(await this.exists(first)) ? 0 : 1], args, depth);
    }
    const pageFunction = PAGE_NAME_FUNCTIONS[lower];
    if (pageFunction && fn === fn.toUpperCase()) {
      const title = titles.parse(first);
      return isInvalidTitle(title) ? '' : pageFunction(title, titles, namespaces);
    }
    return undefined;
  }

  /**
   * The functions that count or look up (NUMBEROF…:R, NUMBERINGROUP, PAGESINCATEGORY, PAGESIZE),
   * a raw number with `R`; DEFAULTSORT (nothing to show); PROTECTIONLEVEL and PROTECTIONEXPIRY.
   */
  private async countFunction(fn: string, first: string, rest: string[]): Promise<string | undefined> {
    const { services, lang, page } = this.context;
    const { store, titles } = services;
    const formatted = (count: number, raw: string | undefined): string => (raw === 'R' ? String(count) : formatNum(count, lang));
    switch (fn) {
      case 'NUMBEROFPAGES':
      case 'NUMBEROFARTICLES':
      case 'NUMBEROFFILES':
      case 'NUMBEROFUSERS':
      case 'NUMBEROFACTIVEUSERS':
      case 'NUMBEROFEDITS':
      case 'NUMBEROFADMINS':
        return this.statistic(fn, first === 'R');
      case 'NUMBERINGROUP':
      case 'NUMINGROUP':
        return formatted(await store.users.groupSize(first.toLowerCase(), nowMw()), rest[0]);
      case 'PAGESINCATEGORY':
      case 'PAGESINCAT': {
        // The R and the kind (all, pages, subcats, files) may come in either order.
        const [raw, kind] = rest[0] === 'R' ? [rest[0], rest[1]] : [rest[1], rest[0]];
        const category = titles.makeSafe(NS.CATEGORY, first);
        if (!category) return formatted(0, raw);
        const [row] = await store.categories.info([category.dbKey], null);
        const counts = { all: row?.cat_pages ?? 0, subcats: row?.cat_subcats ?? 0, files: row?.cat_files ?? 0, pages: row ? row.cat_pages - row.cat_subcats - row.cat_files : 0 };
        const chosen = (kind ?? '').toLowerCase();
        return formatted(Object.hasOwn(counts, chosen) ? counts[chosen as keyof typeof counts] : counts.all, raw);
      }
      case 'PAGESIZE': {
        const title = titles.parse(first);
        if (isInvalidTitle(title)) return formatted(0, rest[0]);
        const [row] = await store.pages.byTitles([{ ns: title.ns, dbKey: title.dbKey }]);
        return formatted(row?.page_len ?? 0, rest[0]);
      }
      case 'DEFAULTSORT':
      case 'DEFAULTSORTKEY':
      case 'DEFAULTCATEGORYSORT':
        return '';
      case 'PROTECTIONLEVEL':
      case 'PROTECTIONEXPIRY': {
        const named = rest[0] ? titles.parse(rest[0]) : null;
        const title = named && !isInvalidTitle(named) ? named : page;
        const kind = first.toLowerCase();
        const levels = await this.restrictions(title, kind);
        if (fn === 'PROTECTIONLEVEL') return levels?.map((r) => r.level).join(',') ?? '';
        // A kind of protection the page can have and does not: no expiry, 'infinity'.
        return levels ? (levels[0]?.expiry ?? 'infinity') : '';
      }
    }
    return undefined;
  }

  /**
   * The page's current restrictions of one kind: edit, move (and upload for a file) of a page,
   * create of a missing one (its title protection); null for a kind the page cannot have.
   */
  private async restrictions(title: ParsedTitle, kind: string): Promise<{ level: string; expiry: string }[] | null> {
    const { store } = this.context.services;
    if (title.ns < 0) return null;
    const now = nowMw();
    const expiryOf = (expiry: string | null): string => (expiry === null || expiry === 'infinity' ? 'infinity' : expiry);
    const current = (expiry: string | null): boolean => expiryOf(expiry) === 'infinity' || expiryOf(expiry) > now;
    const [row] = await store.pages.byTitles([{ ns: title.ns, dbKey: title.dbKey }]);
    if (!row) {
      if (kind !== 'create') return null;
      const protectedTitles = await store.pages.protectedTitles([{ ns: title.ns, dbKey: title.dbKey }]);
      return protectedTitles.filter((p) => current(p.pt_expiry)).map((p) => ({ level: p.pt_create_perm, expiry: expiryOf(p.pt_expiry) }));
    }
    if (!(kind === 'edit' || kind === 'move' || (kind === 'upload' && title.ns === NS.FILE))) return null;
    const rows = await store.pages.restrictions([row.page_id]);
    return rows.filter((r) => r.pr_type === kind && current(r.pr_expiry)).map((r) => ({ level: r.pr_level, expiry: expiryOf(r.pr_expiry) }));
  }

  /** A branch of #if and its kin: expanded only when taken, `name=value` as written, trimmed. */
  private async branch(part: TemplatePart | undefined, args: Args, depth: number): Promise<string> {
    return part ? phpTrim(await this.partText(part, args, depth)) : '';
  }

  /**
   * ParserFunctions' #switch: the value after the first case equal to the text (cases without `=`
   * fall through to the next value), else the `#default` case's, or a last case without `=`.
   */
  private async switchFunction(primary: string, parts: TemplatePart[], args: Args, depth: number): Promise<string> {
    let found = false;
    let defaultFound = false;
    let fallback: PPNode[] | null = null;
    let lastWithoutEquals: string | null = null;
    for (const part of parts) {
      if (part.name !== null) {
        lastWithoutEquals = null;
        if (found) return phpTrim(await this.expand(part.value, args, depth));
        const test = phpTrim(decodeCharReferencesOnly(await this.expand(part.name, args, depth)));
        if (looselyEqual(test, primary)) return phpTrim(await this.expand(part.value, args, depth));
        if (defaultFound || this.isDefaultWord(test)) {
          fallback = part.value;
          defaultFound = false;
        }
      } else {
        const expanded = await this.expand(part.value, args, depth);
        lastWithoutEquals = phpTrim(expanded);
        const test = phpTrim(decodeCharReferencesOnly(expanded));
        if (looselyEqual(test, primary)) found = true;
        else if (this.isDefaultWord(test)) defaultFound = true;
      }
    }
    if (lastWithoutEquals !== null) return lastWithoutEquals;
    return fallback ? phpTrim(await this.expand(fallback, args, depth)) : '';
  }

  /** The magic word `default` (`#default` and the content language's synonyms). */
  private isDefaultWord(text: string): boolean {
    const word = localisation(this.context.lookup.contentLanguage, LOCALISED_EXTENSIONS, '').magicWords.find(([id]) => id === 'default');
    if (!word) return text.toLowerCase() === '#default';
    const [, caseSensitive, synonyms] = word;
    return synonyms.some((synonym) => (caseSensitive ? synonym === text : synonym.toLowerCase() === text.toLowerCase()));
  }

  /** An error of ParserFunctions: its message in the content language (the wiki's pages first), escaped. */
  private async extensionError(key: string, params: string[]): Promise<string> {
    const { lookup } = this.context;
    const text = await lookup.get(key, lookup.contentLanguage);
    return parserFunctionError(text === false ? `⧼${key}⧽` : fillMessage(text, key, lookup.contentLanguage, params));
  }

  /** #ifexist's test: a wiki page, a current file for Media:, a special page MediaWiki has; never an interwiki title. */
  private async exists(text: string): Promise<boolean> {
    const { services } = this.context;
    const title = services.titles.parse(text);
    if (isInvalidTitle(title) || title.interwiki) return false;
    if (title.ns === NS.MEDIA) return (await services.store.files.existing([title.dbKey])).has(title.dbKey);
    if (title.ns === NS.SPECIAL) return services.specialPages.resolve(title.dbKey) !== null;
    if (title.dbKey === '') return false;
    return (await services.store.pages.byTitles([{ ns: title.ns, dbKey: title.dbKey }])).length > 0;
  }

  /** A template: MediaWiki: pages read as messages in the content language, others from the wiki. */
  private async transclude(name: string, parts: TemplatePart[], args: Args, depth: number, titleNodes: PPNode[], nowiki = false): Promise<string> {
    const { services, lookup } = this.context;
    const title = services.titles.parse(name, NS.TEMPLATE);
    if (isInvalidTitle(title) || title.interwiki) return this.original(titleNodes, parts, args, depth, 2);
    let text: string | null = null;
    if (title.ns === NS.MEDIAWIKI) {
      const message = await lookup.get(lcfirst(services.titles.toText(title.dbKey)), lookup.contentLanguage);
      text = message === false ? null : fillMessage(message, title.dbKey, lookup.contentLanguage, []);
    } else if (title.ns >= 0) {
      text = await templateText(services, title);
    }
    if (text === null) {
      const link = `[[:${services.titles.prefixedText(title)}]]`;
      return nowiki ? escapeWikiText(link) : link;
    }
    if (nowiki) return escapeWikiText(text);
    const frameArgs: Args = new Map();
    let index = 0;
    for (const part of parts) {
      if (part.name === null) {
        index++;
        frameArgs.set(String(index), () => this.expand(part.value, args, depth));
      } else {
        // Named arguments are trimmed, numbered ones are not.
        const key = phpTrim(await this.expand(part.name, args, depth));
        frameArgs.set(key, () => this.expand(part.value, args, depth).then((v) => phpTrim(v)));
      }
    }
    return this.expandText(text, frameArgs, depth + 1, true);
  }
}

/**
 * Parser::statelessFetchTemplate: the current text of the page, redirects followed (at most three
 * pages read); a redirect to a missing page gives the redirect's own text.
 */
async function templateText(services: ApiServices, title: { ns: number; dbKey: string }): Promise<string | null> {
  const { store } = services;
  let text: string | null = null;
  let next: { ns: number; dbKey: string } | null = title;
  for (let fetched = 0; fetched < 3 && next; fetched++) {
    const [row] = await store.pages.byTitles([next]);
    if (!row) break;
    text = await currentText(store, next);
    if (text === null) break;
    next = null;
    if (row.page_is_redirect) {
      const [target] = await store.pages.redirectTargets([row.page_id]);
      if (target && !target.rd_interwiki) next = { ns: target.rd_namespace, dbKey: target.rd_title };
    }
  }
  return text;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

type Titles = ApiServices['titles'];
type Namespaces = ApiServices['namespaces'];

const STATISTICS: Record<string, keyof SiteStatsRow> = {
  NUMBEROFEDITS: 'ss_total_edits',
  NUMBEROFARTICLES: 'ss_good_articles',
  NUMBEROFPAGES: 'ss_total_pages',
  NUMBEROFUSERS: 'ss_users',
  NUMBEROFACTIVEUSERS: 'ss_active_users',
  NUMBEROFFILES: 'ss_images',
};

/**
 * The page-name and namespace magic words, as variables of the message's page or functions of a
 * title: base, root and subpage names only split at `/` where the namespace has subpages, the `E`
 * forms URL-encoded, names escaped as wfEscapeWikiText does.
 */
const PAGE_NAME_FUNCTIONS: Record<string, (title: ParsedTitle, titles: Titles, namespaces: Namespaces) => string> = {
  fullpagename: (t, titles) => escapeWikiText(titles.text(t.ns, t.dbKey)),
  fullpagenamee: (t, titles) => escapeWikiText(wfUrlencode(titles.dbKeyFull(t.ns, t.dbKey))),
  pagename: (t, titles) => escapeWikiText(titles.toText(t.dbKey)),
  pagenamee: (t) => escapeWikiText(wfUrlencode(t.dbKey)),
  basepagename: (t, titles, ns) => escapeWikiText(baseText(t, titles, ns)),
  basepagenamee: (t, titles, ns) => escapeWikiText(wfUrlencode(titles.toDbKey(baseText(t, titles, ns)))),
  rootpagename: (t, titles, ns) => escapeWikiText(rootText(t, titles, ns)),
  rootpagenamee: (t, titles, ns) => escapeWikiText(wfUrlencode(titles.toDbKey(rootText(t, titles, ns)))),
  subpagename: (t, titles, ns) => escapeWikiText(subpageText(t, titles, ns)),
  subpagenamee: (t, titles, ns) => escapeWikiText(wfUrlencode(titles.toDbKey(subpageText(t, titles, ns)))),
  talkpagename: (t, titles) => {
    const talk = titles.talkPage(t.ns, t.dbKey);
    return talk ? escapeWikiText(titles.text(talk.ns, talk.dbKey)) : '';
  },
  talkpagenamee: (t, titles) => {
    const talk = titles.talkPage(t.ns, t.dbKey);
    return talk ? escapeWikiText(wfUrlencode(titles.dbKeyFull(talk.ns, talk.dbKey))) : '';
  },
  subjectpagename: (t, titles) => {
    const subject = titles.subjectPage(t.ns, t.dbKey);
    return escapeWikiText(titles.text(subject.ns, subject.dbKey));
  },
  subjectpagenamee: (t, titles) => {
    const subject = titles.subjectPage(t.ns, t.dbKey);
    return escapeWikiText(wfUrlencode(titles.dbKeyFull(subject.ns, subject.dbKey)));
  },
  namespace: (t, _titles, ns) => ns.nsText(t.ns).replace(/_/g, ' '),
  namespacee: (t, _titles, ns) => wfUrlencode(underscores(ns.nsText(t.ns))),
  namespacenumber: (t) => String(t.ns),
  talkspace: (t, titles, ns) => {
    const talk = titles.talkPage(t.ns, t.dbKey);
    return talk ? ns.nsText(talk.ns).replace(/_/g, ' ') : '';
  },
  talkspacee: (t, titles, ns) => {
    const talk = titles.talkPage(t.ns, t.dbKey);
    return talk ? wfUrlencode(underscores(ns.nsText(talk.ns))) : '';
  },
  subjectspace: (t, titles, ns) => ns.nsText(titles.subjectPage(t.ns, t.dbKey).ns).replace(/_/g, ' '),
  subjectspacee: (t, titles, ns) => wfUrlencode(underscores(ns.nsText(titles.subjectPage(t.ns, t.dbKey).ns))),
};
// Other names of the same magic words.
PAGE_NAME_FUNCTIONS.articlepagename = PAGE_NAME_FUNCTIONS.subjectpagename!;
PAGE_NAME_FUNCTIONS.articlepagenamee = PAGE_NAME_FUNCTIONS.subjectpagenamee!;
PAGE_NAME_FUNCTIONS.articlespace = PAGE_NAME_FUNCTIONS.subjectspace!;
PAGE_NAME_FUNCTIONS.articlespacee = PAGE_NAME_FUNCTIONS.subjectspacee!;

const underscores = (text: string): string => text.replace(/ /g, '_');

/** Title::getBaseText: the text before the last `/`, where the namespace has subpages. */
function baseText(t: ParsedTitle, titles: Titles, namespaces: Namespaces): string {
  const text = titles.toText(t.dbKey);
  const slash = text.lastIndexOf('/');
  return namespaces.hasSubpages(t.ns) && slash >= 0 ? text.slice(0, slash) : text;
}

/** Title::getRootText: the text before the first `/` (leading ones skipped, as strtok does). */
function rootText(t: ParsedTitle, titles: Titles, namespaces: Namespaces): string {
  const text = titles.toText(t.dbKey);
  if (!namespaces.hasSubpages(t.ns) || !text.includes('/')) return text;
  return text.replace(/^\/+/, '').split('/')[0]!;
}

/** Title::getSubpageText: the text after the last `/`, where the namespace has subpages. */
function subpageText(t: ParsedTitle, titles: Titles, namespaces: Namespaces): string {
  const text = titles.toText(t.dbKey);
  return namespaces.hasSubpages(t.ns) ? text.slice(text.lastIndexOf('/') + 1) : text;
}
