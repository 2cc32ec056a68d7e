// The importer's view of the domain core's title rules (src/wiki/titles.ts, src/wiki/namespaces.ts): a dump's namespaces, link targets parsed once each.

import type { DumpNamespace } from './read/dump-types.ts';
import { redirectPattern } from './wikitext/language.ts';
import {
  DEFAULT_NAMESPACE_ALIASES,
  NS,
  Namespaces,
  declaredNamespace,
  defaultNamespaces as coreNamespaces,
} from '../wiki/namespaces.ts';
import { defaultContentModel, type ContentModelFacts } from '../wiki/content-models.ts';
import { scribuntoModelHook } from '../wiki/scribunto-pages.ts';
import { extensionMessage, namespaceAliases } from '../wiki/site-facts.ts';
import { TitleCodec as WikiTitleCodec, isInvalidTitle, type InvalidTitle, type ParsedTitle } from '../wiki/titles.ts';

/** The namespaces of MediaWiki 1.39's default install (what a dump without `<namespaces>` gets). */
export function defaultNamespaces(siteName = 'Project'): DumpNamespace[] {
  return coreNamespaces(siteName).namespaces.map(({ id, name, case: nsCase }) => ({ id, name, case: nsCase }));
}

export interface ContentLanguageSettings {
  /** $wgLanguageCode: its namespace aliases (gender forms of User included) and #REDIRECT words count. */
  lang?: string;
  /** The loaded extensions: their localised namespace aliases count too. */
  extensions?: readonly string[];
}

/** A dump's namespaces as the domain core's Namespaces, with the names the importer asks for. */
export class NamespaceTable {
  readonly all: Namespaces;
  readonly lang: string;
  readonly extensions: readonly string[];
  /** The wiki's namespaces by id. */
  readonly byId: ReadonlyMap<number, { id: number; name: string }>;

  /**
   * `capitalLinks` ($wgCapitalLinks) false makes every namespace case-sensitive, whatever the dump
   * says, but those MediaWiki always capitalises (User, MediaWiki, Special).
   */
  constructor(namespaces: readonly DumpNamespace[], readonly capitalLinks = true, settings: ContentLanguageSettings = {}) {
    const caseOf = (nsCase: DumpNamespace['case']): DumpNamespace['case'] => (capitalLinks && nsCase !== 'case-sensitive' ? 'first-letter' : 'case-sensitive');
    const infos = namespaces.map((ns) => declaredNamespace(ns.id, ns.name, caseOf(ns.case)));
    if (!infos.some((ns) => ns.id === NS.MAIN)) infos.push(declaredNamespace(NS.MAIN, '', caseOf('first-letter')));
    this.lang = settings.lang?.trim().toLowerCase() || 'en';
    this.extensions = [...(settings.extensions ?? [])];
    const present = new Set(infos.map((ns) => ns.id));
    const siteAliases = DEFAULT_NAMESPACE_ALIASES.filter(([, id]) => present.has(id)).map(([alias, id]) => ({ alias, id }));
    const metaNamespace = infos.find((ns) => ns.id === NS.PROJECT)?.name.replace(/ /g, '_') ?? '';
    const aliases = namespaceAliases({ namespaces: infos, namespaceAliases: siteAliases, lang: this.lang, extensions: [...this.extensions], metaNamespace });
    this.all = new Namespaces(infos, aliases);
    this.byId = new Map(this.all.all().map((ns) => [ns.id, ns]));
  }

  /** Language::getNsIndex: the namespace a prefix names, case-insensitively. */
  index(prefix: string): number | undefined {
    return this.all.lookup(prefix);
  }

  /** The local name with spaces; '' for the main namespace and unknown ids. */
  name(id: number): string {
    return this.all.nsText(id);
  }

  isCapitalized(id: number): boolean {
    return this.all.isCapitalized(id, this.capitalLinks);
  }

  /** `Category talk:Foo bar` from (15, `Foo_bar`): Title::getPrefixedText of a local title. */
  prefixedText(ns: number, dbKey: string): string {
    const text = dbKey.replace(/_/g, ' ');
    const name = this.name(ns);
    return name ? `${name}:${text}` : text;
  }
}

export interface InterwikiLookup {
  /** Is this (any case) a prefix of the interwiki table? */
  isInterwiki(prefix: string): boolean;
  /** $wgLocalInterwikis: prefixes that name this very wiki (`fixturewiki:`). */
  readonly localInterwikis: readonly string[];
}

export const NO_INTERWIKI: InterwikiLookup = { isInterwiki: () => false, localInterwikis: [] };

/** Parsed link targets kept, per default namespace; beyond this many, forgotten all at once. */
const MEMO_LIMIT = 200_000;

/**
 * The domain core's title codec for a dump's wiki, parsing each text once: an import parses
 * millions of link targets, most of them many times.
 */
export class TitleCodec {
  readonly titles: WikiTitleCodec;
  /** The content language's #REDIRECT magic word at the start of a page. */
  readonly redirectPattern: RegExp;
  private readonly memo = new Map<number, Map<string, ParsedTitle | null>>();
  private memoised = 0;
  private contentModels: ContentModelFacts | undefined;

  constructor(
    readonly namespaces: NamespaceTable,
    interwiki: InterwikiLookup = NO_INTERWIKI,
    /** The main page, the target of an empty link to this wiki (`[[fixturewiki:]]`). */
    mainPage = 'Main Page',
  ) {
    this.titles = new WikiTitleCodec(namespaces.all, namespaces.capitalLinks, (prefix) => interwiki.isInterwiki(prefix), {
      localInterwikis: interwiki.localInterwikis,
      mainPage,
    });
    this.redirectPattern = redirectPattern(namespaces.lang);
  }

  get contentLanguage(): string {
    return this.namespaces.lang;
  }

  /**
   * The title a text names (MediaWikiTitleCodec::splitTitleString; character references are the
   * caller's to decode), null when MediaWiki would refuse it. The same text gives the same object.
   */
  parse(text: string, defaultNs: number = NS.MAIN): ParsedTitle | null {
    let titles = this.memo.get(defaultNs);
    if (titles === undefined) {
      titles = new Map();
      this.memo.set(defaultNs, titles);
    }
    const known = titles.get(text);
    if (known !== undefined) return known;
    const parsed = this.titles.split(text, defaultNs);
    const title = isInvalidTitle(parsed) ? null : parsed;
    if (++this.memoised > MEMO_LIMIT) {
      this.memo.clear();
      this.memoised = 0;
    }
    titles.set(text, title);
    return title;
  }

  /** Like parse, but says why a title is invalid. */
  split(text: string, defaultNs: number = NS.MAIN): ParsedTitle | InvalidTitle {
    return this.titles.split(text, defaultNs);
  }

  /**
   * ContentHandler::getDefaultModelFor on this wiki: the model of a page whose revision names
   * none. Scribunto's documentation pages follow the content language's `scribunto-doc-page-name`.
   */
  defaultContentModel(ns: number, dbKey: string): string {
    this.contentModels ??= {
      namespaceModel: (id) => this.namespaces.all.get(id)?.defaultContentModel,
      extensionModel: this.namespaces.extensions.includes('Scribunto')
        ? scribuntoModelHook(extensionMessage({ extensions: ['Scribunto'] }, 'Scribunto', 'scribunto-doc-page-name', this.contentLanguage), this.titles)
        : undefined,
    };
    return defaultContentModel(ns, this.titles.toText(dbKey), this.contentModels);
  }
}
