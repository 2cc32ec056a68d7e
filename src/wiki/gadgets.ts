// Gadget definitions as the Gadgets extension (MediaWiki 1.39) reads them from MediaWiki:Gadgets-definition.

export interface GadgetDefinition {
  /** Gadget id (Gadget::getName): the name with underscores for spaces. */
  name: string;
  /** The `== section ==` the gadget is listed under ('' before any section). */
  section: string;
  /** The script, style and data pages after the options, without `MediaWiki:Gadget-`. */
  pages: string[];
  options: {
    resourceLoader: boolean;
    default: boolean;
    hidden: boolean;
    type?: string;
    dependencies: string[];
    rights: string[];
    skins: string[];
    actions: string[];
    targets: string[];
    peers: string[];
    package: boolean;
    supportsUrlLoad: boolean;
  };
}

const COMMENT = /<!--[\s\S]*?-->/g;
const LINE_BREAKS = /(?:\r\n|\r|\n)+/;
const SECTION = /^==+ *([^*:\s|]+)\s*(?<!=)==+\s*$/;
const GADGET_LINE = /^\*+ *([a-zA-Z](?:[-_:.\w ]*[a-zA-Z0-9])?)(\s*\[.*?\])?\s*((\|[^|]*)+)\s*$/;
const LIST_SEPARATOR = /\s*\|\s*/;
const OPTION_VALUE = /\s*=\s*/;
/** ResourceLoader module names are limited to 255 bytes; `ext.gadget.` takes 11 of them. */
const MAX_ID_BYTES = 255 - 'ext.gadget.'.length;

/**
 * MediaWikiGadgetsDefinitionRepo::listFromDefinition: comments removed first (a gadget line
 * inside `<!-- -->` defines nothing), `== section ==` headings, `* Name[options]|page|page`
 * lines; a gadget defined twice keeps its first place and its last definition.
 */
export function parseGadgetDefinitions(text: string): GadgetDefinition[] {
  const byName = new Map<string, GadgetDefinition>();
  let section = '';
  for (const line of text.replace(COMMENT, '').split(LINE_BREAKS)) {
    const heading = SECTION.exec(line);
    if (heading) {
      section = heading[1]!;
      continue;
    }
    const gadget = parseGadgetLine(line, section);
    if (gadget) byName.set(gadget.name, gadget);
  }
  return [...byName.values()];
}

/** Splits on white space around `|`, leaving out empty items (preg_split's PREG_SPLIT_NO_EMPTY). */
function splitList(text: string): string[] {
  return text.split(LIST_SEPARATOR).filter((item) => item !== '');
}

/** MediaWikiGadgetsDefinitionRepo::newFromDefinition; null for a line that defines no gadget. */
function parseGadgetLine(line: string, section: string): GadgetDefinition | null {
  const m = GADGET_LINE.exec(line);
  if (!m) return null;
  const name = m[1]!.replace(/ /g, '_').trim();
  if (Buffer.byteLength(name) > MAX_ID_BYTES) return null;
  const gadget: GadgetDefinition = {
    name,
    section,
    pages: [],
    options: {
      resourceLoader: false,
      default: false,
      hidden: false,
      dependencies: [],
      rights: [],
      skins: [],
      actions: [],
      targets: ['desktop'],
      peers: [],
      package: false,
      supportsUrlLoad: false,
    },
  };
  const { options } = gadget;
  for (const option of splitList((m[2] ?? '').replace(/^[ [\]]+|[ [\]]+$/g, ''))) {
    const eq = OPTION_VALUE.exec(option);
    const key = eq ? option.slice(0, eq.index) : option;
    const params = eq ? option.slice(eq.index + eq[0].length).split(',').map((value) => value.trim()) : [];
    switch (key) {
      case 'ResourceLoader': options.resourceLoader = true; break;
      case 'dependencies': options.dependencies = params; break;
      case 'peers': options.peers = params; break;
      case 'rights': options.rights = params; break;
      case 'hidden': options.hidden = true; break;
      case 'actions': options.actions = params; break;
      case 'skins': options.skins = params; break;
      case 'default': options.default = true; break;
      case 'package': options.package = true; break;
      case 'targets': options.targets = params; break;
      case 'type': options.type = params[0] ?? ''; break;
      case 'supportsUrlLoad': options.supportsUrlLoad = (params[0] ?? '') !== 'false'; break;
    }
  }
  // Pages are scripts (`.js` anywhere in the name), styles (`.css`) or data (ending `.json`); others are dropped.
  gadget.pages = splitList(m[3]!).filter((page) => /\.json$/.test(page) || page.includes('.js') || page.includes('.css'));
  return gadget;
}

/**
 * The `gadget-<id>` default user options (Gadgets' UserGetDefaultOptions hook): every gadget
 * that is not hidden, grouped by section in the order sections first appear.
 */
export function gadgetDefaultOptions(gadgets: readonly GadgetDefinition[]): [string, boolean][] {
  return [...gadgetsBySection(gadgets).values()]
    .flat()
    .filter((g) => !g.options.hidden)
    .map((g) => [g.name, g.options.default]);
}

/** The pages a gadget loads, by kind, with their `MediaWiki:Gadget-` prefix (Gadget's scripts, styles and datas). */
export interface GadgetPages {
  scripts: string[];
  styles: string[];
  datas: string[];
}

/**
 * newFromDefinition's sorting of the pages: `.json` at the end makes a data page, else `.js`
 * anywhere a script, else `.css` a style sheet.
 */
export function gadgetPages(gadget: GadgetDefinition): GadgetPages {
  const pages: GadgetPages = { scripts: [], styles: [], datas: [] };
  for (const page of gadget.pages) {
    const title = `MediaWiki:Gadget-${page}`;
    if (/\.json$/.test(page)) pages.datas.push(title);
    else if (page.includes('.js')) pages.scripts.push(title);
    else if (page.includes('.css')) pages.styles.push(title);
  }
  return pages;
}

/** Gadget::getLegacyScripts: a gadget not loaded by ResourceLoader runs its scripts the old way. */
export function hasLegacyScripts(gadget: GadgetDefinition): boolean {
  return !gadget.options.resourceLoader && gadgetPages(gadget).scripts.length > 0;
}

/** GadgetRepo::getStructuredList: gadgets grouped by section, sections in the order they first appear. */
export function gadgetsBySection(gadgets: readonly GadgetDefinition[]): Map<string, GadgetDefinition[]> {
  const bySection = new Map<string, GadgetDefinition[]>();
  for (const g of gadgets) bySection.set(g.section, [...(bySection.get(g.section) ?? []), g]);
  return bySection;
}

/** Gadget::isAllowed: the user has every right the gadget requires. */
export function gadgetAllowed(gadget: GadgetDefinition, hasRight: (right: string) => boolean): boolean {
  return gadget.options.rights.every(hasRight);
}

/**
 * Gadget::isEnabled: the user's `gadget-<id>` preference when set (PHP truthiness of the stored
 * text), else whether the gadget is on by default.
 */
export function gadgetEnabled(gadget: GadgetDefinition, preferences: ReadonlyMap<string, string | null>): boolean {
  const stored = preferences.get(`gadget-${gadget.name}`);
  if (stored === undefined) return gadget.options.default;
  return stored !== null && stored !== '' && stored !== '0';
}
