// What the conformance harness replaces in XML, PHP and pretty-printed answers before comparing them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normaliseText } from './lib/normalise.ts';

const TOKEN = '0123456789abcdef0123456789abcdef6b0249e5+\\';

test('XML: curtimestamp and siteinfo time are the clock', () => {
  const xml = '<api batchcomplete="" curtimestamp="2026-11-22T01:47:39Z"><query><general time="2026-11-22T01:47:46Z" timezone="UTC" /></query></api>';
  assert.equal(
    normaliseText(xml),
    '<api batchcomplete="" curtimestamp="<timestamp>"><query><general time="<timestamp>" timezone="UTC" /></query></api>',
  );
});

test('PHP: a clock value loses its length with it, since the placeholder is not 20 bytes', () => {
  const php = 'a:1:{s:12:"curtimestamp";s:20:"2026-11-22T01:47:40Z";s:4:"time";s:20:"2026-11-22T01:47:47Z";}';
  assert.equal(normaliseText(php), 'a:1:{s:12:"curtimestamp";s:?:"<timestamp>";s:4:"time";s:?:"<timestamp>";}');
});

test('the runtime under the wiki (phpversion, phpsapi, dbversion) is not compared', () => {
  assert.equal(normaliseText('<general phpversion="8.2.36" phpsapi="cli-server" dbtype="sqlite" dbversion="3.40.1" />'),
    '<general phpversion="<runtime>" phpsapi="<runtime>" dbtype="sqlite" dbversion="<runtime>" />');
  assert.equal(normaliseText('s:10:"phpversion";s:6:"8.2.36";s:6:"dbtype";s:6:"sqlite";'), 's:10:"phpversion";s:?:"<runtime>";s:6:"dbtype";s:6:"sqlite";');
});

test('session tokens in XML, PHP and jsonfm; the anonymous +\\ is compared', () => {
  assert.equal(normaliseText(`<tokens logintoken="${TOKEN}" csrftoken="+\\" />`), '<tokens logintoken="<token>" csrftoken="+\\" />');
  assert.equal(normaliseText(`s:10:"logintoken";s:42:"${TOKEN}";`), 's:10:"logintoken";s:42:"<token>";');
  assert.equal(normaliseText(`"logintoken": "${TOKEN}\\"`), '"logintoken": "<token>"');
});

test('a value named time that is no timestamp stays (magic words, function hooks)', () => {
  const xml = '<magicword name="time"><aliases><alias>time</alias></aliases></magicword><h>time</h>';
  assert.equal(normaliseText(xml), xml);
});

test('wrappedhtml: the time spent is not compared', () => {
  assert.equal(normaliseText('{"status":200,"html":"<pre></pre>","modules":[],"time":110}'), '{"status":200,"html":"<pre></pre>","modules":[],"time":"<ms>"}');
});
