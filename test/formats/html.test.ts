// The *fm formats' page and wrapper: what varies per request, and the format-level facts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FORMAT_PARAMS, contentTypeFor, renderResult, type FormatOptions } from '../../src/api/formats/index.ts';
import { setFlag, type ResultObject } from '../../src/api/result.ts';
import { FIXTURE_API_URL } from './helpers.ts';

function tree(): ResultObject {
  const root: ResultObject = {};
  setFlag(root, 'batchcomplete', true);
  root.continue = { apcontinue: 'B', continue: '-||' };
  return root;
}

const base: FormatOptions = { format: 'jsonfm', formatVersion: 1, apiUrl: FIXTURE_API_URL, siteName: 'Fixture Wiki', requestQueryString: 'action=query' };

describe('the HTML page of jsonfm', () => {
  it('has a fresh 24-hex-digit wgRequestId when none is given', () => {
    const body = renderResult(tree(), base).body;
    assert.match(body, /"wgRequestId":"[0-9a-f]{24}"/);
  });

  it('links to the same request with format=json', () => {
    const body = renderResult(tree(), base).body;
    assert.ok(body.includes('<a rel="nofollow" class="external text" href="http://127.0.0.1:8081/wiki/api.php?action=query&amp;format=json"><kbd>format=json</kbd></a>'));
  });

  it('shows the would-be HTTP status and still answers 200', () => {
    const out = renderResult(tree(), { ...base, httpStatus: 405 });
    assert.equal(out.status, 200);
    assert.ok(out.body.includes('<div class="api-pretty-header api-pretty-status">This response would be returned with HTTP status 405 Method Not Allowed.</div><pre'));
  });

  it('escapes only & and < inside <pre>', () => {
    const body = renderResult({ t: '<a href="x">&amp;</a>' }, base).body;
    assert.ok(body.includes('<pre class="api-pretty-content">{\n    "t": "&lt;a href=\\"x\\">&amp;amp;&lt;/a>"\n}</pre>'));
  });

  it('wraps JSONP in the pretty text too', () => {
    const body = renderResult({ a: 1 }, { ...base, callback: 'cb' }).body;
    assert.ok(body.includes('<pre class="api-pretty-content">/**/cb({\n    "a": 1\n})</pre>'));
  });
});

describe('wrappedhtml=1', () => {
  it('answers the JSON wrapper with status, html, modules, continue and time', () => {
    const out = renderResult(tree(), { ...base, wrappedhtml: true, httpStatus: 405, elapsedMs: 12.4 });
    assert.equal(out.contentType, 'text/mediawiki-api-prettyprint-wrapped; charset=utf-8');
    assert.equal(
      out.body,
      '{"status":405,"statustext":"Method Not Allowed","html":"<pre class=\\"api-pretty-content\\">{\\n    \\"batchcomplete\\": \\"\\",\\n    \\"continue\\": {\\n        \\"apcontinue\\": \\"B\\",\\n        \\"continue\\": \\"-||\\"\\n    }\\n}</pre>","modules":["mediawiki.apipretty"],"continue":{"apcontinue":"B","continue":"-||"},"time":12}',
    );
    assert.equal(out.headers['Content-Disposition'], 'inline; filename=api-result-wrapped.json');
  });
});

describe('content types and parameters', () => {
  it('names the Content-Type MediaWiki sends for each format', () => {
    assert.equal(contentTypeFor('json'), 'application/json; charset=utf-8');
    assert.equal(contentTypeFor('json', { callback: 'x' }), 'text/javascript; charset=utf-8');
    assert.equal(contentTypeFor('xml'), 'text/xml; charset=utf-8');
    assert.equal(contentTypeFor('php'), 'application/vnd.php.serialized; charset=utf-8');
    assert.equal(contentTypeFor('none'), 'text/plain; charset=utf-8');
    assert.equal(contentTypeFor('jsonfm'), 'text/html; charset=UTF-8');
    assert.equal(contentTypeFor('rawfm', { wrappedhtml: true }), 'text/mediawiki-api-prettyprint-wrapped; charset=utf-8');
  });

  it('format=none prints nothing', () => {
    const out = renderResult(tree(), { ...base, format: 'none' });
    assert.equal(out.body, '');
    assert.equal(out.headers['Content-Disposition'], 'inline; filename=api-result.txt');
  });

  it('JSONP keeps only []._\'" letters and digits of the callback name', () => {
    const out = renderResult({ a: 1 }, { ...base, format: 'json', callback: 'foo.bar[0]-x()<\'"\\' });
    assert.equal(out.body, '/**/foo.bar[0]x\'"({"a":1})');
    assert.equal(out.headers['Content-Disposition'], 'inline; filename=api-result.js');
  });

  it('lists which parameters each format accepts', () => {
    assert.deepEqual(FORMAT_PARAMS.json, ['callback', 'utf8', 'ascii', 'formatversion']);
    assert.deepEqual(FORMAT_PARAMS.rawfm, ['wrappedhtml']);
  });
});
