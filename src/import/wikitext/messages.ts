// Interface messages of a MediaWiki install on this machine, in a language with its fallbacks, for texts that end up in links.

import { readFileSync } from 'node:fs';

/** Where Debian's MediaWiki package lives; without it, callers use their English defaults. */
export const MEDIAWIKI_ROOT = '/usr/share/mediawiki';

/** $fallback of languages/messages/MessagesXx.php: `ltg` falls back to `lv` (English comes last anyway); from the recorded facts, no install needed. */
export { languageFallbacks } from './language.ts';
import { languageFallbacks } from './language.ts';

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
