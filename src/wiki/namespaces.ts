// Which namespaces a wiki has, what they are called, and how they pair up (MediaWiki's NamespaceInfo + Language).

import type { NamespaceAlias, NamespaceInfo, SiteConfig } from './site.ts';

export const NS = {
  MEDIA: -2,
  SPECIAL: -1,
  MAIN: 0,
  TALK: 1,
  USER: 2,
  USER_TALK: 3,
  PROJECT: 4,
  PROJECT_TALK: 5,
  FILE: 6,
  FILE_TALK: 7,
  MEDIAWIKI: 8,
  MEDIAWIKI_TALK: 9,
  TEMPLATE: 10,
  TEMPLATE_TALK: 11,
  HELP: 12,
  HELP_TALK: 13,
  CATEGORY: 14,
  CATEGORY_TALK: 15,
} as const;

// NamespaceInfo::$alwaysCapitalizedNamespaces
const ALWAYS_CAPITALIZED = new Set<number>([NS.SPECIAL, NS.USER, NS.MEDIAWIKI]);

/** Lower-cased, underscores for spaces: the key Language::getNsIndex compares. */
export function namespaceKey(name: string): string {
  return name.replaceAll(' ', '_').toLowerCase();
}

export class Namespaces {
  private readonly byId = new Map<number, NamespaceInfo>();
  private readonly sorted: readonly NamespaceInfo[];
  /** Language::getNsIndex's table: local names and aliases, canonical names taking precedence. */
  private readonly index = new Map<string, number>();
  private readonly textById = new Map<number, string>();
  private readonly dbKeyById = new Map<number, string>();
  readonly aliases: readonly NamespaceAlias[];

  constructor(namespaces: readonly NamespaceInfo[], aliases: readonly NamespaceAlias[] = []) {
    this.sorted = [...namespaces].sort((a, b) => a.id - b.id);
    this.aliases = aliases;
    for (const info of this.sorted) {
      this.byId.set(info.id, info);
      this.textById.set(info.id, info.name.replaceAll('_', ' '));
      this.dbKeyById.set(info.id, info.name.replaceAll(' ', '_'));
      this.index.set(namespaceKey(info.name), info.id);
    }
    for (const alias of aliases) this.index.set(namespaceKey(alias.alias), alias.id);
    for (const info of this.sorted) {
      if (info.canonical !== undefined) this.index.set(namespaceKey(info.canonical), info.id);
    }
  }

  static fromSite(site: Pick<SiteConfig, 'namespaces' | 'namespaceAliases'>): Namespaces {
    return new Namespaces(site.namespaces, site.namespaceAliases);
  }

  /** Every namespace, by ascending id. */
  all(): readonly NamespaceInfo[] {
    return this.sorted;
  }

  get(id: number): NamespaceInfo | undefined {
    return this.byId.get(id);
  }

  exists(id: number): boolean {
    return this.byId.has(id);
  }

  /**
   * Language::getNsIndex: namespace id for a name, canonical name or alias; any letter case,
   * spaces and underscores alike (`project talk`, `Image`, `Fixture_Wiki`). Undefined if none.
   */
  lookup(name: string): number | undefined {
    return this.lookupKey(namespaceKey(name));
  }

  /** lookup() for a name already in namespaceKey() form (hot path of the title parser). */
  lookupKey(key: string): number | undefined {
    return this.index.get(key);
  }

  /** Local name with spaces (`Fixture Wiki talk`); '' for the main namespace and unknown ids. */
  nsText(id: number): string {
    return this.textById.get(id) ?? '';
  }

  /** Local name with underscores (`Fixture_Wiki_talk`). */
  nsDbKey(id: number): string {
    return this.dbKeyById.get(id) ?? '';
  }

  /** Canonical (English) name with spaces (`Project talk`); '' for main, undefined if unknown. */
  canonicalName(id: number): string | undefined {
    if (id === NS.MAIN) return '';
    return this.byId.get(id)?.canonical;
  }

  /** NamespaceInfo::isTalk */
  isTalk(id: number): boolean {
    return id > NS.MAIN && id % 2 === 1;
  }

  /** NamespaceInfo::isSubject */
  isSubject(id: number): boolean {
    return !this.isTalk(id);
  }

  /** NamespaceInfo::hasTalkNamespace: every namespace from main upwards has one. */
  hasTalkNamespace(id: number): boolean {
    return id >= NS.MAIN;
  }

  /** NamespaceInfo::getTalk; null for Special and Media, which have no talk namespace. */
  talkOf(id: number): number | null {
    if (id < NS.MAIN) return null;
    return this.isTalk(id) ? id : id + 1;
  }

  /** NamespaceInfo::getSubject; negative namespaces are their own subject. */
  subjectOf(id: number): number {
    if (id < NS.MAIN) return id;
    return this.isTalk(id) ? id - 1 : id;
  }

  /** NamespaceInfo::getAssociated: talk <-> subject; null for Special and Media. */
  associatedOf(id: number): number | null {
    if (id < NS.MAIN) return null;
    return this.isTalk(id) ? id - 1 : id + 1;
  }

  /** NamespaceInfo::isContent: main is always content. */
  isContent(id: number): boolean {
    return id === NS.MAIN || this.byId.get(id)?.content === true;
  }

  hasSubpages(id: number): boolean {
    return this.byId.get(id)?.subpages === true;
  }

  isNonincludable(id: number): boolean {
    return this.byId.get(id)?.nonincludable === true;
  }

  /** NamespaceInfo::isWatchable */
  isWatchable(id: number): boolean {
    return id >= NS.MAIN;
  }

