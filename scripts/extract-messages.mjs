#!/usr/bin/env node
// Extracts the English message texts the API answers with (error, warning and help texts) from a
// MediaWiki 1.39 install into src/api/i18n/en.json. Texts are facts we must reproduce; the file is
// committed so that neither CI nor users need MediaWiki.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';

const mw = process.argv[2] ?? '/usr/share/mediawiki';
const sources = [
  'includes/api/i18n/en.json',
  'includes/libs/ParamValidator/i18n/en.json',
  'languages/i18n/en.json',
  'extensions/Gadgets/i18n/api/en.json',
  'extensions/Gadgets/i18n/en.json',
];
const wanted = /^(api|paramvalidator-|apierror-|apiwarn-|apihelp-|title-invalid|invalidtitle|badtitle|mainpage$|nstab-|blockedtext|parentheses|comma-separator|and$|word-separator|colon-separator|pipe-separator|rev-deleted|revdelete|gadgets?-|restriction-|protect-level|block-|ipbnounblockself|ipboptions|infiniteblock|sitetitle|sitesubtitle|tag-|license|version-)/;
const out = {};
for (const rel of sources) {
  const path = `${mw}/${rel}`;
  if (!existsSync(path)) continue;
  const data = JSON.parse(readFileSync(path, 'utf8'));
  for (const [k, v] of Object.entries(data)) if (k !== '@metadata' && wanted.test(k) && !(k in out)) out[k] = v;
}
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(new URL('../src/api/i18n/en.json', import.meta.url), JSON.stringify(sorted, null, 1) + '\n');
console.log(`${Object.keys(sorted).length} messages`);
