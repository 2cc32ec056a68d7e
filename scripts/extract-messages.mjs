#!/usr/bin/env node
// Extracts MediaWiki 1.39's English messages (core, API, ParamValidator, and the fixture's
// extensions and skin) into src/api/i18n/en.json. Message texts are facts the API reproduces
// (errors, warnings, help, allmessages, MediaWiki: pages' defaults); the file is committed so
// that neither CI nor users need MediaWiki.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const mw = process.argv[2] ?? '/usr/share/mediawiki';
const core = ['languages/i18n', 'includes/api/i18n', 'includes/libs/ParamValidator/i18n'];
const extensions = ['Gadgets', 'Cite', 'ParserFunctions'];
const dirs = [...core];
for (const name of extensions) {
  const manifest = JSON.parse(readFileSync(join(mw, 'extensions', name, 'extension.json'), 'utf8'));
  for (const list of Object.values(manifest.MessagesDirs ?? {})) for (const d of list) dirs.push(join('extensions', name, d));
}
dirs.push('skins/Vector/i18n');
const out = {};
for (const dir of dirs) {
  const path = join(mw, dir, 'en.json');
  if (!existsSync(path)) continue;
  const data = JSON.parse(readFileSync(path, 'utf8'));
  for (const [k, v] of Object.entries(data)) if (k !== '@metadata' && !(k in out)) out[k] = v;
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(new URL('../src/api/i18n/en.json', import.meta.url), JSON.stringify(sorted, null, 0).replace(/","/g, '",\n"') + '\n');
console.log(`${Object.keys(sorted).length} messages from ${dirs.length} folders`);
