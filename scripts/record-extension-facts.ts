// Records what one extension adds to MediaWiki 1.39's siteinfo into src/wiki/mediawiki-facts.json, from a MediaWiki that loads it.
//
//   node --import tsx scripts/record-extension-facts.ts --api URL --extension NAME [--baseline URL] [--write]
//     --api URL        api.php of a MediaWiki 1.39 loading NAME (e.g. one built by scripts/mediawiki-import.sh)
//     --extension NAME the extension to record (its Special:Version name, e.g. Scribunto)
//     --baseline URL   api.php of a MediaWiki without NAME (e.g. the fixture's): siteinfo `general`
//                      fields only the first one has are NAME's (APIQuerySiteInfoGeneralInfo)
//     --write          update mediawiki-facts.json (otherwise print the recorded facts)
//
// Whatever the answer holds that core and the other loaded extensions do not account for (by the
// facts already recorded for them) is the extension's, in the answer's order. The extension's
// messages are not recorded here: scripts/extract-messages.mjs puts them in src/wiki/data/messages.
import { readFileSync, writeFileSync } from 'node:fs';

const FACTS_FILE = new URL('../src/wiki/mediawiki-facts.json', import.meta.url);

type MagicWord = [string, boolean, string[]];
type Json = Record<string, unknown>;

interface ExtensionFacts {
  credits: Json;
  magicWords?: MagicWord[];
  functionHooks?: string[];
  extensionTags?: string[];
  showHooks?: Record<string, string[]>;
  namespaceProtection?: Record<string, string[]>;
  general?: Json;
  specialPageAliases?: [string, string[]][];
}

interface Facts {
  core: { magicWords: MagicWord[]; functionHooks: string[]; extensionTags: string[]; specialPageAliases: [string, string[]][]; namespaceProtection: Record<string, string[]>; general: Json };
  skins: Record<string, ExtensionFacts>;
  extensions: Record<string, ExtensionFacts>;
}

interface Options {
  api: string;
  extension: string;
  baseline: string | null;
  write: boolean;
}

const USAGE = 'usage: record-extension-facts.ts --api URL --extension NAME [--baseline URL] [--write]';

function parseOptions(argv: string[]): Options {
  const options: Options = { api: '', extension: '', baseline: null, write: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--write') options.write = true;
    else if (arg === '--api' && value) options.api = argv[++i]!;
    else if (arg === '--extension' && value) options.extension = argv[++i]!;
    else if (arg === '--baseline' && value) options.baseline = argv[++i]!;
    else throw new Error(`unknown argument ${arg}; ${USAGE}`);
  }
  if (!options.api || !options.extension) throw new Error(USAGE);
  return options;
}

async function siteinfo(api: string, siprop: string): Promise<Json> {
  const url = `${api}?action=query&meta=siteinfo&siprop=${siprop}&format=json&formatversion=2`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = (await response.json()) as { query?: Json };
  if (!body.query) throw new Error(`${url}: no query in the answer`);
  return body.query;
}

/** Facts of core, the skins and the other loaded extensions: what the answer holds without NAME. */
function knownFacts(facts: Facts, loaded: string[], extension: string): ExtensionFacts[] {
  const others = loaded.filter((name) => name !== extension).flatMap((name) => facts.extensions[name] ?? facts.skins[name] ?? []);
  return [facts.core as unknown as ExtensionFacts, ...others];
}

function unexplained<T>(answer: T[], known: Iterable<T>): T[] {
  const seen = new Set(known);
  return answer.filter((item) => !seen.has(item));
}

