// The HTTP front and main module over a running server: methods, bodies, CORS, JSONP, debuginfo.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipWithoutFixture, useFixtureServer, fixtureDb } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

describe('the API over HTTP', { skip }, () => {
  const server = useFixtureServer();
  const debugServer = useFixtureServer({ site: { debug: true } });

  test('POST urlencoded answers like GET', async () => {
    const body = new URLSearchParams({ action: 'query', titles: 'Mars|Luna', redirects: '1', format: 'json', formatversion: '2' });
    const res = await fetch(server.url, { method: 'POST', body });
    const json = await res.json();
    assert.equal(json.query.redirects[0].from, 'Luna');
    assert.deepEqual(json.query.pages.map((p: { title: string }) => p.title).sort(), ['Mars', 'Moon']);
  });

  test('POST multipart/form-data is read too', async () => {
    const form = new FormData();
    form.set('action', 'query');
    form.set('titles', 'Mars');
    form.set('format', 'json');
    const json = await (await fetch(server.url, { method: 'POST', body: form })).json();
    assert.equal(json.query.pages['76'].title, 'Mars');
  });

  test('other paths are 404 and other methods 405', async () => {
    assert.equal((await fetch(server.url.replace('api.php', 'index.php'))).status, 404);
    assert.equal((await fetch(server.url, { method: 'PUT' })).status, 405);
  });

  test('a CORS preflight (OPTIONS) is answered as MediaWiki answers it: its headers, no body', async () => {
    const preflight = (requestHeaders: string) => fetch(`${server.url}?action=query&format=json&origin=*`, {
      method: 'OPTIONS',
      headers: { origin: 'http://example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': requestHeaders },
    });
    const allowed = await preflight('Api-User-Agent');
    assert.equal(allowed.status, 200);
    assert.equal(await allowed.text(), '');
    assert.equal(allowed.headers.get('access-control-allow-origin'), '*');
    assert.equal(allowed.headers.get('access-control-allow-credentials'), 'false');
    assert.equal(allowed.headers.get('access-control-allow-methods'), 'POST, GET, HEAD');
    assert.equal(allowed.headers.get('access-control-allow-headers'), 'Api-User-Agent');
    assert.equal(allowed.headers.get('access-control-expose-headers'), null);
    assert.equal(allowed.headers.get('mediawiki-login-suppressed'), 'true');
    assert.equal(allowed.headers.get('content-type'), 'text/html; charset=UTF-8');
    // A header the wiki does not allow ($wgAllowedCorsHeaders): no CORS headers, and why.
    const refused = await preflight('X-Foo');
    assert.equal(refused.status, 200);
    assert.equal(refused.headers.get('access-control-allow-origin'), null);
    assert.equal(refused.headers.get('mediawiki-cors-rejection'), 'Unsupported header requested in preflight');
    const plain = await fetch(`${server.url}?action=query&format=json`, { method: 'OPTIONS' });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get('access-control-allow-origin'), null);
  });

  test('write actions answer as a read-only MediaWiki; read actions not served name themselves, at HTTP 200', async () => {
    const edit = await fetch(server.url, { method: 'POST', body: new URLSearchParams({ action: 'edit', title: 'Mars', text: 'x', token: '+\\', format: 'json' }) });
    assert.equal(edit.status, 200);
    assert.equal(edit.headers.get('mediawiki-api-error'), 'readonly');
    const editJson = await edit.json();
    assert.equal(editJson.error.info, 'The wiki is currently in read-only mode.');
    assert.equal(editJson.error.readonlyreason, 'This wiki is served read-only by wikiquery.');
    const parse = await fetch(`${server.url}?action=parse&page=Mars&format=json`);
    assert.equal(parse.status, 200);
    assert.equal(parse.headers.get('mediawiki-api-error'), 'actionnotsupported');
    assert.match((await parse.json()).error.info, /"parse"/);
  });

  test('an unknown action is a badvalue error with the MediaWiki-API-Error header', async () => {
    const res = await fetch(`${server.url}?action=nosuch&format=json`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('mediawiki-api-error'), 'badvalue');
    const json = await res.json();
    assert.equal(json.error.info, 'Unrecognized value for parameter "action": nosuch.');
  });

  test('origin that does not match the Origin header is refused with 403', async () => {
    const res = await server.get('origin=http://a.example', { headers: { origin: 'http://b.example' } });
    assert.equal(res.status, 403);
  });

  test('origin=* allows anonymous cross-site requests', async () => {
    const res = await server.get('origin=*');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-allow-credentials'), 'false');
  });

  test('callback wraps JSON for JSONP, with unsafe characters removed', async () => {
    const res = await server.get('callback=a(b)');
    assert.match(res.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(await res.text(), '/**/ab({"batchcomplete":""})');
  });

  test('debuginfo appears only when the debug switch is on, with secrets redacted', async () => {
    const plain = await (await fetch(`${server.url}?action=query&format=json`)).json();
    assert.equal(plain.debuginfo, undefined);
    const res = await fetch(`${debugServer.url}?action=query&format=json`, { headers: { cookie: 'session=secret', authorization: 'Bearer x' } });
    const info = (await res.json()).debuginfo;
    assert.equal(typeof info.time, 'number');
    assert.equal(info.request.method, 'GET');
    assert.equal(info.request.headers.cookie, '[redacted]');
    assert.equal(info.request.headers.authorization, '[redacted]');
    assert.ok(Array.isArray(info.queries));
    assert.match(info.memory, /\d/);
  });

  test('the database is opened read-only', async () => {
    const { openSqliteStore } = await import('../../src/store/sqlite/index.ts');
    const Database = (await import('better-sqlite3')).default;
    const store = openSqliteStore(fixtureDb);
    await store.close();
    const db = new Database(fixtureDb, { readonly: true });
    assert.throws(() => db.exec('CREATE TABLE x (y)'));
    db.close();
  });
});