  /** NamespaceInfo::isMovable with $wgAllowImageMoving on. */
  isMovable(id: number): boolean {
    return id >= NS.MAIN;
  }

  /**
   * NamespaceInfo::isCapitalized: whether titles here get an upper-case first letter. Media
   * follows File, talk follows subject, Special/User/MediaWiki always do; unknown namespaces
   * follow $wgCapitalLinks.
   */
  isCapitalized(id: number, capitalLinks = true): boolean {
    const subject = this.subjectOf(id === NS.MEDIA ? NS.FILE : id);
    if (ALWAYS_CAPITALIZED.has(subject)) return true;
    const info = this.byId.get(subject);
    return info === undefined ? capitalLinks : info.case === 'first-letter';
  }
}

/** Scribunto's namespaces. */
export const NS_MODULE = 828;
export const NS_MODULE_TALK = 829;

/**
 * Canonical (English) names, valid on every wiki whatever its language: core's namespaces, then
 * those of the extensions an imported wiki may have (Scribunto's, Gadgets').
 */
export const CANONICAL_NAMESPACES: ReadonlyArray<readonly [number, string]> = [
  [NS.MEDIA, 'Media'],
  [NS.SPECIAL, 'Special'],
  [NS.MAIN, ''],
  [NS.TALK, 'Talk'],
  [NS.USER, 'User'],
  [NS.USER_TALK, 'User talk'],
  [NS.PROJECT, 'Project'],
  [NS.PROJECT_TALK, 'Project talk'],
  [NS.FILE, 'File'],
  [NS.FILE_TALK, 'File talk'],
  [NS.MEDIAWIKI, 'MediaWiki'],
  [NS.MEDIAWIKI_TALK, 'MediaWiki talk'],
  [NS.TEMPLATE, 'Template'],
  [NS.TEMPLATE_TALK, 'Template talk'],
  [NS.HELP, 'Help'],
  [NS.HELP_TALK, 'Help talk'],
  [NS.CATEGORY, 'Category'],
  [NS.CATEGORY_TALK, 'Category talk'],
  [NS_MODULE, 'Module'],
  [NS_MODULE_TALK, 'Module talk'],
  [2300, 'Gadget'],
  [2301, 'Gadget talk'],
  [2302, 'Gadget definition'],
  [2303, 'Gadget definition talk'],
];
const CANONICAL_NAME = new Map(CANONICAL_NAMESPACES);

/** $wgNamespaceAliases' defaults: the legacy names of File and File talk. */
export const DEFAULT_NAMESPACE_ALIASES: ReadonlyArray<readonly [string, number]> = [
  ['Image', NS.FILE],
  ['Image talk', NS.FILE_TALK],
];

/** $wgNamespacesWithSubpages: core's default, and Scribunto's modules. */
export const NAMESPACES_WITH_SUBPAGES: ReadonlySet<number> = new Set([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 15, NS_MODULE, NS_MODULE_TALK]);

/**
 * The facts of a namespace a wiki declares by id, local name and case alone (a dump's
 * `<namespace>`): its canonical name (the local name where MediaWiki has none), whether it has
 * subpages, whether it is a content namespace (main only, by default).
 */
export function declaredNamespace(id: number, name: string, nsCase: NamespaceInfo['case']): NamespaceInfo {
  const info: NamespaceInfo = { id, name, case: nsCase, subpages: NAMESPACES_WITH_SUBPAGES.has(id), content: id === NS.MAIN, nonincludable: false };
  if (id !== NS.MAIN) info.canonical = CANONICAL_NAME.get(id) ?? name;
  return info;
}

export interface DefaultNamespaceOptions {
  /** $wgCapitalLinks (default true). */
  capitalLinks?: boolean;
  /** $wgMetaNamespaceTalk; default `<project name> talk`. */
  metaNamespaceTalk?: string;
  /** $wgContentNamespaces; default [0]. */
  contentNamespaces?: readonly number[];
}

/**
 * MediaWiki 1.39's core namespaces (-2..15) and English aliases for a wiki whose project
 * namespace ($wgMetaNamespace, or the site name) is `projectName`.
 */
export function defaultNamespaces(
  projectName: string,
  options: DefaultNamespaceOptions = {},
): { namespaces: NamespaceInfo[]; aliases: NamespaceAlias[] } {
  const capitalLinks = options.capitalLinks ?? true;
  const content = new Set(options.contentNamespaces ?? [NS.MAIN]);
  const project = projectName.replaceAll('_', ' ');
  const projectTalk = (options.metaNamespaceTalk ?? `${project} talk`).replaceAll('_', ' ');
  const localName = (id: number, canonical: string): string =>
    id === NS.PROJECT ? project : id === NS.PROJECT_TALK ? projectTalk : canonical;
  const namespaces = CANONICAL_NAMESPACES.filter(([id]) => id <= NS.CATEGORY_TALK).map(([id, canonical]): NamespaceInfo => {
    const subject = id < 0 ? id : id - (id % 2);
    const capitalized = ALWAYS_CAPITALIZED.has(subject === NS.MEDIA ? NS.FILE : subject) || capitalLinks;
    const info: NamespaceInfo = {
      id,
      name: localName(id, canonical),
      case: capitalized ? 'first-letter' : 'case-sensitive',
      subpages: NAMESPACES_WITH_SUBPAGES.has(id),
      content: content.has(id),
      nonincludable: false,
    };
    if (id !== NS.MAIN) info.canonical = canonical;
    return info;
  });
  const aliases = DEFAULT_NAMESPACE_ALIASES.map(([alias, id]): NamespaceAlias => ({ alias, id }));
  return { namespaces, aliases };
}
