// Bad input gets a MediaWiki answer (an error object, the right status), never a stack trace, a hang or a 500.
//
// Replay one generated case: FUZZ_SEED=<seed> FUZZ_CASE=<index> node --import tsx --test test/robustness/fuzz.test.ts
// More cases: FUZZ_COUNT=20000.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { queryModules } from '../../src/modules/index.ts';
import { bodyKindOf, checkBody, findInternals, xmlProblem, type BodyKind } from './answer-checks.ts';
import { makeCase, type ContinueSample, type FuzzCase, type FuzzContext } from './fuzz-requests.ts';
import { Watchdog } from './watchdog.ts';
import { NoAnswer, replayCommand, sendRaw, type RawAnswer, type RawRequest } from './raw-http.ts';
import { skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

const SEED = Number(process.env.FUZZ_SEED ?? 20250116);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);
const ONLY_CASE = process.env.FUZZ_CASE === undefined ? null : Number(process.env.FUZZ_CASE);
/** Not a speed requirement: an answer this late means the server hung on the input. */
const HANG_MS = 5000;
const SHOWN_FAILURES = 25;
/** Synchronous work this long means the server hangs; the watchdog then ends the run, naming the case. */
const STUCK_MS = 30_000;

const implemented = queryModules.filter((m) => m.execute !== undefined);

/** Everything the server writes to stderr while a request runs (internal errors log their stack there). */
class ServerLog {
  private lines: string[] = [];
  private original = console.error;
  capture(): void {
    console.error = (...args: unknown[]) => {
      this.lines.push(args.map((a) => (a instanceof Error ? a.stack ?? a.message : String(a))).join(' '));
    };
  }
  release(): void {
    console.error = this.original;
  }
  take(): string[] {
    const out = this.lines;
    this.lines = [];
    return out;
  }
}

interface Exchange {
  request: RawRequest;
  answer?: RawAnswer;
  problems: string[];
  log: string[];
}

/** Which bodies a correct answer may have, from the `format` the request asked for. */
function allowedKinds(format: string, status: number): BodyKind[] {
  if (status === 403) return ['html'];
  if (format === 'json') return ['json', 'jsonp'];
  if (format === 'xml') return ['xml'];
  if (format === 'php') return ['php'];
  if (format === 'none') return ['none'];
  return ['html', 'wrapped'];
}

/** A JSON error is MediaWiki's error object: `error` with a code (bc), or a list of `errors` with codes. */
function errorShapeProblems(json: Record<string, unknown>): string[] {
  const error = json.error as { code?: unknown } | undefined;
  const errors = json.errors as { code?: unknown }[] | undefined;
  if (error !== undefined && typeof error.code !== 'string') return ['an error object without a code'];
  if (errors !== undefined && (!Array.isArray(errors) || errors.some((e) => typeof e.code !== 'string'))) return ['an errors list without codes'];
  return [];
}

/** Every promise about one answer; the list of broken ones (empty when the answer is fine). */
function judge(answer: RawAnswer, allowedStatuses: readonly number[], format: string | null): string[] {
  const problems: string[] = [];
  if (!allowedStatuses.includes(answer.status)) problems.push(`HTTP status ${answer.status}`);
  const internals = findInternals(answer.body);
  if (internals) problems.push(`server internals in the body: ${JSON.stringify(internals)}`);
  const kind = bodyKindOf(String(answer.headers['content-type'] ?? ''));
  if (!kind) {
    problems.push(`unexpected Content-Type ${JSON.stringify(answer.headers['content-type'])}`);
    return problems;
  }
  if (format !== null && !allowedKinds(format, answer.status).includes(kind)) problems.push(`format=${format} answered as ${kind}`);
  const { problem, json } = checkBody(kind, answer.body);
  if (problem) problems.push(problem);
  if (json && typeof json === 'object') problems.push(...errorShapeProblems(json as Record<string, unknown>));
  const errorHeader = answer.headers['mediawiki-api-error'];
  const code = (json as { error?: { code?: string } } | undefined)?.error?.code;
  if (code !== undefined && errorHeader !== undefined && code !== errorHeader) problems.push(`error code ${code} but MediaWiki-API-Error: ${errorHeader}`);
  return problems;
}

