// Small text transformations MediaWiki applies while parsing: entities, URL encoding, quotes, tags.

/** HTML named character references that occur in wikitext (MediaWiki knows all of HTML's). */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '\u2013', mdash: '\u2014',
  hellip: '\u2026', laquo: '\u00ab', raquo: '\u00bb', lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c',
  rdquo: '\u201d', bull: '\u2022', middot: '\u00b7', times: '\u00d7', divide: '\u00f7', minus: '\u2212',
  deg: '\u00b0', copy: '\u00a9', reg: '\u00ae', trade: '\u2122', euro: '\u20ac', pound: '\u00a3',
  yen: '\u00a5', cent: '\u00a2', sect: '\u00a7', para: '\u00b6', plusmn: '\u00b1', micro: '\u00b5',
  frac12: '\u00bd', frac14: '\u00bc', frac34: '\u00be', sup1: '\u00b9', sup2: '\u00b2', sup3: '\u00b3',
  thinsp: '\u2009', ensp: '\u2002', emsp: '\u2003', zwj: '\u200d', zwnj: '\u200c', lrm: '\u200e',
  rlm: '\u200f', shy: '\u00ad', larr: '\u2190', rarr: '\u2192', uarr: '\u2191', darr: '\u2193',
  harr: '\u2194', dagger: '\u2020', Dagger: '\u2021', prime: '\u2032', Prime: '\u2033', iexcl: '\u00a1',
  iquest: '\u00bf', ordf: '\u00aa', ordm: '\u00ba', not: '\u00ac', macr: '\u00af', acute: '\u00b4',
  cedil: '\u00b8', uml: '\u00a8', alpha: '\u03b1', beta: '\u03b2', gamma: '\u03b3', delta: '\u03b4',
  pi: '\u03c0', mu: '\u03bc', sigma: '\u03c3', omega: '\u03c9', Omega: '\u03a9', infin: '\u221e',
  le: '\u2264', ge: '\u2265', ne: '\u2260', asymp: '\u2248', equiv: '\u2261', sum: '\u2211',
  auml: '\u00e4', ouml: '\u00f6', uuml: '\u00fc', Auml: '\u00c4', Ouml: '\u00d6', Uuml: '\u00dc',
  szlig: '\u00df', eacute: '\u00e9', egrave: '\u00e8', Eacute: '\u00c9', aacute: '\u00e1', agrave: '\u00e0',
  iacute: '\u00ed', oacute: '\u00f3', uacute: '\u00fa', ntilde: '\u00f1', ccedil: '\u00e7', aring: '\u00e5',
  Aring: '\u00c5', oslash: '\u00f8', Oslash: '\u00d8', aelig: '\u00e6', AElig: '\u00c6', ecirc: '\u00ea',
  acirc: '\u00e2', icirc: '\u00ee', ocirc: '\u00f4', ucirc: '\u00fb', euml: '\u00eb', iuml: '\u00ef',
};

const CHAR_REFERENCE = /&(?:([A-Za-z][A-Za-z0-9]*)|#([0-9]+)|#[xX]([0-9A-Fa-f]+));/g;

/** Sanitizer::decodeCharReferences: named, decimal and hexadecimal references to characters. */
export function decodeCharReferences(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(CHAR_REFERENCE, (whole, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
    const code = dec !== undefined ? parseInt(dec, 10) : parseInt(hex!, 16);
    if (!validCodePoint(code)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

function validCodePoint(code: number): boolean {
  return (
    code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** wfUrlencode: rawurlencode that keeps `;@$!*(),/~:` readable, as in MediaWiki URLs. */
export function wfUrlencode(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%3B/g, ';')
    .replace(/%40/g, '@')
    .replace(/%24/g, '$')
    .replace(/%21/g, '!')
    .replace(/%2A/g, '*')
    .replace(/%28/g, '(')
    .replace(/%29/g, ')')
    .replace(/%2C/g, ',')
    .replace(/%2F/g, '/')
    .replace(/%7E/g, '~')
    .replace(/%3A/g, ':');
}

/** The common cases of Parser::doQuotes: '''bold''' and ''italic'' on one line. */
export function doQuotes(text: string): string {
  return text
    .replace(/'''''(.+?)'''''/g, '<i><b>$1</b></i>')
    .replace(/'''(.+?)'''/g, '<b>$1</b>')
    .replace(/''(.+?)''/g, '<i>$1</i>');
}

export function stripTags(text: string): string {
  return text.indexOf('<') < 0 ? text : text.replace(/<\/?[A-Za-z][^>]*>/g, '');
}
