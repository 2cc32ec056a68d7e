// Names of MediaWiki's tracking categories: the wiki's own MediaWiki: page, its language's message, or English.

import { existsSync, readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { NS_CATEGORY, ucfirst, type TitleCodec } from './title.ts';

/** English messages (languages/i18n/en.json) for the tracking categories the link scanner can detect. */
export const TRACKING_CATEGORY_NAMES: Record<string, string> = {
  'broken-file-category': 'Pages with broken file links',
  'hidden-category-category': 'Hidden categories',
  'noindex-category': 'Noindexed pages',
  'index-category': 'Indexed pages',
  'template-loop-category': 'Pages with template loops',
  'post-expand-template-inclusion-category': 'Pages where template include size is exceeded',
  'duplicate-args-category': 'Pages using duplicate arguments in template calls',
  'restricted-displaytitle-ignored': 'Pages with ignored display titles',
  'expensive-parserfunction-category': 'Pages with too many expensive parser function calls',
};

/** Where a MediaWiki install keeps translations, when this machine has one (Debian's package). */
const MEDIAWIKI_LANGUAGES = '/usr/share/mediawiki/languages';

function readJson(file: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

/** $fallback of languages/messages/MessagesXx.php: `ltg` falls back to `lv`, then English. */
function fallbacksOf(lang: string): string[] {
  const file = `${MEDIAWIKI_LANGUAGES}/messages/Messages${lang[0]!.toUpperCase()}${lang.slice(1).replace(/-/g, '_')}.php`;
  if (!existsSync(file)) return [];
  const m = /\$fallback\s*=\s*'([^']*)'/.exec(readFileSync(file, 'utf8'));
  return m ? m[1]!.split(',').map((l) => l.trim()).filter((l) => l && l !== 'en') : [];
}

/** The wiki language's messages merged over its fallbacks', when a MediaWiki install is at hand. */
function languageMessages(lang: string): Record<string, string> {
  if (lang === 'en' || !/^[a-z-]+$/.test(lang)) return {};
  const chain = [lang, ...fallbacksOf(lang)];
  const merged: Record<string, string> = {};
  for (const code of chain.reverse()) Object.assign(merged, readJson(`${MEDIAWIKI_LANGUAGES}/i18n/${code}.json`));
  return merged;
}

export function trackingCategoryResolver(db: Database.Database, codec: TitleCodec, lang: string): (key: string) => string | null {
  const local = languageMessages(lang);
  const override = db.prepare(
    `SELECT old_text FROM page JOIN slots ON slot_revision_id = page_latest AND slot_role_id = 1
     JOIN content ON content_id = slot_content_id JOIN text ON old_id = CAST(substr(content_address, 4) AS INTEGER)
     WHERE page_namespace = 8 AND page_title = ?`,
  ).pluck();
  const cache = new Map<string, string | null>();
  return (key) => {
    if (cache.has(key)) return cache.get(key)!;
    const fromWiki = override.get(ucfirst(key)) as string | undefined;
    const name = (fromWiki ?? local[key] ?? TRACKING_CATEGORY_NAMES[key] ?? '-').trim();
    let result: string | null = null;
    if (name !== '-' && name !== '') {
      const title = codec.parse(name, NS_CATEGORY);
      result = title && title.interwiki === '' ? codec.parse(`Category:${title.dbKey}`)?.dbKey ?? null : null;
    }
    cache.set(key, result);
    return result;
  };
}