async function exchange(base: string, log: ServerLog, request: RawRequest, allowedStatuses: readonly number[], format: string | null): Promise<Exchange> {
  log.take();
  const started = performance.now();
  try {
    const answer = await sendRaw(base, request, HANG_MS);
    const elapsed = performance.now() - started;
    const serverLog = log.take();
    const problems = judge(answer, allowedStatuses, format);
    // In-process, a server stuck in synchronous work blocks the client's timer too: measure instead.
    if (elapsed > HANG_MS) problems.push(`answered only after ${Math.round(elapsed)} ms`);
    if (serverLog.length) problems.push('the server logged an error');
    return { request, answer, problems, log: serverLog };
  } catch (e) {
    if (!(e instanceof NoAnswer)) throw e;
    return { request, problems: [`no answer: ${e.message}`], log: log.take() };
  }
}

function describeFailure(base: string, label: string, ex: Exchange): string {
  const lines = [`${label}: ${ex.problems.join('; ')}`, `  replay: ${replayCommand(base, ex.request)}`];
  if (ex.answer) lines.push(`  answer ${ex.answer.status}: ${ex.answer.body.slice(0, 300).replace(/\n/g, '\\n')}`);
  for (const line of ex.log.slice(0, 2)) lines.push(`  server log: ${line.split('\n').slice(0, 8).join('\n    ')}`);
  return lines.join('\n');
}

function assertNoFailures(base: string, failures: { label: string; ex: Exchange }[], total: number): void {
  if (!failures.length) return;
  const shown = failures.slice(0, SHOWN_FAILURES).map((f) => describeFailure(base, f.label, f.ex));
  assert.fail(`${failures.length} of ${total} answers broke a promise (seed ${SEED}):\n\n${shown.join('\n\n')}`);
}

/** Continuation values the server really gives, to be replayed, cut short and crossed between modules. */
async function sampleContinues(base: string, apiPath: string): Promise<ContinueSample[]> {
  const samples: ContinueSample[] = [];
  const asks = [
    'list=allpages&aplimit=1', 'list=backlinks&bltitle=Earth&bllimit=1', 'list=categorymembers&cmtitle=Category:Planets&cmlimit=1',
    'list=embeddedin&eititle=Template:Infobox&eilimit=1', 'prop=categories&titles=Mars|Earth&cllimit=1', 'prop=links&titles=Mars&pllimit=1',
    'prop=templates&titles=Mars&tllimit=1', 'prop=revisions&titles=Earth&rvlimit=1', 'prop=references&titles=Mars|Earth',
    'generator=allpages&gaplimit=1&prop=revisions', 'list=categorymembers&cmtitle=Category:Planets&cmlimit=1&cmsort=timestamp',
    'list=backlinks&bltitle=Earth&bllimit=1&blredirect=1', 'list=allpages&aplimit=1&rawcontinue=1',
  ];
  for (const ask of asks) {
    const answer = await sendRaw(base, { method: 'GET', path: `${apiPath}?action=query&format=json&formatversion=2&${ask}` }, HANG_MS);
    const json = JSON.parse(answer.body) as { continue?: ContinueSample; 'query-continue'?: Record<string, ContinueSample> };
    if (json.continue) samples.push(json.continue);
    for (const part of Object.values(json['query-continue'] ?? {})) samples.push(part);
  }
  return samples;
}

function manyParams(n: number): string {
  return Array.from({ length: n }, (_, i) => `p${i}=${i}`).join('&');
}

