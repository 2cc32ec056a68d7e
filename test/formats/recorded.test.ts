// Every format, on trees rebuilt from MediaWiki's raw results, against MediaWiki's recorded bytes.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderResult, type FormatName, type FormatOptions, type HtmlPageUser } from '../../src/api/formats/index.ts';
import { FIXTURE_API_URL, caseNames, firstDifference, loadCase, pageVariables, type RecordedCase, type RecordedResponse } from './helpers.ts';

/** The options the main module would pass for the recorded request. */
function optionsFor(c: RecordedCase, file: string, resp: RecordedResponse, expected: string): FormatOptions {
  const params = new URLSearchParams(resp.query);
  const opts: FormatOptions = {
    format: (params.get('format') ?? 'jsonfm') as FormatName,
    formatVersion: params.get('formatversion') === '2' ? 2 : 1,
    utf8: params.has('utf8'),
    ascii: params.has('ascii'),
    callback: params.get('callback') ?? undefined,
    wrappedhtml: params.has('wrappedhtml'),
    includexmlnamespace: params.has('includexmlnamespace'),
    apiUrl: FIXTURE_API_URL,
    siteName: 'Fixture Wiki',
    requestQueryString: resp.query,
    posted: c.method === 'POST',
    httpStatus: c.method === 'PUT' ? 405 : 200,
    pageModules: ['site', 'mediawiki.page.ready', 'ext.gadget.HotTools'],
  };
  const user = (c as unknown as { user?: HtmlPageUser }).user;
  if (user) opts.pageUser = user;
  if (file.endsWith('.html')) Object.assign(opts, pageVariables(expected));
  if (file.endsWith('-wrapped.json')) opts.elapsedMs = (JSON.parse(expected) as { time: number }).time;
  return opts;
}

/** siteinfo's `time` is the time of each request, so it is not compared. */
function withoutClock(s: string): string {
  return s.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, 'TIME');
}

describe('each format prints what MediaWiki 1.39 printed for the same result', () => {
  for (const name of caseNames()) {
    const c = loadCase(name);
    for (const [file, resp] of Object.entries(c.responses)) {
      it(`${name}: ${resp.query.replace(/^.*?(format=|$)/, 'format=') || 'no format'} (${file})`, () => {
        const expected = c.file(file);
        const out = renderResult(c.tree(), optionsFor(c, file, resp, expected));
        const [ours, theirs] = name === 'siteinfo-general' ? [withoutClock(out.body), withoutClock(expected)] : [out.body, expected];
        assert.ok(ours === theirs, firstDifference(ours, theirs));
        assert.equal(out.contentType, resp.headers['content-type']);
        assert.equal(out.status, resp.status);
        for (const header of ['Content-Disposition', 'X-Frame-Options', 'X-Content-Type-Options', 'Content-language', 'Expires']) {
          assert.equal(out.headers[header], resp.headers[header.toLowerCase()], header);
        }
      });
    }
  }
});