function record(answer: Json, baselineGeneral: Json | null, known: ExtensionFacts[], extension: string): ExtensionFacts {
  const credits = (answer.extensions as Json[]).find((c) => c.name === extension);
  if (!credits) throw new Error(`the wiki does not load ${extension} (not in siteinfo extensions)`);
  const recorded: ExtensionFacts = { credits };

  const knownWords = new Set(known.flatMap((f) => f.magicWords ?? []).map(([name]) => name));
  const words = (answer.magicwords as { name: string; 'case-sensitive': boolean; aliases: string[] }[])
    .filter((w) => !knownWords.has(w.name))
    .map((w): MagicWord => [w.name, w['case-sensitive'], w.aliases]);
  if (words.length) recorded.magicWords = words;

  const hooks = unexplained(answer.functionhooks as string[], known.flatMap((f) => f.functionHooks ?? []));
  if (hooks.length) recorded.functionHooks = hooks;

  const tags = unexplained((answer.extensiontags as string[]).map((t) => t.replace(/^<|>$/g, '')), known.flatMap((f) => f.extensionTags ?? []));
  if (tags.length) recorded.extensionTags = tags;

  const showHooks: Record<string, string[]> = {};
  for (const { name, subscribers } of answer.showhooks as { name: string; subscribers: string[] }[]) {
    const own = unexplained(subscribers, known.flatMap((f) => f.showHooks?.[name] ?? []));
    if (own.length) showHooks[name] = own;
  }
  if (Object.keys(showHooks).length) recorded.showHooks = showHooks;

  const knownProtection = new Set(known.flatMap((f) => Object.keys(f.namespaceProtection ?? {})));
  const protection: Record<string, string[]> = {};
  for (const ns of Object.values(answer.namespaces as Record<string, { id: number; namespaceprotection?: string }>)) {
    if (ns.namespaceprotection !== undefined && !knownProtection.has(String(ns.id))) protection[ns.id] = ns.namespaceprotection.split(', ');
  }
  if (Object.keys(protection).length) recorded.namespaceProtection = protection;

  if (baselineGeneral) {
    const knownFields = new Set([...Object.keys(baselineGeneral), ...known.flatMap((f) => Object.keys(f.general ?? {}))]);
    const general = Object.fromEntries(Object.entries(answer.general as Json).filter(([key]) => !knownFields.has(key)));
    if (Object.keys(general).length) recorded.general = general;
  }

  const knownPages = new Set(known.flatMap((f) => f.specialPageAliases ?? []).map(([name]) => name));
  const aliases = (answer.specialpagealiases as { realname: string; aliases: string[] }[])
    .filter((a) => !knownPages.has(a.realname))
    .map((a): [string, string[]] => [a.realname, a.aliases]);
  if (aliases.length) recorded.specialPageAliases = aliases;
  return recorded;
}

/** siteinfo `general` of a wiki that must not load `extension`, or its fields would hide the extension's. */
async function generalWithout(api: string, extension: string): Promise<Json> {
  const answer = await siteinfo(api, 'general|extensions');
  if ((answer.extensions as Json[]).some((c) => c.name === extension)) throw new Error(`the baseline ${api} loads ${extension} too`);
  return answer.general as Json;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const facts = JSON.parse(readFileSync(FACTS_FILE, 'utf8')) as Facts;
  const answer = await siteinfo(options.api, 'general|extensions|magicwords|functionhooks|extensiontags|showhooks|namespaces|specialpagealiases');
  const baselineGeneral = options.baseline ? await generalWithout(options.baseline, options.extension) : null;
  const loaded = (answer.extensions as Json[]).map((c) => String(c.name));
  const recorded = record(answer, baselineGeneral, knownFacts(facts, loaded, options.extension), options.extension);
  if (!baselineGeneral && facts.extensions[options.extension]?.general) recorded.general = facts.extensions[options.extension]!.general!;
  if (!options.write) {
    console.log(JSON.stringify(recorded, null, 1));
    return;
  }
  facts.extensions[options.extension] = recorded;
  writeFileSync(FACTS_FILE, JSON.stringify(facts, null, 1));
  console.log(`recorded ${options.extension} (${Object.keys(recorded).join(', ')}) into ${FACTS_FILE.pathname}`);
}

await main();
