// Every action name of MediaWiki 1.39, asked by GET and by POST of a running wikiquery, gets what
// a client can act on: MediaWiki's answer, or an API error object (with its MediaWiki-API-Error
// header) at HTTP 200, never a 5xx or a 501 that clients such as mwclient and pywikibot retry for
// hours.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';

const recorded = JSON.parse(readFileSync(new URL('../../src/api/actions/mediawiki-actions.json', import.meta.url), 'utf8')) as { registrationOrder: string[] };
const actionNames = recorded.registrationOrder;

/** Actions whose answer is not the API's JSON even with format=json: help is an HTML page. */
const htmlAnswers = new Set(['help']);
/** MediaWiki answers a malformed CSP report with HTTP 400 (and the API error), not 200. */
const otherStatus: Record<string, number[]> = { cspreport: [200, 400] };

interface Answer {
  status: number;
  errorHeader: string | null;
  contentType: string;
  body: string;
  milliseconds: number;
}

async function ask(apiUrl: string, method: 'GET' | 'POST', params: Record<string, string>): Promise<Answer> {
  const query = new URLSearchParams(params);
  const started = performance.now();
  const response =
    method === 'GET'
      ? await fetch(`${apiUrl}?${query}`, { signal: AbortSignal.timeout(10_000) })
      : await fetch(apiUrl, { method, body: query, signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  return {
    status: response.status,
    errorHeader: response.headers.get('mediawiki-api-error'),
    contentType: response.headers.get('content-type') ?? '',
    body,
    milliseconds: performance.now() - started,
  };
}

/** What is wrong with an answer, or nothing: each failure names its action and method. */
function problemsOf(action: string, method: string, answer: Answer): string[] {
  const where = `${method} action=${action}`;
  const problems: string[] = [];
  const allowedStatus = otherStatus[action] ?? [200];
  if (!allowedStatus.includes(answer.status)) problems.push(`${where}: HTTP ${answer.status}`);
  if (answer.milliseconds > 5000) problems.push(`${where}: took ${Math.round(answer.milliseconds)} ms`);
  if (htmlAnswers.has(action) && answer.errorHeader === null) {
    if (!answer.contentType.startsWith('text/html')) problems.push(`${where}: ${answer.contentType}, not an HTML help page`);
    return problems;
  }
  let json: Json;
  try {
    json = JSON.parse(answer.body);
  } catch {
    problems.push(`${where}: not JSON (${answer.contentType}): ${answer.body.slice(0, 120)}`);
    return problems;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    problems.push(`${where}: not a JSON object: ${answer.body.slice(0, 120)}`);
    return problems;
  }
  if (json.error !== undefined) {
    if (typeof json.error.code !== 'string' || typeof json.error.info !== 'string') problems.push(`${where}: an error without code and info: ${answer.body.slice(0, 200)}`);
    if (answer.errorHeader !== json.error.code) problems.push(`${where}: error ${json.error.code} with MediaWiki-API-Error ${answer.errorHeader}`);
  } else if (answer.errorHeader !== null) {
    problems.push(`${where}: MediaWiki-API-Error ${answer.errorHeader} on an answer without error`);
  }
  return problems;
}

describe('every MediaWiki 1.39 action', { skip: skipWithoutFixture }, () => {
  const server = useFixtureServer();

  test('the recorded action list is MediaWiki 1.39\'s', () => {
    assert.ok(actionNames.length >= 50, `${actionNames.length} actions`);
    for (const name of ['query', 'login', 'edit', 'parse', 'expandtemplates', 'opensearch', 'feedrecentchanges', 'rsd', 'cspreport']) {
      assert.ok(actionNames.includes(name), name);
    }
  });

  for (const method of ['GET', 'POST'] as const) {
    test(`${method}: an answer or an API error object, with its header, for every action`, async () => {
      const problems: string[] = [];
      const codes = new Map<string, string>();
      for (const action of actionNames) {
        const answer = await ask(server.url, method, { action, format: 'json' });
        problems.push(...problemsOf(action, method, answer));
        codes.set(action, answer.errorHeader ?? 'answer');
      }
      assert.deepEqual(problems, []);
      // What reads nothing is answered, not refused.
      assert.equal(codes.get('query'), 'answer');
      assert.equal(codes.get('paraminfo'), 'answer');
    });

    test(`${method}: the same with formatversion=2 and errorformat=plaintext`, async () => {
      const problems: string[] = [];
      for (const action of actionNames) {
        const answer = await ask(server.url, method, { action, format: 'json', formatversion: '2', errorformat: 'plaintext' });
        // errorformat other than bc answers errors as an "errors" list.
        let json: Json;
        try {
          json = JSON.parse(answer.body);
        } catch {
          if (!htmlAnswers.has(action)) problems.push(`${method} action=${action}: not JSON`);
          continue;
        }
        if (!(otherStatus[action] ?? [200]).includes(answer.status)) problems.push(`${method} action=${action}: HTTP ${answer.status}`);
        if (json.errors !== undefined) {
          if (!Array.isArray(json.errors) || typeof json.errors[0]?.code !== 'string') problems.push(`${method} action=${action}: errors is not a list of codes`);
          else if (answer.errorHeader !== json.errors[0].code) problems.push(`${method} action=${action}: error ${json.errors[0].code} with MediaWiki-API-Error ${answer.errorHeader}`);
        } else if (answer.errorHeader !== null) {
          problems.push(`${method} action=${action}: MediaWiki-API-Error ${answer.errorHeader} without errors`);
        }
      }
      assert.deepEqual(problems, []);
    });
  }

  test('write actions are refused as MediaWiki refuses them on a read-only wiki, even with every parameter and a valid token', async () => {
    // Log in as the fixture's bot, whose grants include editing, and take its csrf token.
    const cookies: string[] = [];
    const keep = (response: Response): void => {
      for (const cookie of response.headers.getSetCookie()) cookies.push(cookie.split(';')[0]!);
    };
    const post = async (params: Record<string, string>): Promise<{ json: Json; errorHeader: string | null }> => {
      const response = await fetch(server.url, { method: 'POST', body: new URLSearchParams({ format: 'json', ...params }), headers: { cookie: cookies.join('; ') } });
      keep(response);
      return { json: await response.json(), errorHeader: response.headers.get('mediawiki-api-error') };
    };
    const loginToken = (await post({ action: 'query', meta: 'tokens', type: 'login' })).json.query.tokens.logintoken;
    const login = await post({ action: 'login', lgname: 'FixtureBot@importer', lgpassword: 'importerbotpassword0123456789abc', lgtoken: loginToken });
    assert.equal(login.json.login.result, 'Success');
    const tokens = (await post({ action: 'query', meta: 'tokens', type: 'csrf|watch' })).json.query.tokens;
    const csrf = tokens.csrftoken;
    assert.notEqual(csrf, '+\\');
    const writes: Record<string, Record<string, string>> = {
      edit: { title: 'Mars', text: 'replaced' },
      move: { from: 'Mars', to: 'Mars (planet)' },
      upload: { filename: 'E2e.png', url: 'http://127.0.0.1/e2e.png' },
      watch: { titles: 'Mars' },
      purge: { titles: 'Mars' },
      setnotificationtimestamp: { titles: 'Mars' },
      options: { change: 'gender=female' },
      changecontentmodel: { title: 'Mars', model: 'text' },
    };
    for (const [action, params] of Object.entries(writes)) {
      // Each action's own token type (action=watch takes a watch token).
      const answer = await post({ action, ...params, token: action === 'watch' ? tokens.watchtoken : csrf });
      assert.equal(answer.errorHeader, 'readonly', `${action}: ${JSON.stringify(answer.json)}`);
      assert.equal(answer.json.error.info, 'The wiki is currently in read-only mode.');
    }
    await post({ action: 'logout', token: csrf });
  });

  test('a name that is no action is refused as MediaWiki refuses it', async () => {
    const answer = await ask(server.url, 'GET', { action: 'nosuchaction', format: 'json' });
    assert.equal(answer.status, 200);
    assert.equal(answer.errorHeader, 'badvalue');
    assert.match(JSON.parse(answer.body).error.info, /Unrecognized value for parameter "action": nosuchaction/);
  });
});
