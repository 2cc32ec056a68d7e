#!/usr/bin/env node
// Extracts MediaWiki 1.39's interface messages, so that neither CI nor users need MediaWiki:
//
//   node scripts/extract-messages.mjs [MEDIAWIKI_DIR]
//
// - src/api/i18n/en.json: the English messages the API reproduces (errors, warnings, help,
//   allmessages, MediaWiki: pages' defaults) of core, the API, ParamValidator and the fixture's
//   extensions and skin.
// - src/wiki/data/messages/extension-keys.json: the keys each extension (and the skin) brings
//   that core does not, so that a wiki without that extension loaded lists none of them.
// - src/wiki/data/messages/digit-transforms.json: the digits of the languages whose Messages
//   file sets them ($digitTransformTable).
// - src/wiki/data/messages/grammar-transformations.json: {{GRAMMAR:}}'s rules of the languages
//   that have them as data.
// - src/wiki/data/messages/plural-rules.json: each language's plural rules (CLDR's and MediaWiki's).
// - src/wiki/data/messages/<code>.json.br: every language's own messages (brotli-compressed
//   JSON), from the message folders LocalisationCache reads (core's, then the reference wiki's
//   skin and extensions, Scribunto included, in the order they are loaded), the first folder
//   winning a key as in the cache. Fallbacks are merged when read (src/wiki/messages.ts), so a
//   file holds only what its language's own files say.
//
// MEDIAWIKI_DIR defaults to /usr/share/mediawiki (Debian's package).
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const mw = process.argv[2] ?? '/usr/share/mediawiki';

/** The message folders of a skin's or an extension's manifest, in its order. */
function manifestDirs(manifestPath) {
  const manifest = JSON.parse(readFileSync(join(mw, manifestPath), 'utf8'));
  const base = manifestPath.slice(0, manifestPath.lastIndexOf('/'));
  return Object.values(manifest.MessagesDirs ?? {}).flatMap((list) => [list].flat().map((dir) => join(base, dir)));
}

/** A message file's messages without its @metadata; {} when the folder has no such language. */
function readMessages(dir, code) {
  const path = join(mw, dir, `${code}.json`);
  if (!existsSync(path)) return {};
  const { '@metadata': _metadata, ...messages } = JSON.parse(readFileSync(path, 'utf8'));
  return messages;
}

/** The folders' messages in one language; the first folder to define a key keeps it. */
function mergedMessages(dirs, code) {
  const out = {};
  for (const dir of dirs) for (const [key, text] of Object.entries(readMessages(dir, code))) if (!(key in out)) out[key] = text;
  return out;
}

