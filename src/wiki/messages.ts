// MediaWiki 1.39's interface messages in any language, merged along its fallbacks as LocalisationCache merges them.
//
// The messages are src/wiki/data/messages/<code>.json.br (scripts/extract-messages.mjs reads them
// out of MediaWiki's i18n folders once: core's, the API's, and the skin and extensions the
// reference wiki loads), one brotli-compressed JSON object per language holding only that
// language's own texts. A language is read the first time it is asked for and kept.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import { brotliDecompressSync } from 'node:zlib';
import { isSupportedLanguage, localisationChain } from './languages.ts';

type Messages = Readonly<Record<string, string>>;

const DATA = join('src', 'wiki', 'data', 'messages');

/**
 * The folder of the message files. From the sources (and bundles that keep each source's
 * import.meta.url) it is beside this file; a worker thread's bundle runs from
 * node_modules/.cache, possibly another checkout's through a symlinked node_modules, and is told
 * its checkout by the thread that started it (workerData.sourceRoot); failing both, the nearest
 * folder above that holds the data.
 */
function findMessagesDirectory(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = (workerData as { sourceRoot?: unknown } | null)?.sourceRoot;
  const candidates = [join(here, 'data', 'messages'), ...(typeof root === 'string' ? [join(root, DATA)] : [])];
  for (let dir = here; dirname(dir) !== dir; dir = dirname(dir)) candidates.push(join(dir, DATA));
  const found = candidates.find((candidate) => existsSync(join(candidate, 'en.json.br')));
  if (!found) throw new Error(`MediaWiki's messages not found (looked for ${DATA}/en.json.br from ${here})`);
  return found;
}

let directory: string | null = null;
let available: ReadonlySet<string> | null = null;

/** The languages that have messages of their own (their file names: no code outside this set is ever read). */
function availableLanguages(): ReadonlySet<string> {
  if (!available) {
    directory = findMessagesDirectory();
    available = new Set(readdirSync(directory).filter((f) => f.endsWith('.json.br')).map((f) => f.slice(0, -'.json.br'.length)));
  }
  return available;
}

const ownMessagesCache = new Map<string, Messages>();

/**
 * One language's own messages, without its fallbacks'; empty for a language MediaWiki has no
 * messages in, and for one without core's messages or a Messages file: LocalisationCache gives
 * such a language English's whole (a shallow fallback), whatever skins or extensions translate.
 */
export function ownMessages(code: string): Messages {
  let messages = ownMessagesCache.get(code);
  if (!messages) {
    messages = availableLanguages().has(code) && (code === 'en' || isSupportedLanguage(code))
      ? (JSON.parse(brotliDecompressSync(readFileSync(join(directory!, `${code}.json.br`))).toString('utf8')) as Messages)
      : {};
    ownMessagesCache.set(code, messages);
  }
  return messages;
}

const mergedCache = new Map<string, Messages>();

/**
 * The messages MediaWiki has for `code` (wfMessage()->inLanguage(code) without the wiki's
 * MediaWiki: pages): the language's own, then each fallback's, then English, the first to have
 * a key giving its text.
 */
export function interfaceMessages(code: string): Messages {
  const cached = mergedCache.get(code);
  if (cached) return cached;
  // Only languages with texts of their own are merged: a code without any (mw.message may ask for
  // any code) then shares English's object instead of copying it.
  const sources = localisationChain(code).map(ownMessages).filter((messages) => Object.keys(messages).length > 0);
  const merged: Messages = sources.length === 1 ? sources[0]! : Object.assign({}, ...sources.reverse());
  mergedCache.set(code, merged);
  return merged;
}

/**
 * Message::isDisabled: a message that is missing, empty or `-` is turned off, and what it would
 * show (a documentation link, a notice) is left out.
 */
export function isDisabledMessage(text: string | null | undefined): text is '' | '-' | null | undefined {
  return text === undefined || text === null || text === '' || text === '-';
}
