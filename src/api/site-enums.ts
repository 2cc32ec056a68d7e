// The values of the enumerations that depend on the wiki (SiteEnum): what its configuration loads
// (groups, skins, content handlers, import sources) and the change tags its database defines.
// Resolved once per wiki (createServices); paraminfo and the parameter reader only look them up.
import type { SiteConfig } from '../wiki/site.ts';
import { installedSkins, listAllGroups } from '../wiki/site-facts.ts';
import type { SiteEnumSource } from './params/declaration.ts';

/** What the enumerations need of the wiki's database. */
export interface SiteEnumFacts {
  /** ChangeTags::listExplicitlyDefinedTags: the tags change_tag_def marks as user-defined. */
  explicitTags: readonly string[];
}

/** Every enumeration's values, in the order paraminfo lists them. */
export type SiteEnums = Readonly<Record<SiteEnumSource, readonly string[]>>;

/** A content handler: its model, the serialization formats it reads, and whether pages of it can be edited as text. */
interface ContentHandlerFacts {
  model: string;
  formats: readonly string[];
  directEditing: boolean;
}

/** $wgContentHandlers of MediaWiki 1.39, in its order. */
const CORE_CONTENT_HANDLERS: readonly ContentHandlerFacts[] = [
  { model: 'wikitext', formats: ['text/x-wiki'], directEditing: true },
  { model: 'javascript', formats: ['text/javascript'], directEditing: true },
  { model: 'json', formats: ['application/json'], directEditing: true },
  { model: 'css', formats: ['text/css'], directEditing: true },
  { model: 'text', formats: ['text/plain'], directEditing: true },
  // FallbackContentHandler: content of a model the wiki no longer has.
  {
    model: 'unknown',
    formats: ['application/octet-stream', 'application/unknown', 'application/x-binary', 'text/unknown', 'unknown/unknown'],
    directEditing: false,
  },
];

/** The ContentHandlers an extension's extension.json registers (those this server knows). */
const EXTENSION_CONTENT_HANDLERS: Readonly<Record<string, readonly ContentHandlerFacts[]>> = {
  Gadgets: [{ model: 'GadgetDefinition', formats: ['application/json'], directEditing: true }],
  Scribunto: [{ model: 'Scribunto', formats: ['text/plain'], directEditing: true }],
};

/** ChangeTags::DEFINED_SOFTWARE_TAGS: the tags core applies ($wgSoftwareTags lists them all by default). */
const SOFTWARE_TAGS: readonly string[] = [
  'mw-contentmodelchange', 'mw-new-redirect', 'mw-removed-redirect', 'mw-changed-redirect-target', 'mw-blank',
  'mw-replace', 'mw-rollback', 'mw-undo', 'mw-manual-revert', 'mw-reverted', 'mw-server-side-upload',
];

export function siteEnums(site: SiteConfig, facts: SiteEnumFacts): SiteEnums {
  const handlers = [...CORE_CONTENT_HANDLERS, ...site.extensions.flatMap((name) => EXTENSION_CONTENT_HANDLERS[name] ?? [])];
  // MediaWiki lists an enumeration's values in natural order (EnumDef::sortEnumValues); the spec's
  // GROUPS and RIGHTS keep the spec's order, which its query modules are checked against.
  return {
    groups: site.explicitGroups,
    rights: site.availableRights,
    allgroups: naturalSort(listAllGroups(site)),
    contentmodels: naturalSort(handlers.map((h) => h.model)),
    editablecontentmodels: naturalSort(handlers.filter((h) => h.directEditing).map((h) => h.model)),
    contentformats: naturalSort(handlers.flatMap((h) => h.formats)),
    skins: naturalSort(installedSkins(site, site.lang).map((skin) => skin.code)),
    explicittags: naturalSort(facts.explicitTags),
    definedtags: naturalSort([...facts.explicitTags, ...SOFTWARE_TAGS]),
    importsources: naturalSort(site.importSources ?? []),
  };
}

/** Distinct values in PHP's SORT_NATURAL order. */
function naturalSort(values: Iterable<string>): readonly string[] {
  return [...new Set(values)].sort(naturalCompare);
}

/**
 * PHP's strnatcmp: runs of digits compare as numbers (`a2` before `a10`), other characters by
 * code point, upper case before lower case.
 */
export function naturalCompare(a: string, b: string): number {
  const chunksOf = (s: string) => s.match(/\d+|[^]/gu) ?? [];
  const left = chunksOf(a);
  const right = chunksOf(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i];
    const y = right[i];
    if (x === y) continue;
    if (/^\d/.test(x) && /^\d/.test(y)) {
      const [nx, ny] = [x.replace(/^0+/, ''), y.replace(/^0+/, '')];
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return nx < ny ? -1 : 1;
      return x.length - y.length;
    }
    return x.codePointAt(0)! - y.codePointAt(0)!;
  }
  return left.length - right.length;
}
