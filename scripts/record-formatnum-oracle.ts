// Asks the reference MediaWiki 1.39 for {{formatnum:}} of many numbers in every language it knows
// and writes the answers to test/wiki/data/formatnum-oracle.json for test/wiki/number-format.test.ts.
// usage: node --import tsx scripts/record-formatnum-oracle.ts --ref http://127.0.0.1:PORT/wiki/api.php
//
// The numbers go in as the argument of the message `rawmessage` ("$1" in every language), expanded
// with amenableparser in amlang=<code>: the parser's {{formatnum:}} is Language::formatNum.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OUTPUT = fileURLToPath(new URL('../test/wiki/data/formatnum-oracle.json', import.meta.url));

export const NUMBERS = [
  '0', '5', '-5', '100', '1234', '-1234', '12345', '-12345', '99999', '123456', '1234567', '98765432', '1234567890123',
  '0.5', '.5', '5.', '-0', '-0.0', '0.000123', '3.14159', '-1234.50', '1234567.891', '1234567.8912345', '12345678901234567890',
  '+5', ' 7', '1e3', '1.5e-7', '-2.5E+20', '123abc4567', '1234,5', 'x-1234.5y', 'NAN', 'INF', '-INF', '',
];
const SEPARATOR = ' ¦ ';

async function main(): Promise<void> {
  const at = process.argv.indexOf('--ref');
  const ref = at > 0 ? process.argv[at + 1] : undefined;
  if (!ref) throw new Error('usage: record-formatnum-oracle.ts --ref URL');
  const site = (await (await fetch(`${ref}?action=query&meta=siteinfo&siprop=languages&format=json&formatversion=2`)).json()) as {
    query: { languages: { code: string }[] };
  };
  const text = [...NUMBERS.map((n) => `{{formatnum:${n}}}`), ...NUMBERS.slice(0, 24).map((n) => `{{formatnum:${n}|NOSEP}}`)].join(SEPARATOR);
  const answers: Record<string, string[]> = {};
  for (const { code } of site.query.languages) {
    const query = new URLSearchParams({
      action: 'query', meta: 'allmessages', ammessages: 'rawmessage', amenableparser: '1', amlang: code,
      amargs: `\u001f${text}`, format: 'json', formatversion: '2',
    });
    const answer = (await (await fetch(`${ref}?${query}`)).json()) as { query: { allmessages: { content: string }[] } };
    answers[code] = answer.query.allmessages[0]!.content.split(SEPARATOR);
  }
  writeFileSync(OUTPUT, `${JSON.stringify({ _: 'MediaWiki 1.39: {{formatnum:N}} for NUMBERS, then {{formatnum:N|NOSEP}} for the first 24, by amlang (scripts/record-formatnum-oracle.ts).', numbers: NUMBERS, answers })}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
