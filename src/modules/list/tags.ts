// list=tags: List change tags.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import { currentText } from '../../store/page-text.ts';
import { interfaceMessages, isDisabledMessage } from '../../wiki/messages.ts';
import { NS } from '../../wiki/namespaces.ts';
import { ucfirst } from '../../wiki/titles.ts';
import { SOFTWARE_TAGS } from '../../wiki/change-tags.ts';

const params = {
  continue: CONT,
  limit: limit(10),
  prop: {
    type: ['displayname', 'description', 'hitcount', 'defined', 'source', 'active'],
    default: '',
    multi: true,
  },
} as const satisfies ParamDecls;

export const tags = defineQueryModule({
  prefix: 'tg',
  classname: 'ApiQueryTags',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tags'],
  params,
  itemTag: 'tag',
  execute: runTags,
});

type TagsRun = QueryRun<typeof params>;


/** PHP's comparison of two strings that are not numbers: byte order. */
function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * Interface messages as Message::exists and text() read them: the wiki's MediaWiki: page
 * first, then the software's own text; undefined when neither exists.
 */
async function messageTexts(run: TagsRun, keys: readonly string[]): Promise<Map<string, string | undefined>> {
  const { store, site } = run.services;
  const titles = keys.map((key) => ({ ns: NS.MEDIAWIKI, dbKey: ucfirst(key).replace(/ /g, '_') }));
  const existing = new Set((await store.pages.byTitles(titles)).map((row) => row.page_title));
  const builtIn = interfaceMessages(site.lang);
  const out = new Map<string, string | undefined>();
  await Promise.all(
    keys.map(async (key, i) => {
      const onWiki = existing.has(titles[i]!.dbKey) ? await currentText(store, titles[i]!) : null;
      out.set(key, onWiki ?? builtIn[key]);
    }),
  );
  return out;
}

async function runTags(run: TagsRun): Promise<void> {
  const props = new Set(run.params.prop);
  const definitions = await run.services.store.changeTags.definitions();
  const software = new Set(SOFTWARE_TAGS);
  const explicit = new Set(definitions.filter((d) => d.ctd_user_defined === 1).map((d) => d.ctd_name));
  const hitcounts = new Map<string, number>();
  for (const name of [...software, ...explicit]) hitcounts.set(name, 0);
  // ChangeTags::tagUsageStatistics: the tags that were used.
  for (const d of definitions) if (d.ctd_count > 0) hitcounts.set(d.ctd_name, d.ctd_count);
  let names = [...hitcounts.keys()];
  const cont = run.params.continue;
  if (cont !== undefined) names = names.filter((name) => compareBytes(name, cont) >= 0);
  names.sort(compareBytes);
  const limit = run.params.limit;
  if (names.length > limit) run.setContinue('continue', names[limit]!);
  const shown = names.slice(0, limit);
  const messageKeys = [
    ...(props.has('displayname') ? shown.map((name) => `tag-${name}`) : []),
    ...(props.has('description') ? shown.map((name) => `tag-${name}-description`) : []),
  ];
  const messages = messageKeys.length ? await messageTexts(run, messageKeys) : new Map<string, string | undefined>();
  for (const name of shown) {
    const item: ResultObject = { name };
    if (props.has('displayname')) {
      // ChangeTags::tagDescription: the tag's own name without a message, nothing for a disabled one.
      const text = messages.get(`tag-${name}`);
      if (text === undefined) item.displayname = name;
      else if (isDisabledMessage(text)) setFlag(item, 'displayname', false, false);
      else item.displayname = text;
    }
    if (props.has('description')) item.description = messages.get(`tag-${name}-description`) ?? '';
    if (props.has('hitcount')) item.hitcount = hitcounts.get(name)!;
    const isSoftware = software.has(name);
    const isExplicit = explicit.has(name);
    if (props.has('defined')) setFlag(item, 'defined', isSoftware || isExplicit, false);
    if (props.has('source')) item.source = [...(isSoftware ? ['extension'] : []), ...(isExplicit ? ['manual'] : [])];
    if (props.has('active')) setFlag(item, 'active', isExplicit || isSoftware, false);
    if (!run.addItem(item)) {
      run.setContinue('continue', name);
      break;
    }
  }
}
