// MessageCache::get over the wiki: its MediaWiki: pages (`Key` in the content language,
// `Key/code` in others) before the software's texts, along the language's fallbacks, as
// wfMessage($key)->inLanguage($code) reads them.
import { createRequire } from 'node:module';
import type { Store } from '../../store/store.ts';
import { currentText } from '../../store/page-text.ts';
import { isSupportedLanguage, languageFallbacks, localisationChain } from '../../wiki/languages.ts';
import { interfaceMessages, ownMessages } from '../../wiki/messages.ts';
import { NS } from '../../wiki/namespaces.ts';
import { isIPAddress } from '../../wiki/ip.ts';
import { defaultUserOptions } from '../../wiki/site-facts.ts';
import type { SiteConfig } from '../../wiki/site.ts';
import { isInvalidTitle, ucfirst, type TitleCodec } from '../../wiki/titles.ts';
import { substituteParams } from './messages.ts';

const require = createRequire(import.meta.url);

/** extension or skin name -> the message keys it brings that core does not. */
let extensionKeys: Record<string, string[]> | null = null;

function keysOfExtensions(): Record<string, string[]> {
  return (extensionKeys ??= require('../../wiki/data/messages/extension-keys.json') as Record<string, string[]>);
}

const disabledKeysCache = new Map<string, ReadonlySet<string>>();

/** The keys of the extensions the catalogue holds that the wiki does not load (the reference's Scribunto). */
export function keysOfUnloadedExtensions(loaded: readonly string[]): ReadonlySet<string> {
  const cacheKey = loaded.join('|');
  let keys = disabledKeysCache.get(cacheKey);
  if (!keys) {
    // The skin's messages are always there: a wiki has a skin.
    const on = new Set([...loaded, 'Vector']);
    const loadedKeys = new Set(Object.entries(keysOfExtensions()).filter(([name]) => on.has(name)).flatMap(([, list]) => list));
    keys = new Set(Object.entries(keysOfExtensions()).filter(([name]) => !on.has(name)).flatMap(([, list]) => list.filter((k) => !loadedKeys.has(k))));
    disabledKeysCache.set(cacheKey, keys);
  }
  return keys;
}

/** MessageCache::normalizeKey: the first letter lower-cased (by the content language), spaces as underscores. */
export function normalizeMessageKey(key: string): string {
  return lcfirst(key).replace(/ /g, '_');
}

/** Language::lcfirst: the first character lower-cased. */
export function lcfirst(text: string): string {
  if (!text) return text;
  const first = text.codePointAt(0)!;
  const width = first > 0xffff ? 2 : 1;
  return text.slice(0, width).toLowerCase() + text.slice(width);
}

