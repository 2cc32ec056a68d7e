// Interface messages of a MediaWiki install on this machine, in a language with its fallbacks, for texts that end up in links.

import { existsSync, readFileSync } from 'node:fs';

/** Where Debian's MediaWiki package lives; without it, callers use their English defaults. */
export const MEDIAWIKI_ROOT = '/usr/share/mediawiki';

/** $fallback of languages/messages/MessagesXx.php: `ltg` falls back to `lv` (English comes last anyway). */
export function languageFallbacks(lang: string): string[] {
  const file = `${MEDIAWIKI_ROOT}/languages/messages/Messages${lang.charAt(0).toUpperCase()}${lang.slice(1).replace(/-/g, '_')}.php`;
  if (!existsSync(file)) return [];
  const m = /\$fallback\s*=\s*'([^']*)'/.exec(readFileSync(file, 'utf8'));
  return m ? m[1]!.split(',').map((l) => l.trim()).filter((l) => l && l !== 'en') : [];
}

const cache = new Map<string, Record<string, string>>();

/**
 * The messages of `i18nDir` (e.g. `languages/i18n` or `extensions/Scribunto/i18n`) in `lang`,
 * merged over its fallbacks' and English: what wfMessage()->inContentLanguage() would find.
 */
export function installedMessages(i18nDir: string, lang: string): Record<string, string> {
  const key = `${i18nDir}\n${lang}`;
  let messages = cache.get(key);
  if (messages) return messages;
  messages = {};
  const chain = /^[a-z-]+$/.test(lang) ? ['en', ...languageFallbacks(lang).reverse(), lang] : ['en'];
  for (const code of chain) {
    try {
      Object.assign(messages, JSON.parse(readFileSync(`${MEDIAWIKI_ROOT}/${i18nDir}/${code}.json`, 'utf8')) as Record<string, string>);
    } catch {
      // Not installed, or no translation in this language.
    }
  }
  cache.set(key, messages);
  return messages;
}
