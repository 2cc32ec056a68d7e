// Bad input gets a MediaWiki answer (an error object, the right status), never a stack trace, a hang or a 500;
// hostile HTTP (odd multipart, huge parameter counts, over-long lines and headers, odd methods,
// broken chunking, lying Content-Length, pipelined bursts, protocol garbage) gets a well-formed
// HTTP answer or a clean close, and the server keeps answering its health check.
//
// Replay one generated case: FUZZ_SEED=<seed> FUZZ_CASE=<index> node --import tsx --test test/robustness/fuzz.test.ts
// More cases: FUZZ_COUNT=20000 (one in ten is hostile HTTP).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { setInternalErrorReporter } from '../../src/api/main.ts';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { queryModules } from '../../src/modules/index.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { DEFAULT_SERVE_OPTIONS, type RequestLimits, type ServeOptionsInput } from '../../src/server/options.ts';
import { judgeAnswer, judgeWire, xmlProblem } from './answer-checks.ts';
import { fuzzedActions, makeCase, sampleContinues, type FuzzContext, type WireCase } from './fuzz-requests.ts';
import { Watchdog } from './watchdog.ts';
import { NoAnswer, replayCommand, sendRaw, sendWire, type RawAnswer, type RawRequest, type WireExchange } from './raw-http.ts';
import { fixtureConfig, fixtureDb, skipWithoutFixture, useFixtureServer } from '../support/fixture-wiki.ts';

const skip = skipWithoutFixture;

const SEED = Number(process.env.FUZZ_SEED ?? 20250116);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);
const ONLY_CASE = process.env.FUZZ_CASE === undefined ? null : Number(process.env.FUZZ_CASE);
/** Not a speed requirement: an answer this late means the server hung on the input. */
const HANG_MS = 5000;
const SHOWN_FAILURES = 25;
/** Synchronous work this long means the server hangs; the watchdog then ends the run, naming the case. */
const STUCK_MS = 30_000;
/** The health check runs after every batch of this many cases. */
const BATCH = 100;

/**
 * The server under fuzzing waits half a second for headers and bodies that never come, so that
 * the cases that make it wait (a Content-Length that lies, headers cut off) cost little time;
 * every other limit is the default.
 */
const FUZZ_LIMITS: RequestLimits = { ...DEFAULT_SERVE_OPTIONS.request, headerTimeoutMs: 500, headerTimeoutMaxMs: 1000, bodyTimeoutMs: 500 };
/** Requests left waiting for bytes that never come are not waited for when the server stops. */
const FUZZ_SERVE: ServeOptionsInput = { logFormat: 'none', drainTimeoutMs: 1000, request: FUZZ_LIMITS };

const implemented = queryModules.filter((m) => m.execute !== undefined);

