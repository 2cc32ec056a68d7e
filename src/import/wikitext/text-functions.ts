// Core parser functions that transform their argument's text: case, URL and anchor encoding, padding, number formats, plural, grammar and gender.

import type { CallHost, FunctionSpec } from './call-handlers.ts';
import { formatNum } from './numbers.ts';
import { convertGrammar, convertPlural, genderForm, parseFormattedNumber } from '../../wiki/language-rules.ts';
import { phpRawUrlencode, phpUrlencode, wfUrlencode } from '../../wiki/urls.ts';
import { stripTags } from './text.ts';
import { decodeCharReferencesOnly, ucfirst } from '../../wiki/titles.ts';

export const TEXT_FUNCTIONS: FunctionSpec[] = [
  {
    ids: ['formatdate'],
    handler: (x, frame, first, parts) => (parts.length > 0 ? x.value(parts[0], frame) : first),
  },
  { ids: ['lc'], noHash: true, handler: (_x, _f, first) => first.toLowerCase() },
  { ids: ['uc'], noHash: true, handler: (_x, _f, first) => first.toUpperCase() },
  { ids: ['lcfirst'], noHash: true, handler: (_x, _f, first) => lcfirst(first) },
  { ids: ['ucfirst'], noHash: true, handler: (_x, _f, first) => ucfirst(first) },
  { ids: ['urlencode'], noHash: true, handler: (x, frame, first, parts) => urlencode(first, urlencodeMode(x, x.value(parts[0], frame))) },
  { ids: ['anchorencode'], noHash: true, handler: (_x, _f, first) => anchorEncode(first) },
  { ids: ['bidi'], noHash: true, handler: (_x, _f, first) => first },
  { ids: ['padleft'], noHash: true, handler: (x, frame, first, parts) => pad(first, x.value(parts[0], frame), x.value(parts[1], frame), true) },
  { ids: ['padright'], noHash: true, handler: (x, frame, first, parts) => pad(first, x.value(parts[0], frame), x.value(parts[1], frame), false) },
  { ids: ['formatnum'], noHash: true, handler: (x, frame, first, parts) => formatNum(first, x.value(parts[0], frame), x.site.lang) },
  // As every function whose arguments are not objects, these expand all of their forms (the
  // templates of each count as used), then pick one by the content language's rules.
  {
    ids: ['plural'],
    noHash: true,
    handler: (x, frame, first, parts) => convertPlural(parseFormattedNumber(first, x.site.lang), parts.map((part) => x.value(part, frame)), x.site.lang),
  },
  { ids: ['grammar'], noHash: true, handler: (x, frame, first, parts) => convertGrammar(x.value(parts[0], frame), first, x.site.lang) },
  // Users' gender preferences are not in a dump: every user has the default, unknown.
  { ids: ['gender'], noHash: true, handler: (x, frame, _first, parts) => genderForm('unknown', parts.map((part) => x.value(part, frame))) },
  { ids: ['int'], noHash: true, handler: (_x, _f, first) => `⧼${first}⧽` },
];

/** CoreParserFunctions::urlencode's second argument: the magic words url_wiki, url_path, url_query. */
function urlencodeMode(x: CallHost, option: string): string {
  if (x.isWord('url_wiki', option)) return 'WIKI';
  if (x.isWord('url_path', option)) return 'PATH';
  return 'QUERY';
}

function urlencode(s: string, mode: string): string {
  const m = mode;
  if (m === 'WIKI') return wfUrlencode(s.replace(/ /g, '_'));
  if (m === 'PATH') return phpRawUrlencode(s);
  return phpUrlencode(s);
}

function anchorEncode(s: string): string {
  return stripTags(decodeCharReferencesOnly(s)).replace(/[ \n\t]+/g, '_').replace(/[%]/g, '%25');
}

function pad(s: string, lengthText: string, padding: string, left: boolean): string {
  const length = Math.min(500, parseInt(lengthText, 10) || 0);
  const fill = padding === '' ? '0' : padding;
  const chars = [...s];
  if (chars.length >= length) return s;
  let extra = '';
  const fillChars = [...fill];
  for (let i = 0; chars.length + extra.length < length; i++) extra += fillChars[i % fillChars.length];
  return left ? extra + s : s + extra;
}

function lcfirst(s: string): string {
  if (s === '') return s;
  const first = String.fromCodePoint(s.codePointAt(0)!);
  return first.toLowerCase() + s.slice(first.length);
}