// The API's English messages.
const apiDirs = ['languages/i18n', 'includes/api/i18n', 'includes/libs/ParamValidator/i18n'];
for (const name of ['Gadgets', 'Cite', 'ParserFunctions']) apiDirs.push(...manifestDirs(`extensions/${name}/extension.json`));
apiDirs.push('skins/Vector/i18n');
const english = mergedMessages(apiDirs, 'en');
const sorted = Object.fromEntries(Object.entries(english).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(new URL('../src/api/i18n/en.json', import.meta.url), JSON.stringify(sorted, null, 0).replace(/","/g, '",\n"') + '\n');
console.log(`en.json: ${Object.keys(sorted).length} messages from ${apiDirs.length} folders`);

// Every language's messages: LocalisationCache::getMessagesDirs (core's folders), then
// $wgMessagesDirs in the order the reference wiki loads its skin and extensions.
const cacheDirs = [
  'languages/i18n',
  'languages/i18n/exif',
  'includes/api/i18n',
  'includes/Rest/i18n',
  'resources/lib/ooui/i18n',
  'includes/libs/ParamValidator/i18n',
  ...manifestDirs('skins/Vector/skin.json'),
  ...['Gadgets', 'Cite', 'ParserFunctions', 'Scribunto'].flatMap((name) => manifestDirs(`extensions/${name}/extension.json`)),
];
// The keys each extension adds (in any of its languages), for wikis that do not load it.
const coreDirs = cacheDirs.slice(0, cacheDirs.indexOf('includes/libs/ParamValidator/i18n') + 1);
const allKeys = (dirs) => new Set(dirs.flatMap((dir) => readdirSync(join(mw, dir)).filter((f) => f.endsWith('.json') && f !== 'qqq.json').flatMap((f) => Object.keys(readMessages(dir, f.slice(0, -5))))));
const coreKeys = allKeys(coreDirs);
const extensionKeys = {};
for (const [name, manifest] of [['Vector', 'skins/Vector/skin.json'], ...['Gadgets', 'Cite', 'ParserFunctions', 'Scribunto'].map((n) => [n, `extensions/${n}/extension.json`])]) {
  extensionKeys[name] = [...allKeys(manifestDirs(manifest))].filter((key) => !coreKeys.has(key)).sort();
}
writeFileSync(new URL('../src/wiki/data/messages/extension-keys.json', import.meta.url), JSON.stringify(extensionKeys, null, 0).replace(/\],"/g, '],\n"') + '\n');

// $digitTransformTable of each Messages*.php that sets one (Language::formatNum writes numbers with it).
const digitTables = {};
for (const file of readdirSync(join(mw, 'languages/messages')).sort()) {
  const table = /^\$digitTransformTable\s*=\s*\[([\s\S]*?)\];/m.exec(readFileSync(join(mw, 'languages/messages', file), 'utf8'));
  if (!table) continue;
  const digits = Object.fromEntries([...table[1].matchAll(/'(\d)'\s*=>\s*'([^']*)'/g)].map((m) => [m[1], m[2]]));
  const code = file.slice('Messages'.length, -'.php'.length).toLowerCase().replace(/_/g, '-');
  // A table of ASCII digits is kept: it stops the language from inheriting its fallback's.
  digitTables[code] = digits;
}
writeFileSync(new URL('../src/wiki/data/messages/digit-transforms.json', import.meta.url), JSON.stringify(digitTables, null, 0).replace(/\},"/g, '},\n"') + '\n');

// languages/data/grammarTransformations/<code>.json: the rules of {{GRAMMAR:}} in those languages
// (Language::convertGrammar), without their @metadata.
const grammar = {};
const grammarDir = join(mw, 'languages/data/grammarTransformations');
for (const file of readdirSync(grammarDir).filter((f) => f.endsWith('.json')).sort()) {
  const { '@metadata': _metadata, ...cases } = JSON.parse(readFileSync(join(grammarDir, file), 'utf8'));
  grammar[file.slice(0, -'.json'.length)] = cases;
}
writeFileSync(new URL('../src/wiki/data/messages/grammar-transformations.json', import.meta.url), JSON.stringify(grammar) + '\n');

// languages/data/plurals.xml (CLDR's) then plurals-mediawiki.xml (MediaWiki's own, replacing a
// language's): each language's plural rules but `other`, in their order (Language::convertPlural
// picks the first that holds).
const pluralRules = {};
for (const file of ['plurals.xml', 'plurals-mediawiki.xml']) {
  const xml = readFileSync(join(mw, 'languages/data', file), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  for (const [, locales, body] of xml.matchAll(/<pluralRules locales="([^"]*)">([\s\S]*?)<\/pluralRules>/g)) {
    const rules = [...body.matchAll(/<pluralRule count="([^"]+)">([^<@]*)/g)].filter(([, count]) => count !== 'other').map(([, count, rule]) => [count, rule.trim()]);
    for (const locale of locales.trim().split(/\s+/)) pluralRules[locale] = rules;
  }
}
writeFileSync(new URL('../src/wiki/data/messages/plural-rules.json', import.meta.url), JSON.stringify(pluralRules, null, 0).replace(/\]\],"/g, ']],\n"') + '\n');

const codes = new Set();
for (const dir of cacheDirs) for (const file of readdirSync(join(mw, dir))) if (file.endsWith('.json')) codes.add(file.slice(0, -'.json'.length));
// qqq documents the messages for translators; it is no language.
codes.delete('qqq');

const out = new URL('../src/wiki/data/messages/', import.meta.url);
mkdirSync(out, { recursive: true });
for (const file of readdirSync(out)) if (file.endsWith('.json.br') && !codes.has(file.slice(0, -'.json.br'.length))) rmSync(new URL(file, out));

const compress = promisify(brotliCompress);
const queue = [...codes].sort();
let bytes = 0;
async function compressNext() {
  for (let code = queue.shift(); code !== undefined; code = queue.shift()) {
    const json = Buffer.from(JSON.stringify(mergedMessages(cacheDirs, code)));
    const packed = await compress(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    });
    writeFileSync(new URL(`${code}.json.br`, out), packed);
    bytes += packed.length;
  }
}
await Promise.all(Array.from({ length: availableParallelism() }, compressNext));
console.log(`data/messages: ${codes.size} languages from ${cacheDirs.length} folders, ${(bytes / 1048576).toFixed(1)} MiB`);