/** Internal errors the API reports while a request runs (they are logged with their stack, not answered). */
class ServerLog {
  private lines: string[] = [];
  /** Takes over the API's internal error reporter: call it after the server started, which installs its own. */
  listen(): void {
    setInternalErrorReporter((id, error, url) => {
      this.lines.push(`[${id}] internal error while serving ${url}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    });
  }
  take(): string[] {
    const out = this.lines;
    this.lines = [];
    return out;
  }
}

/** An in-process wikiquery over the fixture wiki with the given serving options, for a describe block. */
function useServer(serve: ServeOptionsInput, log?: ServerLog): { readonly url: string } {
  let server: RunningServer | undefined;
  before(async () => {
    server = await startServer({ db: fixtureDb, site: loadSiteConfig(fixtureConfig), port: 0, host: '127.0.0.1', serve });
    log?.listen();
  });
  after(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error('the server starts in a before hook');
      return server.url;
    },
  };
}

interface Exchange {
  /** A command or recipe that sends the request again. */
  replay: string;
  answers: RawAnswer[];
  problems: string[];
  log: string[];
}

async function exchange(base: string, log: ServerLog, request: RawRequest, allowedStatuses: readonly number[], format: string | null): Promise<Exchange> {
  log.take();
  const started = performance.now();
  const replay = replayCommand(base, request);
  try {
    const answer = await sendRaw(base, request, HANG_MS);
    const elapsed = performance.now() - started;
    const serverLog = log.take();
    const problems = judgeAnswer(answer, allowedStatuses, format);
    // In-process, a server stuck in synchronous work blocks the client's timer too: measure instead.
    if (elapsed > HANG_MS) problems.push(`answered only after ${Math.round(elapsed)} ms`);
    if (serverLog.length) problems.push('the server logged an internal error');
    return { replay, answers: [answer], problems, log: serverLog };
  } catch (e) {
    if (!(e instanceof NoAnswer)) throw e;
    return { replay, answers: [], problems: [`no answer: ${e.message}`], log: log.take() };
  }
}

/** The first bytes of an exchange, escaped, for the failure report. */
function describeWrites(exchange: WireExchange, max = 300): string {
  const all = Buffer.concat(exchange.writes);
  const shown = JSON.stringify(all.subarray(0, max).toString('latin1'));
  return all.length > max ? `${shown}…[${all.length - max} more bytes]` : shown;
}

async function wireExchange(base: string, log: ServerLog, fuzz: WireCase): Promise<Exchange> {
  log.take();
  const allowance = fuzz.waitMs;
  const result = await sendWire(base, fuzz.exchange, HANG_MS + allowance);
  const problems = judgeWire(result, fuzz.answers, fuzz.minAnswers);
  if (result.ending !== 'timeout' && result.elapsedMs > HANG_MS + allowance) problems.push(`answered only after ${Math.round(result.elapsedMs)} ms`);
  const serverLog = log.take();
  if (serverLog.length) problems.push('the server logged an internal error');
  const replay = `${fuzz.shape}: ${fuzz.variant}; ${fuzz.exchange.endAfterWriting ? 'half-closed after ' : ''}${describeWrites(fuzz.exchange)}`;
  return { replay, answers: result.answers, problems, log: serverLog };
}

function describeFailure(label: string, ex: Exchange): string {
  const lines = [`${label}: ${ex.problems.join('; ')}`, `  replay: ${ex.replay}`];
  for (const answer of ex.answers.slice(0, 3)) lines.push(`  answer ${answer.status}: ${answer.body.slice(0, 300).replace(/\n/g, '\\n')}`);
  for (const line of ex.log.slice(0, 2)) lines.push(`  server log: ${line.split('\n').slice(0, 8).join('\n    ')}`);
  return lines.join('\n');
}

function assertNoFailures(failures: { label: string; ex: Exchange }[], total: number): void {
  if (!failures.length) return;
  const shown = failures.slice(0, SHOWN_FAILURES).map((f) => describeFailure(f.label, f.ex));
  assert.fail(`${failures.length} of ${total} answers broke a promise (seed ${SEED}):\n\n${shown.join('\n\n')}`);
}

/** Null when the server answers its health check with status ok; otherwise what is wrong. */
async function healthProblem(base: string): Promise<string | null> {
  try {
    const answer = await sendRaw(base, { method: 'GET', path: '/health' }, HANG_MS);
    if (answer.status !== 200) return `health check answered ${answer.status}`;
    const status = (JSON.parse(answer.body) as { status?: string }).status;
    return status === 'ok' ? null : `health status ${JSON.stringify(status)}`;
  } catch (e) {
    return `no health answer: ${(e as Error).message}`;
  }
}

function tally(counts: Map<string, number>): string {
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
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
    { label: 'URL within the request line limit (8 KB)', request: get(`${q}&titles=${'A'.repeat(8_000)}`), statuses: ok, format: 'json' },
    { label: 'URL beyond the request line limit (15 KB)', request: get(`${q}&titles=${'A'.repeat(15_000)}`), statuses: [414], format: null },
    { label: 'URL beyond the header limit (100 KB)', request: get(`${q}&titles=${'A'.repeat(100_000)}`), statuses: [414], format: null },
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

describe('what the fuzzer sends', () => {
  test(`the ${COUNT} generated requests ask every implemented query module, as a generator too, and action=opensearch`, () => {
    const ctx: FuzzContext = { modules: implemented, actions: fuzzedActions(queryModules), continues: [], limits: FUZZ_LIMITS };
    const asked = new Set<string>();
    for (let index = 0; index < COUNT; index++) {
      const fuzz = makeCase(index, SEED, '/wiki/api.php', ctx);
      if (fuzz.kind !== 'api') continue;
      for (const [name, value] of fuzz.params) {
        if (!['action', 'prop', 'list', 'meta', 'generator'].includes(name)) continue;
        let text = value;
        try {
          text = decodeURIComponent(value);
        } catch {
          // a hostile value: its parts are no module names
        }
        for (const part of text.split('|')) asked.add(`${name}=${part}`);
      }
    }
    const missing = implemented.flatMap((m) => [
      ...(asked.has(`${m.decl.group ?? 'list'}=${m.decl.name}`) ? [] : [`${m.decl.group ?? 'list'}=${m.decl.name}`]),
      ...(m.decl.generator && !asked.has(`generator=${m.decl.name}`) ? [`generator=${m.decl.name}`] : []),
    ]);
    if (!asked.has('action=opensearch')) missing.push('action=opensearch');
    assert.deepEqual(missing, []);
  });
});

describe('hostile input over HTTP', { skip }, () => {
  const log = new ServerLog();
  const server = useServer(FUZZ_SERVE, log);
  let apiPath: string;
  before(() => {
    apiPath = new URL(server.url).pathname;
  });

  test(`${COUNT} generated requests, plain and wrapped in hostile HTTP, get well-formed answers`, { timeout: 300_000 }, async (t) => {
    const ctx: FuzzContext = { modules: implemented, actions: fuzzedActions(queryModules), continues: await sampleContinues(server.url, apiPath, HANG_MS), limits: FUZZ_LIMITS };
    assert.ok(ctx.continues.length > 3, 'the continuation samples were collected');
    const failures: { label: string; ex: Exchange }[] = [];
    const slowest: [number, number][] = [];
    const outcomes = new Map<string, number>();
    const shapes = new Map<string, number>();
    const shapeMs = new Map<string, number>();
    const wireStatuses = new Map<string, number>();
    const indexes = ONLY_CASE === null ? Array.from({ length: COUNT }, (_, i) => i) : [ONLY_CASE];
    const watchdog = new Watchdog(STUCK_MS, `FUZZ_SEED=${SEED} FUZZ_CASE=`);
    try {
      for (const [position, index] of indexes.entries()) {
        const fuzz = makeCase(index, SEED, apiPath, ctx);
        const started = performance.now();
        watchdog.watch(index);
        const ex = fuzz.kind === 'api' ? await exchange(server.url, log, fuzz.request, fuzz.allowedStatuses, fuzz.format) : await wireExchange(server.url, log, fuzz);
        watchdog.rest();
        const elapsed = performance.now() - started;
        slowest.push([elapsed, index]);
        if (fuzz.kind === 'api') {
          const answer = ex.answers[0];
          const code = answer ? String(answer.headers['mediawiki-api-error'] ?? `ok ${answer.status}`) : 'no answer';
          outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
        } else {
          shapes.set(fuzz.shape, (shapes.get(fuzz.shape) ?? 0) + 1);
          shapeMs.set(fuzz.shape, (shapeMs.get(fuzz.shape) ?? 0) + elapsed);
          const statuses = ex.answers.length ? [...new Set(ex.answers.map((a) => a.status))].join('+') : 'closed';
          wireStatuses.set(statuses, (wireStatuses.get(statuses) ?? 0) + 1);
        }
        if (ex.problems.length) failures.push({ label: `case ${index} (FUZZ_SEED=${SEED} FUZZ_CASE=${index})`, ex });
        if ((position + 1) % BATCH === 0 || position === indexes.length - 1) {
          const problem = await healthProblem(server.url);
          if (problem) failures.push({ label: `the health check after case ${index}`, ex: { replay: 'GET /health', answers: [], problems: [problem], log: [] } });
        }
      }
    } finally {
      await watchdog.stop();
    }
    slowest.sort((a, b) => b[0] - a[0]);
    t.diagnostic(`API answers: ${tally(outcomes)}`);
    t.diagnostic(`hostile HTTP cases: ${[...shapes].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n} (${(shapeMs.get(k)! / 1000).toFixed(1)} s)`).join(', ')}`);
    t.diagnostic(`their answers: ${tally(wireStatuses)}`);
    t.diagnostic(`slowest cases: ${slowest.slice(0, 5).map(([ms, i]) => `${i} (${Math.round(ms)} ms)`).join(', ')}`);
    assertNoFailures(failures, indexes.length);
  });

  test('HTTP oddities: malformed escapes, duplicates, a[]=1, long URLs, odd POST bodies', async () => {
    const failures: { label: string; ex: Exchange }[] = [];
    const list = oddities(apiPath);
    for (const odd of list) {
      const ex = await exchange(server.url, log, odd.request, odd.statuses, odd.format);
      if (odd.request.method === 'HEAD' || odd.statuses.some((s) => s >= 400)) {
        ex.problems = ex.problems.filter((p) => !p.startsWith('body') && !p.startsWith('HTML page') && !p.startsWith('unexpected Content-Type'));
      }
      if (ex.problems.length) failures.push({ label: odd.label, ex });
    }
    assertNoFailures(failures, list.length);
  });
});

