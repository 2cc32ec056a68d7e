// A small wiki for the engine's tests: pages by title, analysed as the importer analyses them.

import { defaultNamespaces, NamespaceTable, TitleCodec } from '../../../src/import/title.ts';
import { Expander, TemplateCache } from '../../../src/import/wikitext/expander.ts';
import { analyzeWikitext, redirectTarget, type PageAnalysis } from '../../../src/import/wikitext/page.ts';
import type { ParsedTitle } from '../../../src/wiki/titles.ts';

const EXTENSIONS = ['Cite', 'ParserFunctions', 'Scribunto'];

export const codec = new TitleCodec(
  new NamespaceTable([...defaultNamespaces('Test Wiki'), { id: 828, name: 'Module', case: 'first-letter' }, { id: 829, name: 'Module talk', case: 'first-letter' }], true, { extensions: EXTENSIONS }),
);

const site = {
  siteName: 'Test Wiki',
  server: 'http://localhost',
  scriptPath: '/w',
  articlePath: '/wiki/$1',
  lang: 'en',
  subpageNamespaces: new Set([2, 10, 828]),
  contentNamespaces: new Set([0]),
  extensions: new Set(EXTENSIONS),
};

export interface TestWiki {
  analyze(text: string, title?: string): PageAnalysis;
  /** The expanded text of a page (what the link scanner reads) and what the expansion recorded. */
  expand(text: string, title?: string): { text: string; expander: Expander };
}

export function testWiki(pages: Record<string, string>): TestWiki {
  const byKey = new Map<string, string>();
  for (const [title, text] of Object.entries(pages)) {
    const t = codec.parse(title)!;
    byKey.set(`${t.ns}:${t.dbKey}`, text);
  }
  const wiki = {
    page(ns: number, dbKey: string): { text: string; redirect: ParsedTitle | null } | null {
      const text = byKey.get(`${ns}:${dbKey}`);
      return text === undefined ? null : { text, redirect: ns === 828 ? null : (redirectTarget(text, codec)?.target ?? null) };
    },
    exists: (ns: number, dbKey: string) => byKey.has(`${ns}:${dbKey}`),
  };
  const templateCache = new TemplateCache(EXTENSIONS);
  return {
    analyze(text, title = 'Test page') {
      const t = codec.parse(title)!;
      return analyzeWikitext(text, { ns: t.ns, dbKey: t.dbKey, pageId: 7 }, {
        codec,
        wiki,
        site,
        templateCache,
        isLanguagePrefix: () => false,
        resolveFile: () => null,
        trackingCategory: (key) => (key === 'scribunto-common-error-category' ? 'Pages_with_script_errors' : null),
      });
    },
    expand(text, title = 'Test page') {
      const t = codec.parse(title)!;
      const expander = new Expander(codec, wiki, site, { ns: t.ns, dbKey: t.dbKey, pageId: 7 }, templateCache);
      return { text: expander.expandPage(text), expander };
    },
  };
}