/** Hand-made HTTP oddities: what no client library would send, but the network will. */
function oddities(apiPath: string): { label: string; request: RawRequest; statuses: number[]; format: string | null }[] {
  const get = (qs: string) => ({ method: 'GET', path: `${apiPath}?${qs}` });
  const post = (type: string | undefined, body: string | Buffer) => ({
    method: 'POST',
    path: apiPath,
    headers: type === undefined ? {} : { 'Content-Type': type },
    body: typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
  });
  const q = 'action=query&format=json';
  const ok = [200];
  return [
    { label: 'lone % in a name', request: get(`${q}&%=1`), statuses: ok, format: 'json' },
    { label: 'malformed escapes everywhere', request: get(`${q}&titles=%ZZ%G%&list%=x&%%%=%`), statuses: ok, format: 'json' },
    { label: 'escape cut at the end', request: get(`${q}&titles=Mars%2`), statuses: ok, format: 'json' },
    { label: 'escaped & and =', request: get(`${q}&titles=A%26B%3DC`), statuses: ok, format: 'json' },
    { label: 'duplicated parameters, last wins', request: get(`${q}&titles=Mars&titles=Earth&format=xml&format=json`), statuses: ok, format: 'json' },
    { label: 'duplicated action', request: get(`action=help&action=query&format=json&list=allpages&list=nosuch`), statuses: ok, format: 'json' },
    { label: 'PHP array syntax', request: get(`${q}&titles[]=Mars&titles[]=Earth`), statuses: ok, format: 'json' },
    { label: 'PHP array syntax with keys', request: get(`${q}&list[a]=allpages&aplimit[0]=1`), statuses: ok, format: 'json' },
    { label: 'PHP array syntax on action', request: get(`action[]=query&format=json`), statuses: ok, format: null },
    { label: 'PHP array syntax on format', request: get(`action=query&format[]=json`), statuses: ok, format: null },
    { label: 'names with dots and spaces', request: get(`${q}&a.b=1&a+b=2&list.x=allpages`), statuses: ok, format: 'json' },
    { label: 'empty names and values', request: get(`${q}&&=&==&=x&titles`), statuses: ok, format: 'json' },
    { label: 'no query string', request: { method: 'GET', path: apiPath }, statuses: ok, format: null },
    { label: 'question mark only', request: { method: 'GET', path: `${apiPath}?` }, statuses: ok, format: null },
    { label: 'very long URL (15 KB)', request: get(`${q}&titles=${'A'.repeat(15_000)}`), statuses: ok, format: 'json' },
    { label: 'URL beyond the header limit (100 KB)', request: get(`${q}&titles=${'A'.repeat(100_000)}`), statuses: [414, 431], format: null },
    { label: 'many parameters in the URL (800)', request: get(`${q}&${manyParams(800)}`), statuses: ok, format: 'json' },
    { label: 'many parameters in the body (20000)', request: post('application/x-www-form-urlencoded', `${q}&${manyParams(20_000)}`), statuses: ok, format: 'json' },
    { label: 'path with escapes', request: { method: 'GET', path: `${apiPath.replace('api.php', 'api%2Ephp')}?${q}` }, statuses: [404], format: null },
    { label: 'other path', request: { method: 'GET', path: `${apiPath}/extra?${q}` }, statuses: [404], format: null },
    { label: 'PUT', request: { method: 'PUT', path: `${apiPath}?${q}`, body: Buffer.from('x') }, statuses: [405], format: null },
    { label: 'DELETE', request: { method: 'DELETE', path: `${apiPath}?${q}` }, statuses: [405], format: null },
    { label: 'OPTIONS', request: { method: 'OPTIONS', path: `${apiPath}?${q}` }, statuses: [200, 204, 405], format: null },
    { label: 'POST with an empty body', request: post('application/x-www-form-urlencoded', ''), statuses: ok, format: null },
    { label: 'POST without a content type', request: post(undefined, q), statuses: ok, format: null },
    { label: 'POST declared JSON', request: post('application/json', JSON.stringify({ action: 'query', format: 'json' })), statuses: ok, format: null },
    { label: 'POST declared text/plain', request: post('text/plain', q), statuses: ok, format: null },
    { label: 'POST declared XML', request: post('text/xml', '<?xml version="1.0"?><api/>'), statuses: ok, format: null },
    { label: 'POST multipart without a boundary', request: post('multipart/form-data', q), statuses: ok, format: null },
    { label: 'POST multipart with a wrong boundary', request: post('multipart/form-data; boundary=zzz', `--yyy\r\nContent-Disposition: form-data; name="action"\r\n\r\nquery\r\n--yyy--\r\n`), statuses: ok, format: null },
    { label: 'POST multipart cut short', request: post('multipart/form-data; boundary=b', `--b\r\nContent-Disposition: form-data; name="action"\r\n\r\nque`), statuses: ok, format: null },
    { label: 'POST multipart with a file part', request: post('multipart/form-data; boundary=b', `--b\r\nContent-Disposition: form-data; name="action"\r\n\r\nquery\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b\r\nContent-Disposition: form-data; name="format"\r\n\r\njson\r\n--b--\r\n`), statuses: ok, format: 'json' },
    { label: 'POST multipart with invalid UTF-8', request: post('multipart/form-data; boundary=b', Buffer.concat([Buffer.from('--b\r\nContent-Disposition: form-data; name="titles"\r\n\r\n'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('\r\n--b\r\nContent-Disposition: form-data; name="action"\r\n\r\nquery\r\n--b\r\nContent-Disposition: form-data; name="format"\r\n\r\njson\r\n--b--\r\n')])), statuses: ok, format: 'json' },
    { label: 'POST urlencoded with invalid UTF-8', request: post('application/x-www-form-urlencoded', Buffer.concat([Buffer.from(`${q}&titles=`), Buffer.from([0xc3, 0x28, 0xff, 0x00])])), statuses: ok, format: 'json' },
    { label: 'POST urlencoded charset=latin1', request: post('application/x-www-form-urlencoded; charset=ISO-8859-1', `${q}&titles=%E9t%E9`), statuses: ok, format: 'json' },
    { label: 'POST and GET both carry parameters', request: { ...post('application/x-www-form-urlencoded', 'format=json&titles=Earth'), path: `${apiPath}?action=query&titles=Mars&format=xml` }, statuses: ok, format: 'json' },
    { label: 'POST with a 1 MB body', request: post('application/x-www-form-urlencoded', `${q}&titles=${'B'.repeat(1_000_000)}`), statuses: ok, format: 'json' },
    { label: 'HEAD', request: { method: 'HEAD', path: `${apiPath}?${q}` }, statuses: ok, format: null },
  ];
}

describe('hostile input over HTTP', { skip }, () => {
  const log = new ServerLog();
  after(() => log.release());
  const server = useFixtureServer();
  let apiPath: string;
  before(() => {
    apiPath = new URL(server.url).pathname;
  });

  test(`${COUNT} generated requests over every implemented module's parameters get MediaWiki answers`, { timeout: 300_000 }, async (t) => {
    const ctx: FuzzContext = { modules: implemented, continues: await sampleContinues(server.url, apiPath) };
    assert.ok(ctx.continues.length > 3, 'the continuation samples were collected');
    const failures: { label: string; ex: Exchange }[] = [];
    const slowest: [number, number][] = [];
    const outcomes = new Map<string, number>();
    const indexes = ONLY_CASE === null ? Array.from({ length: COUNT }, (_, i) => i) : [ONLY_CASE];
    const watchdog = new Watchdog(STUCK_MS, `FUZZ_SEED=${SEED} FUZZ_CASE=`);
    log.capture();
    try {
      for (const index of indexes) {
        const fuzz: FuzzCase = makeCase(index, SEED, apiPath, ctx);
        const started = performance.now();
        watchdog.watch(index);
        const ex = await exchange(server.url, log, fuzz.request, fuzz.allowedStatuses, fuzz.format);
        watchdog.rest();
        slowest.push([performance.now() - started, index]);
        const code = ex.answer ? String(ex.answer.headers['mediawiki-api-error'] ?? `ok ${ex.answer.status}`) : 'no answer';
        outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
        if (ex.problems.length) failures.push({ label: `case ${index} (FUZZ_SEED=${SEED} FUZZ_CASE=${index})`, ex });
      }
    } finally {
      log.release();
      await watchdog.stop();
    }
    slowest.sort((a, b) => b[0] - a[0]);
    t.diagnostic(`answers: ${[...outcomes].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
    t.diagnostic(`slowest cases: ${slowest.slice(0, 5).map(([ms, i]) => `${i} (${Math.round(ms)} ms)`).join(', ')}`);
    assertNoFailures(server.url, failures, indexes.length);
  });

  test('HTTP oddities: malformed escapes, duplicates, a[]=1, long URLs, odd POST bodies', async () => {
    const failures: { label: string; ex: Exchange }[] = [];
    const list = oddities(apiPath);
    log.capture();
    try {
      for (const odd of list) {
        const ex = await exchange(server.url, log, odd.request, odd.statuses, odd.format);
        if (odd.request.method === 'HEAD' || odd.statuses.some((s) => s >= 400)) {
          ex.problems = ex.problems.filter((p) => !p.startsWith('body') && !p.startsWith('HTML page') && !p.startsWith('unexpected Content-Type'));
        }
        if (ex.problems.length) failures.push({ label: odd.label, ex });
      }
    } finally {
      log.release();
    }
    assertNoFailures(server.url, failures, list.length);
  });
});

describe('malformed requests are read as PHP reads them', { skip }, () => {
  const server = useFixtureServer();
  let apiPath: string;
  before(() => {
    apiPath = new URL(server.url).pathname;
  });

  const getJson = async (request: RawRequest) => {
    const answer = await sendRaw(server.url, request, HANG_MS);
    assert.equal(answer.status, 200);
    return JSON.parse(answer.body);
  };
  const multipart = (parts: string) => ({
    method: 'POST',
    path: `${apiPath}?format=json`,
    headers: { 'Content-Type': 'multipart/form-data; boundary=b' },
    body: Buffer.from(parts),
  });

  test('a parameter in PHP array syntax is ignored with "uses unsupported PHP array syntax"', async () => {
    const json = await getJson({ method: 'GET', path: `${apiPath}?action=query&format=json&titles=Earth&titles[]=Mars` });
    assert.equal(json.warnings.main['*'], 'Parameter "titles" uses unsupported PHP array syntax.');
    assert.equal(json.query, undefined);
  });

  test('array syntax after a plain value loses to the plain value that follows it', async () => {
    const json = await getJson({ method: 'GET', path: `${apiPath}?action=query&format=json&titles[]=Mars&titles=Earth` });
    assert.equal(json.warnings, undefined);
    assert.equal(json.query.pages['75'].title, 'Earth');
  });

  test('unknown array parameters are unrecognized under their PHP names', async () => {
    const json = await getJson({ method: 'GET', path: `${apiPath}?action=query&format=json&foo[]=1&a.b[c]=2&x[=3` });
    assert.equal(json.warnings.main['*'], 'Unrecognized parameters: foo, a_b, x_.');
  });

  test('names are cut at NUL and lose leading spaces, as PHP does', async () => {
    const json = await getJson({ method: 'GET', path: `${apiPath}?action=query&format=json&%20titles=Mars&ti%00tles=x&%00y=1` });
    assert.equal(json.warnings.main['*'], 'Unrecognized parameter: ti.');
    assert.equal(json.query.pages['76'].title, 'Mars');
  });

  test('multipart without a boundary counts as an empty body', async () => {
    const json = await getJson({ method: 'POST', path: `${apiPath}?action=query&format=json`, headers: { 'Content-Type': 'multipart/form-data' }, body: Buffer.from('titles=Mars') });
    assert.deepEqual(json, { batchcomplete: '' });
  });

  test('a multipart body cut short keeps the fields read before the cut', async () => {
    const json = await getJson(multipart('--b\r\nContent-Disposition: form-data; name="action"\r\n\r\nquery\r\n--b\r\nContent-Disposition: form-data; name="titles"\r\n\r\nMa'));
    assert.deepEqual(json, { batchcomplete: '' });
  });

  test('U+001F echoed in an XML error stays well-formed XML (MediaWiki cleans every result string)', { todo: 'result strings are not cleaned like ApiResult::validateValue: raw U+001F reaches the XML' }, async () => {
    const answer = await sendRaw(server.url, { method: 'GET', path: `${apiPath}?action=query&list=embeddedin&eititle=Mars&eifilterredir=%1F&format=xml&errorformat=raw` }, HANG_MS);
    assert.equal(xmlProblem(answer.body), null);
    assert.match(answer.body, /plaintext="\ufffd"/);
  });
});

describe('POST bodies that are not form data', { skip }, () => {
  const server = useFixtureServer();
  let apiPath: string;
  before(() => {
    apiPath = new URL(server.url).pathname;
  });

  const post = (type: string | undefined) =>
    sendRaw(server.url, { method: 'POST', path: `${apiPath}?format=json`, headers: type ? { 'Content-Type': type } : {}, body: Buffer.from('action=query&titles=Mars') }, HANG_MS);

  for (const type of ['text/plain', 'application/json', 'text/xml']) {
    test(`a ${type} body is not read for parameters, as PHP does not`, async () => {
      const answer = await post(type);
      assert.equal(answer.status, 200);
      assert.match(answer.body, /MediaWiki API help/);
    });
  }

  test('a form body is read whatever the case of its type and its charset', async () => {
    const answer = await post('Application/X-WWW-Form-Urlencoded; charset=UTF-8');
    assert.equal(JSON.parse(answer.body).query.pages['76'].title, 'Mars');
  });

  test('a POST without Content-Type is not read and gets the post-without-content-type deprecation warning', { todo: 'the warning belongs in src/api/main.ts (setupExecuteAction)' }, async () => {
    const answer = await sendRaw(server.url, { method: 'POST', path: `${apiPath}?action=query&format=json`, body: Buffer.from('titles=Mars') }, HANG_MS);
    const json = JSON.parse(answer.body);
    assert.equal(json.query, undefined);
    assert.match(json.warnings.main['*'], /^A POST request was made without a "Content-Type" header\. This does not work reliably\./);
  });
});