describe('hostile HTTP is answered at once, rightly, and without holding others back', { skip }, () => {
  // Production timeouts: waiting for one of them would take 20 s, far past the second allowed here.
  const server = useServer({ logFormat: 'none', drainTimeoutMs: 1000 });
  const AT_ONCE_MS = 1000;
  let apiPath: string;
  before(() => {
    apiPath = new URL(server.url).pathname;
  });

  const exchangeOf = (bytes: string | Buffer, endAfterWriting = false, expectedAnswers = 1, headAnswers?: number[]): WireExchange => ({
    writes: [typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes],
    expectedAnswers,
    endAfterWriting,
    headAnswers,
  });
  const post = (fields: string, body: string) => `POST ${apiPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n${fields}\r\n${body}`;
  const statuses = (answers: RawAnswer[]) => answers.map((a) => a.status);

  test('a bad chunk size after 100 KB of chunks is answered 400', async () => {
    const chunks = `1000\r\n${'a'.repeat(0x1000)}\r\n`.repeat(25);
    const result = await sendWire(server.url, exchangeOf(post('Transfer-Encoding: chunked\r\n', `${chunks}zz\r\n`)), AT_ONCE_MS);
    assert.deepEqual(statuses(result.answers), [400]);
  });

  test('a chunk extension beyond node\'s limit is answered 413', async () => {
    const result = await sendWire(server.url, exchangeOf(post('Transfer-Encoding: chunked\r\n', `5;${'x'.repeat(20_000)}\r\nabcde\r\n0\r\n\r\n`)), AT_ONCE_MS);
    assert.deepEqual(statuses(result.answers), [413]);
  });

  test('a Transfer-Encoding without chunked last is answered 400 (RFC 9112 6.3)', async () => {
    const result = await sendWire(server.url, exchangeOf(post('Transfer-Encoding: identity\r\n', 'action=query'), true), AT_ONCE_MS);
    assert.deepEqual(statuses(result.answers), [400]);
  });

  test('a body cut short by the client\'s half-close is answered 400 or closed', async () => {
    const result = await sendWire(server.url, exchangeOf(post('Content-Length: 100\r\n', 'action=query'), true), AT_ONCE_MS);
    assert.notEqual(result.ending, 'timeout');
    assert.ok(result.answers.every((a) => a.status === 400));
  });

  test('HEAD with a request line past node\'s header limit gets a 414 without a body', async () => {
    const result = await sendWire(server.url, exchangeOf(`HEAD ${apiPath}?titles=${'A'.repeat(30_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, false, 1, [0]), AT_ONCE_MS);
    assert.deepEqual(statuses(result.answers), [414]);
    assert.equal(result.malformed, null);
  });

  test('an over-long request line behind a multipart POST on the same connection is 414', async () => {
    const multipart = `--b\r\nContent-Disposition: form-data; name="action"\r\n\r\nquery\r\n--b--\r\n`;
    const first = `POST ${apiPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${multipart.length}\r\n\r\n${multipart}`;
    const result = await sendWire(server.url, exchangeOf(`${first}GET ${apiPath}?titles=${'A'.repeat(30_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, false, 2), AT_ONCE_MS);
    assert.deepEqual(statuses(result.answers), [200, 414]);
  });

  test('HEAD with an over-long request line behind another request gets a 414 without a body', async () => {
    const first = `GET ${apiPath}?action=query&format=json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    const result = await sendWire(server.url, exchangeOf(`${first}HEAD ${apiPath}?titles=${'A'.repeat(30_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, false, 2, [1]), AT_ONCE_MS);
    assert.deepEqual(statuses(result.answers), [200, 414]);
    assert.equal(result.malformed, null);
  });

  test('a pipelined burst does not hold back another client', async () => {
    const { hostname, port } = new URL(server.url);
    const burst = net.connect({ host: hostname, port: Number(port) });
    let burstAnswers = 0;
    burst.on('data', (chunk: Buffer) => (burstAnswers += chunk.toString('latin1').match(/HTTP\/1\.1 \d{3}/g)?.length ?? 0));
    burst.on('error', () => {});
    await new Promise((resolve) => burst.once('connect', resolve));
    burst.write(`GET ${apiPath}?action=query&list=allpages&aplimit=max&format=json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(100));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = await sendRaw(server.url, { method: 'GET', path: `${apiPath}?action=query&titles=Mars&format=json` }, 5000);
    const behind = burstAnswers;
    burst.destroy();
    assert.equal(answer.status, 200);
    assert.ok(behind < 80, `answered after ${behind} of the burst's 100 requests`);
  });

  test('an absolute-form request target is served as its path (RFC 9112 3.2.2)', async () => {
    const result = await sendWire(server.url, exchangeOf(`GET http://127.0.0.1${apiPath}?action=query&format=json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`), AT_ONCE_MS);
    assert.deepEqual(statuses(result.answers), [200]);
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

  test('a multipart body cut short keeps the fields read before the cut, the cut value included', async () => {
    const json = await getJson(multipart('--b\r\nContent-Disposition: form-data; name="action"\r\n\r\nquery\r\n--b\r\nContent-Disposition: form-data; name="titles"\r\n\r\nMa'));
    assert.deepEqual(json, { batchcomplete: '', query: { pages: { '-1': { ns: 0, title: 'Ma', missing: '' } } } });
  });

  test('U+001F echoed in an XML error stays well-formed XML (MediaWiki cleans every result string)', async () => {
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

  test('a POST without Content-Type is not read and gets the post-without-content-type deprecation warning', async () => {
    const answer = await sendRaw(server.url, { method: 'POST', path: `${apiPath}?action=query&format=json`, body: Buffer.from('titles=Mars') }, HANG_MS);
    const json = JSON.parse(answer.body);
    assert.equal(json.query, undefined);
    assert.match(json.warnings.main['*'], /^A POST request was made without a "Content-Type" header\. This does not work reliably\./);
  });
});
