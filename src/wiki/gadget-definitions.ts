// Which gadgets MediaWiki:Gadgets-definition declares, read as the Gadgets extension reads it.

export interface GadgetDefinition {
  /** Gadget id: the name with spaces as underscores. */
  id: string;
  /** The `== section ==` the gadget is listed under ('' before any section). */
  category: string;
  /** Options in brackets: `default`, `hidden`, `rights=edit,move` -> { rights: ['edit', 'move'] }. */
  options: Map<string, string[]>;
  /** Page names after the options, without the `MediaWiki:Gadget-` prefix. */
  pages: string[];
}

const SECTION = /^==+ *([^*:\s|]+)\s*(?<!=)==+\s*$/;
const GADGET_LINE = /^\*+ *([a-zA-Z](?:[-_:.\w ]*[a-zA-Z0-9])?)(\s*\[.*?\])?\s*((\|[^|]*)+)\s*$/;
/** ResourceLoader module names are limited to 255 bytes; `ext.gadget.` takes 11 of them. */
const MAX_ID_BYTES = 255 - 'ext.gadget.'.length;

export function parseGadgetsDefinition(text: string): GadgetDefinition[] {
  const lines = text.replace(/<!--[\s\S]*?-->/g, '').split(/(?:\r\n|\r|\n)+/);
  const byId = new Map<string, GadgetDefinition>();
  let category = '';
  for (const line of lines) {
    const section = SECTION.exec(line);
    if (section) {
      category = section[1]!;
      continue;
    }
    const gadget = parseGadgetLine(line, category);
    if (gadget) byId.set(gadget.id, gadget);
  }
  return [...byId.values()];
}

function parseGadgetLine(line: string, category: string): GadgetDefinition | null {
  const m = GADGET_LINE.exec(line);
  if (!m) return null;
  const id = m[1]!.replace(/ /g, '_').trim();
  if (Buffer.byteLength(id) > MAX_ID_BYTES) return null;
  const options = new Map<string, string[]>();
  const optionText = (m[2] ?? '').replace(/^[ [\]]+|[ [\]]+$/g, '');
  for (const option of optionText.split(/\s*\|\s*/).filter(Boolean)) {
    const eq = /\s*=\s*/.exec(option);
    const name = eq ? option.slice(0, eq.index) : option;
    options.set(name, eq ? option.slice(eq.index + eq[0].length).split(',').map((v) => v.trim()) : []);
  }
  const pages = m[3]!.split(/\s*\|\s*/).filter(Boolean);
  return { id, category, options, pages };
}

/**
 * The `gadget-<id>` default user options (Gadgets' UserGetDefaultOptions hook): every gadget
 * that is not hidden, grouped by section in the order sections first appear.
 */
export function gadgetDefaultOptions(gadgets: readonly GadgetDefinition[]): [string, boolean][] {
  const bySection = new Map<string, GadgetDefinition[]>();
  for (const g of gadgets) bySection.set(g.category, [...(bySection.get(g.category) ?? []), g]);
  return [...bySection.values()]
    .flat()
    .filter((g) => !g.options.has('hidden'))
    .map((g) => [g.id, g.options.has('default')]);
}
