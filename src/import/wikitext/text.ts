// Small text transformations MediaWiki applies while parsing: strip markers, quotes, tags.
// (Character references and URL encoding are the domain core's: src/wiki/titles.ts, src/wiki/urls.ts.)

/** Strip markers stand for content the link scanner must not see (nowiki, pre, math...). */
export const STRIP_MARKER = '\u007f';

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
