// The values of the enumerations that depend on the wiki (SiteEnum): what its configuration loads
// (groups, skins, content handlers, import sources) and the change tags its database defines.
// Resolved once per wiki (createServices); paraminfo and the parameter reader only look them up.
import type { SiteConfig } from '../wiki/site.ts';
import { installedSkins, listAllGroups } from '../wiki/site-facts.ts';
import type { SiteEnumSource } from './params/declaration.ts';
import { SOFTWARE_TAGS } from '../wiki/change-tags.ts';

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
 * PHP's strnatcmp (case-sensitive): runs of digits compare as numbers (`a2` before `a10`), or
 * digit by digit when one starts with 0 (`a01` before `a1`); spaces are skipped; other characters
 * compare by code point (UTF-8 byte order), upper case before lower case.
 */
export function naturalCompare(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  if (!x.length || !y.length) return Math.sign(x.length - y.length);
  let i = 0;
  let j = 0;
  // Zeros leading the whole string do not count.
  while (x[i] === '0' && isDigit(x[i + 1])) i++;
  while (y[j] === '0' && isDigit(y[j + 1])) j++;
  for (;;) {
    while (isSpace(x[i])) i++;
    while (isSpace(y[j])) j++;
    if (isDigit(x[i]) && isDigit(y[j])) {
      const runs = x[i] === '0' || y[j] === '0' ? compareDigitsLeftAligned(x, i, y, j) : compareNumbers(x, i, y, j);
      if (runs.result !== 0) return runs.result;
      [i, j] = [runs.i, runs.j];
      if (i >= x.length && j >= y.length) return 0;
      if (i >= x.length) return -1;
      if (j >= y.length) return 1;
    }
    const ca = x[i]?.codePointAt(0) ?? 0;
    const cb = y[j]?.codePointAt(0) ?? 0;
    if (ca !== cb) return ca < cb ? -1 : 1;
    i++;
    j++;
    if (i >= x.length && j >= y.length) return 0;
    if (i >= x.length) return -1;
    if (j >= y.length) return 1;
  }
}

interface RunComparison {
  result: number;
  i: number;
  j: number;
}

/** Two runs of digits as numbers: the longer is larger, else the first different digit decides. */
function compareNumbers(x: string[], i: number, y: string[], j: number): RunComparison {
  let bias = 0;
  for (;; i++, j++) {
    const [dx, dy] = [isDigit(x[i]), isDigit(y[j])];
    if (!dx && !dy) return { result: bias, i, j };
    if (!dx) return { result: -1, i, j };
    if (!dy) return { result: 1, i, j };
    if (bias === 0 && x[i] !== y[j]) bias = x[i] < y[j] ? -1 : 1;
  }
}

/** Two runs of digits, one with a leading zero, as fractions: the first different digit decides. */
function compareDigitsLeftAligned(x: string[], i: number, y: string[], j: number): RunComparison {
  for (;; i++, j++) {
    const [dx, dy] = [isDigit(x[i]), isDigit(y[j])];
    if (!dx && !dy) return { result: 0, i, j };
    if (!dx) return { result: -1, i, j };
    if (!dy) return { result: 1, i, j };
    if (x[i] !== y[j]) return { result: x[i] < y[j] ? -1 : 1, i, j };
  }
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** C's isspace. */
function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';
}