/** MessageCache::get's whitespace fix of every text it returns. */
function fixWhitespace(text: string): string {
  return text.replace(/&#32;/g, ' ').replace(/&nbsp;|&#160;/g, '\u00a0').replace(/&shy;/g, '\u00ad');
}

export interface MessageLookupOptions {
  /** `users`: the accounts' gender options ({{GENDER:}}); without it every gender is the default. */
  store: Pick<Store, 'pages' | 'revisions'> & Partial<Pick<Store, 'users'>>;
  /** The calling account's name, whose gender {{GENDER:}} without a name reads; none for an anonymous caller. */
  caller?: string;
  /** The content language ($wgLanguageCode). */
  contentLanguage: string;
  /** The wiki's loaded extensions (their messages count; the others' do not). */
  extensions: readonly string[];
}

/** One request's view of the messages: the MediaWiki: pages are listed once and read when needed. */
export class MessageLookup {
  private pageTitles: Promise<ReadonlySet<string>> | null = null;
  private readonly texts = new Map<string, Promise<string | null>>();
  private readonly genders = new Map<string, Promise<string | undefined>>();
  private readonly disabled: ReadonlySet<string>;

  constructor(private readonly options: MessageLookupOptions) {
    this.disabled = keysOfUnloadedExtensions(options.extensions);
  }

  get contentLanguage(): string {
    return this.options.contentLanguage;
  }

  /** A key of the software's catalogue in `code`, or undefined (keys of unloaded extensions do not exist). */
  builtIn(code: string, key: string): string | undefined {
    if (this.disabled.has(key)) return undefined;
    const messages = interfaceMessages(code);
    return Object.hasOwn(messages, key) ? messages[key] : undefined;
  }

  /** LocalisationCache::getSubitemList(code, 'messages'): every key the language has, sorted as PHP's sort() does. */
  allKeys(code: string): string[] {
    return Object.keys(interfaceMessages(code))
      .filter((key) => !this.disabled.has(key))
      .sort(compareBytes);
  }

  /** The titles (DB keys) of the non-redirect pages of the MediaWiki namespace. */
  messagePages(): Promise<ReadonlySet<string>> {
    this.pageTitles ??= this.options.store.pages
      .allPages({
        namespace: NS.MEDIAWIKI,
        descending: false,
        from: null,
        to: null,
        continueFrom: null,
        prefix: null,
        redirects: 'nonredirects',
        minSize: null,
        maxSize: null,
        protection: null,
        langlinks: 'all',
        limit: 1_000_000,
      })
      .then((rows) => new Set(rows.map((row) => row.page_title)));
    return this.pageTitles;
  }

  /**
   * The text of MediaWiki:`dbKey` (not a redirect), or null when there is no such page. Once the
   * namespace is listed (messagePages) the list answers; before, each title is looked up alone,
   * so that a few messages do not list a large wiki's namespace.
   */
  async pageText(dbKey: string): Promise<string | null> {
    const exists = this.pageTitles
      ? (await this.pageTitles).has(dbKey)
      : (await this.options.store.pages.byTitles([{ ns: NS.MEDIAWIKI, dbKey }])).some((row) => row.page_is_redirect === 0);
    if (!exists) return null;
    let text = this.texts.get(dbKey);
    if (!text) this.texts.set(dbKey, (text = currentText(this.options.store, { ns: NS.MEDIAWIKI, dbKey })));
    return text;
  }

  /**
   * GenderCache::getGenderOf for {{GENDER:name|...}}: the account's `gender` option, else the
   * site's default option. An empty name in an interface message is the caller's; an IP address
   * or an invalid name has the default. Each name is read once a request.
   */
  async gender(written: string, titles: TitleCodec, site: SiteConfig): Promise<'male' | 'female' | 'unknown'> {
    const userName = genderUserName(written, titles);
    const name = userName === '' ? (this.options.caller ?? null) : userName;
    const defaultGender = String(defaultUserOptions(site, []).find(([option]) => option === 'gender')?.[1] ?? 'unknown');
    const users = this.options.store.users;
    let stored: string | undefined;
    if (name && users) {
      let found = this.genders.get(name);
      if (!found) this.genders.set(name, (found = users.genders([name]).then((byName) => byName.get(name))));
      stored = await found;
    }
    const gender = stored ?? defaultGender;
    return gender === 'male' || gender === 'female' ? gender : 'unknown';
  }

  private pageName(code: string, ucKey: string): string {
    return code === this.options.contentLanguage ? ucKey : `${ucKey}/${code}`;
  }

  /**
   * MessageCache::get: the text of `key` in `code` (qqx's `($*)` placeholder included), or false.
   * `useDatabase` false reads the software's texts only.
   */
  async get(key: string, code: string, useDatabase = true): Promise<string | false> {
    if (key === '') return false;
    const lcKey = normalizeMessageKey(key);
    const tried = new Set<string>();
    let text = await this.forLanguage(code, lcKey, useDatabase, tried);
    if (text === false) text = await this.forLanguage(this.options.contentLanguage, lcKey, useDatabase, tried);
    if (text === false) {
      // A full key (`mainpage/de`) names a language's own text.
      const parts = lcKey.split('/');
      if (parts.length === 2 && parts[1] !== '') {
        text = this.builtIn(parts[1]!, parts[0]!) ?? false;
      }
    }
    return text === false ? false : fixWhitespace(text);
  }

  private async forLanguage(code: string, lcKey: string, useDatabase: boolean, tried: Set<string>): Promise<string | false> {
    const ucKey = ucfirst(lcKey);
    if (useDatabase && !tried.has(code)) {
      const page = await this.pageText(this.pageName(code, ucKey));
      if (page !== null) return page;
      tried.add(code);
    }
    if (code === 'qqx') return '($*)';
    // The software's text and the language of the chain it comes from: a fallback's text gives
    // way to the wiki's pages for the languages before it (T229992).
    const source = this.disabled.has(lcKey) ? undefined : localisationChain(code).find((c) => Object.hasOwn(ownMessages(c), lcKey));
    const builtIn = source === undefined ? undefined : ownMessages(source)[lcKey];
    // A language MediaWiki has no Messages file nor core texts for counts every text as its own.
    if (source === code || (source !== undefined && !isSupportedLanguage(code))) return builtIn!;
    if (useDatabase) {
      for (const fallback of languageFallbacks(code)) {
        if (tried.has(fallback)) continue;
        const page = await this.pageText(this.pageName(fallback, ucKey));
        if (page !== null) return page;
        tried.add(fallback);
        if (fallback === source) return builtIn!;
      }
    }
    return builtIn ?? false;
  }
}

/**
 * The user name {{GENDER:}} reads: written with or without the User: prefix (character references
 * decoded, as Title reads them); '' for none, null for what names no account (User::newFromName).
 */
function genderUserName(written: string, titles: TitleCodec): string | null {
  const trimmed = written.trim();
  if (trimmed === '') return '';
  const title = titles.parse(trimmed, NS.USER);
  if (isInvalidTitle(title) || title.ns !== NS.USER || title.interwiki !== '') return null;
  const name = title.dbKey.replace(/_/g, ' ');
  return name.includes('/') || isIPAddress(name) ? null : name;
}

/** PHP's comparison of two strings that are not numbers: byte order. */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * Message::plain (and the first half of text()): qqx's placeholder made `(key: $1, ...)`, then
 * the parameters put in place of `$1`... (those past the last stay as written).
 */
export function fillMessage(text: string, key: string, code: string, params: readonly string[]): string {
  let out = text;
  if ((code === 'qqx' || code === 'x-xss') && out === '($*)') out = `(${key}$*)`;
  if (out.includes('$*')) out = out.split('$*').join(params.length ? ': $' + params.map((_p, i) => i + 1).join(', $') : '');
  return substituteParams(out, params.length, (i) => params[i]!);
}
