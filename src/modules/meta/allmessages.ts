// meta=allmessages: Return messages from this site.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setContent, setFlag, type ResultObject } from '../../api/result.ts';
import { MessageLookup, compareBytes, fillMessage, lcfirst, normalizeMessageKey } from '../../api/i18n/message-lookup.ts';
import { expandMessageWikitext } from '../../api/i18n/message-wikitext.ts';
import { isValidLanguageCode, languageForCode } from '../../wiki/languages.ts';
import { requestedKazakhVariant } from '../../wiki/grammar.ts';
import { escapeWikiText, isInvalidTitle, ucfirst, type ParsedTitle } from '../../wiki/titles.ts';

const params = {
  messages: { type: 'string', default: '*', multi: true },
  prop: { type: ['default'], multi: true },
  enableparser: { type: 'boolean' },
  nocontent: { type: 'boolean' },
  includelocal: { type: 'boolean' },
  args: { type: 'string', multi: true, allowsDuplicates: true },
  filter: { type: 'string' },
  customised: { type: ['all', 'modified', 'unmodified'], default: 'all' },
  lang: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  title: { type: 'string' },
  prefix: { type: 'string' },
} as const satisfies ParamDecls;

export const allmessages = defineQueryModule({
  prefix: 'am',
  classname: 'ApiQueryAllMessages',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allmessages'],
  params,
  itemTag: 'message',
  execute: runAllMessages,
});

type AllMessagesRun = QueryRun<typeof params>;

async function runAllMessages(run: AllMessagesRun): Promise<void> {
  const { services } = run;
  const p = run.params;
  // The interface language is the request's (uselang).
  let lang = run.useLang;
  if (p.lang !== undefined) {
    if (!isValidLanguageCode(p.lang)) run.fail('apierror-invalidlang', [run.paramName('lang')], 'invalidlang');
    lang = languageForCode(p.lang);
  }
  // Kazakh's grammar follows the script the request asks for (LanguageConverter::getPreferredVariant).
  const variant = requestedKazakhVariant(run.requestText('variant'), run.requestText('uselang'), run.requestHeaders['accept-language']);
  let page: ParsedTitle | null = null;
  if (p.enableparser) {
    const titleText = p.title ?? 'API';
    const parsed = services.titles.parse(titleText);
    if (isInvalidTitle(parsed) || parsed.interwiki) run.fail('apierror-invalidtitle', [escapeWikiText(titleText)]);
    page = parsed;
  }
  const contentLanguage = services.site.lang;
  const lookup = new MessageLookup({
    store: services.store,
    contentLanguage,
    extensions: services.site.extensions,
    ...(run.caller.isAnonymous ? {} : { caller: run.caller.name }),
  });

  let names: string[];
  if (p.messages.includes('*')) {
    names = lookup.allKeys(lang);
    if (p.includelocal) {
      // MessageCache::getAllMessageKeys of the content language: the keys of its cache, which
      // holds the pages (without a `/`) of messages the software defines, and its `HASH` entry.
      const local = [...(await lookup.messagePages())]
        .filter((title) => !title.includes('/'))
        .map((title) => lcfirst(title))
        .filter((key) => lookup.builtIn(contentLanguage, key) !== undefined);
      names = [...new Set([...names, ...local, 'hASH'])].sort(compareBytes);
    }
  } else {
    names = [...p.messages];
  }
  if (p.prefix !== undefined) {
    // The names are sorted: those with the prefix come together, and the first run of them counts.
    const prefix = p.prefix;
    const start = names.findIndex((name) => name.startsWith(prefix));
    if (start < 0) names = [];
    else {
      let end = start;
      while (end < names.length && names[end]!.startsWith(prefix)) end++;
      names = names.slice(start, end);
    }
  }
  if (p.filter !== undefined) {
    const filter = p.filter;
    names = names.filter((name) => name.includes(filter));
  }

  // Many messages: the MediaWiki namespace is listed once rather than each page looked up.
  if (names.length > 20) await lookup.messagePages();

  // AllMessagesTablePager::getCustomisedStatuses: a page MediaWiki:Key (Key/code in another language).
  let customisedPages: Set<string> | null = null;
  if (p.customised !== 'all') {
    customisedPages = new Set();
    const wanted = new Set(names.map((name) => ucfirst(name)));
    const foreign = lang !== contentLanguage;
    for (const title of await lookup.messagePages()) {
      if (foreign) {
        const parts = title.split('/');
        if (parts.length === 2 && parts[1] === lang && wanted.has(parts[0]!)) customisedPages.add(parts[0]!);
      } else if (wanted.has(title)) customisedPages.add(title);
    }
  }

  const args = p.args ?? [];
  let added = 0;
  let skipping = p.from !== undefined;
  for (const name of names) {
    if (skipping && name === p.from) skipping = false;
    if (p.to !== undefined && compareBytes(name, p.to) > 0) break;
    if (skipping) continue;
    const item: ResultObject = { name, normalizedname: normalizeMessageKey(name) };
    if (customisedPages) {
      const isCustomised = customisedPages.has(ucfirst(name));
      if (isCustomised !== (p.customised === 'modified')) continue;
      if (isCustomised) setFlag(item, 'customised', true);
    }
    const text = await lookup.get(name, lang);
    if (text === false) setFlag(item, 'missing', true);
    else {
      let content = fillMessage(text, name, lang, args);
      if (page) content = await expandMessageWikitext(content, { services, lookup, lang, page, variant });
      // ApiResult cleans up every string it is given to Unicode's NFC.
      if (!p.nocontent) setContent(item, 'content', content.normalize('NFC'));
      if (p.prop?.includes('default')) {
        const builtIn = await lookup.get(name, lang, false);
        if (builtIn === false) setFlag(item, 'defaultmissing', true);
        else {
          const plain = fillMessage(builtIn, name, lang, []);
          if (plain !== content) item.default = plain.normalize('NFC');
        }
      }
    }
    if (!run.addItem(item, 'message')) {
      run.setContinue('from', name);
      break;
    }
    added++;
  }
  // ApiResult::addIndexedTagName: the list is there, empty, when no message is.
  if (added === 0) run.setQueryValue(run.name, list('message', []));
}
