// A small wiki with page ids, files and counts, for running mw.title/site/uri/message code through the real engine.

import { defaultNamespaces, NamespaceTable, TitleCodec } from '../../../src/import/title.ts';
import { InterwikiTable } from '../../../src/import/interwiki.ts';
import { Expander, TemplateCache } from '../../../src/import/wikitext/expander.ts';
import { redirectTarget } from '../../../src/import/wikitext/page.ts';
import { provideSiteData, type InterwikiRow, type SiteData } from '../../../src/import/scribunto/site-data.ts';
import type { ParsedTitle } from '../../../src/wiki/titles.ts';

const EXTENSIONS = ['Cite', 'ParserFunctions', 'Scribunto'];

export const codec = new TitleCodec(
  new NamespaceTable([...defaultNamespaces('Test Wiki'), { id: 828, name: 'Module', case: 'first-letter' }, { id: 829, name: 'Module talk', case: 'first-letter' }], true, { extensions: EXTENSIONS }),
  new InterwikiTable(['wikipedia', 'de', 'mw']),
);

export const site = {
  siteName: 'Test Wiki',
  server: '//test.example.org',
  scriptPath: '/w',
  articlePath: '/wiki/$1',
  lang: 'en',
  subpageNamespaces: new Set([1, 2, 3, 4, 5, 10, 11, 828, 829]),
  contentNamespaces: new Set([0]),
  extensions: new Set(EXTENSIONS),
};

const INTERWIKI: InterwikiRow[] = [
  { prefix: 'de', url: 'https://de.wikipedia.org/wiki/$1', local: true, trans: false },
  { prefix: 'mw', url: 'https://www.mediawiki.org/wiki/$1', local: true, trans: true },
  { prefix: 'rel', url: '//rel.example.org/$1', local: false, trans: false },
  { prefix: 'wikipedia', url: 'https://en.wikipedia.org/wiki/$1', local: false, trans: false },
];

export interface RunResult {
  text: string;
  expander: Expander;
  links: string[];
  templates: string[];
  images: string[];
}

export interface SiteWiki {
  /** Runs `body` as the body of a module function (`frame` in scope) on page `title`; throws on a script error. */
  run(body: string, title?: string): RunResult;
  /** Like run, but returns the script error's text instead of throwing. */
  runError(body: string, title?: string): string;
}

let moduleCount = 0;

/** A wiki of `pages` (page ids in the order given, from 1) and uploaded `files`; `server` replaces the site's. */
export function siteWiki(pages: Record<string, string>, files: string[] = [], server = site.server): SiteWiki {
  const siteFacts = { ...site, server };
  const byKey = new Map<string, { id: number; text: string; ns: number; dbKey: string }>();
  let id = 0;
  const add = (title: string, text: string): void => {
    const t = codec.parse(title)!;
    byKey.set(`${t.ns}:${t.dbKey}`, { id: ++id, text, ns: t.ns, dbKey: t.dbKey });
  };
  for (const [title, text] of Object.entries(pages)) add(title, text);
  const redirectOf = (ns: number, text: string): ParsedTitle | null => (ns === 828 ? null : (redirectTarget(text, codec)?.target ?? null));
  const wiki = {
    page(ns: number, dbKey: string): { text: string; redirect: ParsedTitle | null } | null {
      const page = byKey.get(`${ns}:${dbKey}`);
      return page ? { text: page.text, redirect: redirectOf(ns, page.text) } : null;
    },
    exists: (ns: number, dbKey: string) => byKey.has(`${ns}:${dbKey}`),
    resolveFile(name: string): string | null {
      if (files.includes(name)) return name;
      const target = wiki.page(6, name)?.redirect;
      return target && target.ns === 6 && files.includes(target.dbKey) ? target.dbKey : null;
    },
  };
  const data: SiteData = {
    pageFacts(ns, dbKey) {
      const page = byKey.get(`${ns}:${dbKey}`);
      if (!page) return null;
      return { id: page.id, isRedirect: redirectOf(ns, page.text) !== null, contentModel: ns === 828 && !dbKey.endsWith('/doc') ? 'Scribunto' : 'wikitext' };
    },
    pageById(wanted) {
      for (const page of byKey.values()) if (page.id === wanted) return { ns: page.ns, dbKey: page.dbKey };
      return null;
    },
    file: (name) => (files.includes(name) ? { width: 640, height: 480, size: 12345, mimeType: 'image/png', length: 0 } : null),
    stats: () => ({ pages: 10, articles: 3, files: files.length, edits: 42, users: 5, activeUsers: 2, admins: 1 }),
    categoryCounts: (dbKey) => (dbKey === 'Birds' ? { all: 5, subcats: 1, files: 1, pages: 3 } : { all: 0, subcats: 0, files: 0, pages: 0 }),
    pagesInNamespace: (ns) => [...byKey.values()].filter((p) => p.ns === ns).length,
    usersInGroup: (group) => (group === 'sysop' ? 1 : 0),
    interwiki: () => INTERWIKI,
  };
  provideSiteData(wiki, data);
  const templateCache = new TemplateCache(EXTENSIONS);

  function expand(body: string, title: string): RunResult {
    const name = `SiteProbe${++moduleCount}`;
    add(`Module:${name}`, `local p = {}\nfunction p.main(frame)\n${body}\nend\nreturn p`);
    const t = codec.parse(title)!;
    const pageId = byKey.get(`${t.ns}:${t.dbKey}`)?.id ?? 1000;
    const expander = new Expander(codec, wiki, siteFacts, { ns: t.ns, dbKey: t.dbKey, pageId }, templateCache);
    const text = expander.expandPage(`{{#invoke:${name}|main}}`);
    const out = expander.out;
    return {
      text,
      expander,
      links: [...out.links.keys()],
      templates: [...out.templates.keys()].filter((k) => k !== `828:${name}`),
      images: [...out.images],
    };
  }

  return {
    run(body, title = 'Test page') {
      const result = expand(body, title);
      if (result.text.includes('scribunto-error')) throw new Error(`script error: ${result.text.replace(/<[^>]*>/g, '')}`);
      return result;
    },
    runError(body, title = 'Test page') {
      const result = expand(body, title);
      if (!result.text.includes('scribunto-error')) throw new Error(`expected a script error, got: ${result.text}`);
      return result.text.replace(/<[^>]*>/g, '');
    },
  };
}
