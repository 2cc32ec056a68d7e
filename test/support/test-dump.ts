// Small MediaWiki XML dumps written by tests: a siteinfo with chosen namespaces and pages with one revision each.

/** Content format MediaWiki writes for each content model. */
const FORMATS: Record<string, string> = {
  wikitext: 'text/x-wiki',
  javascript: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  text: 'text/plain',
  Scribunto: 'text/plain',
};

export interface TestPage {
  title: string;
  ns: number;
  id: number;
  text: string;
  /** Default: `id`. */
  revisionId?: number;
  /** Default: wikitext. */
  model?: string;
  /** Default: 2020-01-01T00:00:00Z. */
  timestamp?: string;
}

export interface TestDump {
  /** `[key, name]` of every namespace but the main one, which is always there. */
  namespaces: Array<[number, string]>;
  /** Default: en. */
  lang?: string;
  /** Export schema version, default 0.11. */
  version?: string;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function testPage(p: TestPage): string {
  const model = p.model ?? 'wikitext';
  return `  <page>
    <title>${p.title}</title>
    <ns>${p.ns}</ns>
    <id>${p.id}</id>
    <revision>
      <id>${p.revisionId ?? p.id}</id>
      <timestamp>${p.timestamp ?? '2020-01-01T00:00:00Z'}</timestamp>
      <contributor><username>Tester</username><id>7</id></contributor>
      <model>${model}</model>
      <format>${FORMATS[model] ?? 'text/plain'}</format>
      <text bytes="${Buffer.byteLength(p.text)}" xml:space="preserve">${escapeXml(p.text)}</text>
    </revision>
  </page>
`;
}

/** A whole dump around already written `<page>` elements (or anything else inside `<mediawiki>`). */
export function testDump(options: TestDump, body: string): string {
  const version = options.version ?? '0.11';
  const namespaces = options.namespaces.map(([key, name]) => `      <namespace key="${key}" case="first-letter">${name}</namespace>\n`).join('');
  return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-${version}/" version="${version}" xml:lang="${options.lang ?? 'en'}">
  <siteinfo>
    <sitename>Test Wiki</sitename>
    <dbname>testwiki</dbname>
    <base>http://localhost/wiki/Main_Page</base>
    <generator>MediaWiki 1.39.17</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="0" case="first-letter" />
${namespaces}    </namespaces>
  </siteinfo>
${body}</mediawiki>
`;
}
