// list=gadgets: Returns a list of gadgets used on this wiki.
import { defineQueryModule } from '../../api/module.ts';
import type { ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { hasRight } from '../../api/caller.ts';
import { list, setFlag, type ResultObject } from '../../api/result.ts';
import { currentText } from '../../store/page-text.ts';
import { formatComments } from '../../wiki/comment-formatter.ts';
import { gadgetAllowed, gadgetEnabled, gadgetPages, gadgetsBySection, hasLegacyScripts, type GadgetDefinition } from '../../wiki/gadgets.ts';
import { interfaceMessages } from '../../wiki/messages.ts';
import { NS } from '../../wiki/namespaces.ts';
import { ucfirst } from '../../wiki/titles.ts';
import { GADGETS_SOURCE } from '../param-blocks.ts';
import { commentContext } from '../prop/revision-shared.ts';

const params = {
  prop: { type: ['id', 'metadata', 'desc'], default: 'id|metadata', multi: true },
  categories: { type: 'string', multi: true },
  ids: { type: 'string', multi: true },
  allowedonly: { type: 'boolean' },
  enabledonly: { type: 'boolean' },
} as const satisfies ParamDecls;

export const gadgets = defineQueryModule({
  prefix: 'ga',
  classname: 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgets',
  source: GADGETS_SOURCE,
  helpUrls: [],
  params,
  execute: runGadgets,
});

type GadgetsRun = QueryRun<typeof params>;

async function runGadgets(run: GadgetsRun): Promise<void> {
  const { prop, categories, ids, allowedonly, enabledonly } = run.params;
  const props = new Set(prop);
  // An empty list of categories (`gacategories=`) filters nothing, an empty list of ids keeps none.
  const wantedSections = categories && categories.length > 0 ? new Set(categories) : null;
  const wantedIds = ids ? new Set(ids) : null;
  const preferences = enabledonly ? await callerPreferences(run) : new Map<string, string | null>();
  const shown: GadgetDefinition[] = [];
  for (const [section, members] of gadgetsBySection(run.services.gadgets)) {
    if (wantedSections && !wantedSections.has(section)) continue;
    for (const gadget of members) {
      if (wantedIds && !wantedIds.has(gadget.name)) continue;
      if (allowedonly && !gadgetAllowed(gadget, (right) => hasRight(run.caller, right))) continue;
      if (enabledonly && !gadgetEnabled(gadget, preferences)) continue;
      shown.push(gadget);
    }
  }
  const descriptions = props.has('desc') ? await parsedMessages(run, shown.map((g) => `gadget-${g.name}`)) : [];
  const items = shown.map((gadget, i): ResultObject => {
    const item: ResultObject = {};
    if (props.has('id')) item.id = gadget.name;
    if (props.has('metadata')) item.metadata = metadataOf(gadget);
    if (props.has('desc')) item.desc = descriptions[i]!;
    return item;
  });
  run.setQueryValue(run.name, list('gadget', items));
}

/** The user's stored preferences (an anonymous caller has none: only the defaults count). */
async function callerPreferences(run: GadgetsRun): Promise<Map<string, string | null>> {
  if (run.caller.isAnonymous) return new Map();
  const rows = await run.services.store.users.properties(run.caller.id);
  return new Map(rows.map((row) => [row.up_property, row.up_value]));
}

/**
 * ApiQueryGadgets::fakeMetadata, the shape of the gadgets' old ResourceLoader metadata. Its
 * lists keep no element name of their own (the extension's renaming of them never reaches the
 * result), so XML writes their values as `_v`.
 */
function metadataOf(gadget: GadgetDefinition): ResultObject {
  const { options } = gadget;
  const pages = gadgetPages(gadget);
  const settings: ResultObject = { rights: [...options.rights], skins: [...options.skins], actions: [...options.actions] };
  setFlag(settings, 'default', options.default, false);
  setFlag(settings, 'hidden', options.hidden, false);
  setFlag(settings, 'package', options.package, false);
  setFlag(settings, 'shared', false, false);
  settings.category = gadget.section;
  setFlag(settings, 'legacyscripts', hasLegacyScripts(gadget), false);
  setFlag(settings, 'supportsUrlLoad', options.supportsUrlLoad, false);
  return {
    settings,
    module: {
      scripts: pages.scripts,
      styles: pages.styles,
      // Gadget::getJSONs: data pages count only for package gadgets.
      datas: options.package ? pages.datas : [],
      dependencies: [...options.dependencies],
      peers: [...options.peers],
      messages: [],
    },
  };
}

/**
 * wfMessage(key)->parse() for the Gadgets extension's own messages, which exist only as the
 * wiki's MediaWiki: pages (or as core messages of the same key): one line of wikitext whose links
 * are coloured by the pages' existence; a missing message shows as ⧼key⧽.
 */
export async function parsedMessages(run: QueryRun, keys: readonly string[]): Promise<string[]> {
  const { store, site } = run.services;
  const builtIn = interfaceMessages(site.lang);
  const texts = await Promise.all(
    keys.map(async (key) => (await currentText(store, { ns: NS.MEDIAWIKI, dbKey: ucfirst(key).replace(/ /g, '_') })) ?? builtIn[key] ?? null),
  );
  const missing = (key: string): string => `⧼${key.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}⧽`;
  const html = await formatComments(
    commentContext(run),
    texts.map((text) => ({ comment: (text ?? '').trim(), self: null })),
  );
  // The parser leaves quotes in running text as they are, where the comment formatter escapes them.
  const unquote = (text: string): string => text.replace(/&quot;/g, '"').replace(/&#039;/g, "'");
  return keys.map((key, i) => (texts[i] === null ? missing(key) : html[i]!.replace(/(^|>)([^<]*)/g, (_, end: string, text: string) => end + unquote(text))));
}
