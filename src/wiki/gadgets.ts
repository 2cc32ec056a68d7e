// Gadget definitions as the Gadgets extension reads them from MediaWiki:Gadgets-definition.

export interface GadgetDefinition {
  name: string;
  section: string;
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
    namespaces: string[];
    targets: string[];
    peers: string[];
    contentModels: string[];
    categories: string[];
    package: boolean;
    supportsUrlLoad: boolean;
  };
}

const LINE = /^\*+\s*([a-zA-Z](?:[-_:.\w ]*[a-zA-Z0-9])?)(\s*\[.*?\])?\s*((\|[^|]*)+)\s*$/;

function list(value: string | undefined): string[] {
  return value ? value.split(',').map((v) => v.trim()).filter(Boolean) : [];
}

/** Parses the definition page: `== section ==` headings and `* Name[options]|page|page` lines. */
export function parseGadgetDefinitions(text: string): GadgetDefinition[] {
  const out: GadgetDefinition[] = [];
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^==+\s*([^=]+?)\s*==+\s*$/.exec(line);
    if (heading) {
      section = heading[1];
      continue;
    }
    const m = LINE.exec(line);
    if (!m) continue;
    const raw = new Map<string, string>();
    for (const option of (m[2] ?? '').trim().replace(/^\[|\]$/g, '').split('|')) {
      if (!option.trim()) continue;
      const eq = option.indexOf('=');
      raw.set((eq < 0 ? option : option.slice(0, eq)).trim(), eq < 0 ? '' : option.slice(eq + 1).trim());
    }
    out.push({
      name: m[1].trim(),
      section,
      pages: m[3].split('|').map((p) => p.trim()).filter(Boolean),
      options: {
        resourceLoader: raw.has('ResourceLoader'),
        default: raw.has('default'),
        hidden: raw.has('hidden'),
        type: raw.get('type'),
        dependencies: list(raw.get('dependencies')),
        rights: list(raw.get('rights')),
        skins: list(raw.get('skins')),
        actions: list(raw.get('actions')),
        namespaces: list(raw.get('namespaces')),
        targets: list(raw.get('targets')),
        peers: list(raw.get('peers')),
        contentModels: list(raw.get('contentModels')),
        categories: list(raw.get('categories')),
        package: raw.has('package'),
        supportsUrlLoad: raw.has('supportsUrlLoad'),
      },
    });
  }
  return out;
}
