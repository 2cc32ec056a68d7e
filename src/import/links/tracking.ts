// Names of MediaWiki's tracking categories: the wiki's own MediaWiki: page, its language's message, or English.

import type Database from 'better-sqlite3';
import { interfaceMessages } from '../../wiki/messages.ts';
import type { TitleCodec } from '../title.ts';
import { ucfirst } from '../../wiki/titles.ts';
import { NS } from '../../wiki/namespaces.ts';

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

/** English messages of the extensions' tracking categories (extensions/<Ext>/i18n/en.json). */
export const EXTENSION_TRACKING_CATEGORY_NAMES: Record<string, string> = {
  'cite-tracking-category-cite-error': 'Pages with reference errors',
  'scribunto-common-error-category': 'Pages with script errors',
  'scribunto-module-with-errors-category': 'Scribunto modules with errors',
};

export function trackingCategoryResolver(db: Database.Database, codec: TitleCodec, lang: string): (key: string) => string | null {
  // Read on the first tracking category only: most pages raise none, and core's messages are large.
  let local: Readonly<Record<string, string>> | null = null;
  const override = db.prepare(
    `SELECT old_text FROM page JOIN slots ON slot_revision_id = page_latest AND slot_role_id = 1
     JOIN content ON content_id = slot_content_id JOIN text ON old_id = CAST(substr(content_address, 4) AS INTEGER)
     WHERE page_namespace = 8 AND page_title = ?`,
  ).pluck();
  const cache = new Map<string, string | null>();
  return (key) => {
    if (cache.has(key)) return cache.get(key)!;
    const fromWiki = override.get(ucfirst(key)) as string | undefined;
    local ??= interfaceMessages(lang);
    const name = (fromWiki ?? local[key] ?? TRACKING_CATEGORY_NAMES[key] ?? EXTENSION_TRACKING_CATEGORY_NAMES[key] ?? '-').trim();
    let result: string | null = null;
    if (name !== '-' && name !== '') {
      const title = codec.parse(name, NS.CATEGORY);
      result = title && title.interwiki === '' ? codec.parse(`Category:${title.dbKey}`)?.dbKey ?? null : null;
    }
    cache.set(key, result);
    return result;
  };
}
