// Reading api.php requests as PHP hands them to MediaWiki: names, values, max_input_vars, multipart
// quirks, body limits and timeouts, over a real socket.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClientGoneError, HttpError, parseQueryString, readApiRequest } from '../../src/server/request-reader.ts';
import { DEFAULT_SERVE_OPTIONS, type RequestLimits } from '../../src/server/options.ts';

/** What the reader made of a request, as the test server reports it. */
interface Read {
  names: string[];
  /** null for a name sent as an array. */
  values: Record<string, string | null>;
  /** Raw bytes (hex) of the values input cleanup changed. */
  raw: Record<string, string>;
}
type Outcome = { read: Read } | { status: number } | { gone: true } | { unexpected: string };

interface ReaderServer {
  port: number;
  outcomes: Outcome[];
  /** The outcome of the next request to finish (for requests that get no answer). */
  nextOutcome(): Promise<Outcome>;
  close(): Promise<void>;
}

async function startReader(overrides: Partial<RequestLimits> = {}): Promise<ReaderServer> {
  const limits: RequestLimits = { ...DEFAULT_SERVE_OPTIONS.request, ...overrides };
  const outcomes: Outcome[] = [];
  let waiting: ((outcome: Outcome) => void)[] = [];
  const record = (outcome: Outcome): void => {
    outcomes.push(outcome);
    const waiters = waiting;
    waiting = [];
    for (const resolve of waiters) resolve(outcome);
  };
  const server: Server = createServer(async (req, res) => {
    let outcome: Outcome;
    const answer = (status: number, body: Outcome): void => {
      const text = JSON.stringify(body);
      res.writeHead(status, { Connection: 'close', 'Content-Length': Buffer.byteLength(text) }).end(text);
    };
    try {
      const request = await readApiRequest(req, limits);
      const read: Read = { names: [...request.names()], values: {}, raw: {} };
      for (const name of read.names) {
        read.values[name] = request.usesArraySyntax(name) ? null : (request.peek(name) ?? null);
        const raw = request.rawIfCleaned(name);
        if (raw !== undefined) read.raw[name] = Buffer.from(raw, 'latin1').toString('hex');
      }
      outcome = { read };
      answer(200, outcome);
    } catch (error) {
      if (error instanceof HttpError) {
        outcome = { status: error.status };
        answer(error.status, outcome);
      } else if (error instanceof ClientGoneError) {
        outcome = { gone: true };
        res.destroy();
      } else {
        outcome = { unexpected: error instanceof Error ? (error.stack ?? error.message) : String(error) };
        answer(500, outcome);
      }
    }
    record(outcome);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    outcomes,
    nextOutcome: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Answer {
  status: number;
  outcome: Outcome;
}

/**
 * Sends raw bytes (pieces with pauses between them when asked) and reads the answer to the end;
 * `stopAfterAnswer` leaves the rest unsent once an answer has come.
 */
function sendRaw(port: number, pieces: (Buffer | string | number)[], stopAfterAnswer = true): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let answered = false;
    const pauses = new AbortController();
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      answered = true;
    });
    socket.on('error', (error) => (answered ? undefined : reject(error)));
    socket.on('close', () => {
      pauses.abort();
      const bytes = Buffer.concat(chunks);
      const text = bytes.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
      const body = bytes.subarray(text.indexOf('\r\n\r\n') + 4).toString('utf8');
      try {
        resolve({ status, outcome: JSON.parse(body) as Outcome });
      } catch {
        reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
      }
    });
    socket.on('connect', async () => {
      try {
        for (const piece of pieces) {
          if ((answered && stopAfterAnswer) || socket.destroyed) break;
          if (typeof piece === 'number') await sleep(piece, undefined, { signal: pauses.signal });
          else socket.write(piece);
        }
      } catch {
        // the connection closed during a pause
      }
    });
  });
}

function requestHead(method: string, target: string, headers: Record<string, string | number> = {}): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

async function get(server: ReaderServer, query: string): Promise<Read> {
  return readOf(await sendRaw(server.port, [requestHead('GET', `/wiki/api.php?${query}`)]));
}

async function post(server: ReaderServer, body: Buffer | string, contentType = 'application/x-www-form-urlencoded', query = ''): Promise<Read> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1');
  const head = requestHead('POST', `/wiki/api.php${query ? `?${query}` : ''}`, { 'Content-Type': contentType, 'Content-Length': bytes.length });
  return readOf(await sendRaw(server.port, [head, bytes]));
}

function readOf(answer: Answer): Read {
  assert.ok('read' in answer.outcome, `expected parameters, got ${JSON.stringify(answer.outcome)}`);
  return answer.outcome.read;
}

const BOUNDARY = 'XyZ123';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

function field(name: string, value: string): string {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

const END = `--${BOUNDARY}--\r\n`;

function params(count: number, prefix = 'p'): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i}=${i}`);
}

function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

describe('request reader', () => {
  let server: ReaderServer;
  before(async () => {
    server = await startReader();
  });
  after(async () => {
    assert.deepEqual(server.outcomes.filter((outcome) => 'unexpected' in outcome), []);
    await server.close();
  });

  describe('names and values (PHP)', () => {
    test('`.` and space become `_`, `a[..]` is an array, an unclosed `[` becomes `_`', async () => {
      const read = await get(server, 'a.b=1&c%20d=2&e[]=3&f[x]=4&g[h.i=5&j[k][l=6&m]=7&.=8&%20%20n=9');
      assert.deepEqual(read.names, ['a_b', 'c_d', 'e', 'f', 'g_h_i', 'j', 'm]', '_', 'n']);
      assert.deepEqual(read.values, { a_b: '1', c_d: '2', e: null, f: null, g_h_i: '5', j: null, 'm]': '7', _: '8', n: '9' });
    });

    test('names are cut at NUL and lose their leading spaces; empty ones are ignored', async () => {
      const read = await get(server, '%00a=1&b%00c=2&+d=3&=4&[x]=5&%20=6&%20[]=7');
      assert.deepEqual(read.names, ['b', 'd']);
      assert.deepEqual(read.values, { b: '2', d: '3' });
    });

    test('the last value wins, in the place of the first appearance; array and value replace each other', async () => {
      const read = await get(server, 'a=1&b=2&a=3&c[]=4&b[]=5&c=6');
      assert.deepEqual(read.names, ['a', 'b', 'c']);
      assert.deepEqual(read.values, { a: '3', b: null, c: '6' });
    });

    test('more than 64 levels of brackets drop the name, and what it held before', async () => {
      const read = await get(server, `a=1&b=2&a${'[x]'.repeat(65)}=3&c=4&b${'[x]'.repeat(64)}=5`);
      assert.deepEqual(read.names, ['b', 'c']);
      assert.deepEqual(read.values, { b: null, c: '4' });
    });

    test('escapes, `+` and stray `%` decode like php_url_decode', async () => {
      const read = await get(server, 'a=%41+b%2B&c=%zz%4&d=%C3%A9');
      assert.deepEqual(read.values, { a: 'A b+', c: '%zz%4', d: 'é' });
    });

    test('invalid UTF-8 is windows-1252 in GET values, U+FFFD in POST values; the raw bytes are kept', async () => {
      const fromGet = await get(server, 'x=caf%E9');
      assert.deepEqual(fromGet.values, { x: 'café' });
      assert.deepEqual(fromGet.raw, { x: '636166e9' });
      const fromPost = await post(server, 'x=caf%E9&y=caf\xe9');
      assert.deepEqual(fromPost.values, { x: 'caf\ufffd', y: 'caf\ufffd' });
      assert.deepEqual(fromPost.raw, { x: '636166e9', y: '636166e9' });
    });

    test('control characters are replaced and text is NFC-normalised, raw bytes kept', async () => {
      const read = await get(server, 'a=x%01y&b=e%CC%81');
      assert.deepEqual(read.values, { a: 'x\ufffdy', b: 'é' });
      assert.deepEqual(read.raw, { a: '780179', b: '65cc81' });
    });

    test('POST overrides GET and its names come first ($_POST + $_GET)', async () => {
      const read = await post(server, 'b=3&c=4', 'application/x-www-form-urlencoded', 'a=1&b=2');
      assert.deepEqual(read.names, ['b', 'c', 'a']);
      assert.deepEqual(read.values, { b: '3', c: '4', a: '1' });
    });

    test('a POST value is read as windows-1252 when its name is in the query string too', async () => {
      const read = await post(server, 'x=caf%E9&y=caf%E9', 'application/x-www-form-urlencoded', 'x=1');
      assert.deepEqual(read.values, { x: 'café', y: 'caf\ufffd' });
    });

    test('only urlencoded and multipart bodies hold parameters', async () => {
      for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencodedx']) {
        assert.deepEqual((await post(server, 'a=1', type, 'q=2')).names, ['q']);
      }
      assert.deepEqual((await post(server, 'a=1', 'Application/X-WWW-Form-Urlencoded;charset=UTF-8')).names, ['a']);
      const noType = await sendRaw(server.port, [requestHead('POST', '/wiki/api.php?q=1', { 'Content-Length': 3 }), 'a=1']);
      assert.deepEqual(readOf(noType).names, ['q']);
    });

    test('parseQueryString keeps its old signature', () => {
      const values = parseQueryString('a=1&b.c=%E9', undefined, true);
      assert.deepEqual([...values.values], [['a', '1'], ['b_c', 'é']]);
      assert.deepEqual([...values.order], ['a', 'b_c']);
    });
  });

  describe('max_input_vars (1000), as PHP 8.2 counts', () => {
    test('query string: the first 1000 non-empty segments; `&&` is not counted, `=x` is', async () => {
      const beyond = await get(server, [...params(1200), 'action=query'].join('&'));
      assert.equal(beyond.names.length, 1000);
      assert.equal(beyond.values.action, undefined);
      const withEmpty = await get(server, `&&${params(999).join('&&')}&&action=query&&z=1`);
      assert.equal(withEmpty.names.length, 1000);
      assert.equal(withEmpty.values.action, 'query');
      assert.equal(withEmpty.values.z, undefined);
      const emptyName = await get(server, [...params(999), '=x', 'action=query'].join('&'));
      assert.equal(emptyName.names.length, 999);
      assert.equal(emptyName.values.action, undefined);
    });

    test('urlencoded body: every segment counts, empty ones too, and 1001 are kept', async () => {
      const kept = await post(server, [...params(1000), 'action=query', 'z=1'].join('&'));
      assert.equal(kept.names.length, 1001);
      assert.equal(kept.values.action, 'query');
      assert.equal(kept.values.z, undefined);
      const withEmpty = await post(server, ['', ...params(998), '', 'action=query', 'z=1'].join('&'));
      assert.equal(withEmpty.names.length, 999);
      assert.equal(withEmpty.values.action, 'query');
      assert.equal(withEmpty.values.z, undefined);
      const trailing = await post(server, `${[...params(1000), 'action=query'].join('&')}&`);
      assert.equal(trailing.values.action, 'query');
    });

    test('multipart body: 1000 fields, a field with an empty name counting', async () => {
      const parts = params(1000).map((p) => field(p.split('=')[0], 'v'));
      const beyond = await post(server, [...parts, field('action', 'query'), END].join(''), MULTIPART);
      assert.equal(beyond.names.length, 1000);
      assert.equal(beyond.values.action, undefined);
      const withEmptyName = await post(server, [...parts.slice(0, 998), field('', 'x'), field('action', 'query'), field('z', '1'), END].join(''), MULTIPART);
      assert.equal(withEmptyName.values.action, 'query');
      assert.equal(withEmptyName.values.z, undefined);
    });

    test('query string and body are counted separately', async () => {
      const read = await post(server, params(1000, 'b').join('&'), 'application/x-www-form-urlencoded', params(1000, 'q').join('&'));
      assert.equal(read.names.length, 2000);
      assert.equal(read.names[0], 'b0');
      assert.equal(read.names[1000], 'q0');
    });

    test('a repeated name counts each time; the last kept value wins', async () => {
      const repeated = Array.from({ length: 1100 }, (_, i) => `a=${i}`);
      assert.deepEqual((await get(server, repeated.join('&'))).values, { a: '999' });
      assert.deepEqual((await post(server, repeated.join('&'))).values, { a: '1000' });
    });
  });

  describe('multipart (PHP rfc1867)', () => {
    test('a part without a name ends the reading, the fields before it stay (curl -F "=x")', async () => {
      const body = `${field('action', 'query')}--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n${field('b', '2')}${END}`;
      assert.deepEqual((await post(server, body, MULTIPART)).values, { action: 'query' });
    });

    test('an empty name is ignored and the reading goes on', async () => {
      const body = `${field('action', 'query')}${field('', 'x')}${field('b', '2')}${END}`;
      assert.deepEqual((await post(server, body, MULTIPART)).values, { action: 'query', b: '2' });
    });

    test('a part without Content-Disposition is skipped', async () => {
      const body = `${field('a', '1')}--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n${field('b', '2')}${END}`;
      assert.deepEqual((await post(server, body, MULTIPART)).values, { a: '1', b: '2' });
    });

    test('files are not parameters; a named octet-stream part without filename is', async () => {
      const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\ncontent\r\n`;
      const octets = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="g"\r\nContent-Type: application/octet-stream\r\n\r\n2\r\n`;
      assert.deepEqual((await post(server, `${file}${octets}${END}`, MULTIPART)).values, { g: '2' });
    });

    test('names: quotes, escapes, folded header lines, PHP name rules; values keep CR, LF and NUL', async () => {
      const body = [
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="a\\"b"\r\n\r\n1\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data;\r\n name='c.d'\r\n\r\nx\r\ny\0\r\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name=e[]\r\n\r\n3\r\n`,
        END,
      ].join('');
      const read = await post(server, body, MULTIPART);
      assert.deepEqual(read.names, ['a"b', 'c_d', 'e']);
      assert.deepEqual(read.values, { 'a"b': '1', c_d: 'x\r\ny\ufffd\r', e: null });
    });

    test('a body cut short keeps what was read, its last value included', async () => {
      assert.deepEqual((await post(server, `${field('a', '1')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="b"\r\n\r\nunfinished`, MULTIPART)).values, { a: '1', b: 'unfinished' });
      assert.deepEqual((await post(server, `${field('a', '1')}--${BOUNDARY}\r\nContent-Disposition: form-d`, MULTIPART)).values, { a: '1' });
    });

    test('boundaries: quoted, any case, cut at `;` or `,`; missing, unclosed or wrong ones read nothing', async () => {
      const body = `${field('a', '1')}${END}`;
      for (const type of [`multipart/form-data; boundary="${BOUNDARY}"`, `Multipart/Form-Data;BOUNDARY=${BOUNDARY};x=y`, `multipart/form-data, boundary=${BOUNDARY}, x`]) {
        assert.deepEqual((await post(server, body, type)).values, { a: '1' }, type);
      }
      for (const type of ['multipart/form-data', `multipart/form-data; boundary="${BOUNDARY}`, 'multipart/form-data; boundary=other']) {
        assert.deepEqual((await post(server, body, type)).names, [], type);
      }
    });

    test('invalid UTF-8 in values is replaced, raw bytes kept; non-UTF-8 names decode leniently', async () => {
      const body = Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="n\xe9"\r\n\r\ncaf`, 'latin1'), Buffer.from([0xe9]), Buffer.from(`\r\n${END}`)]);
      const read = await post(server, body, MULTIPART);
      assert.deepEqual(read.values, { 'n\ufffd': 'caf\ufffd' });
      assert.deepEqual(read.raw, { 'n\ufffd': '636166e9' });
    });

    test('huge part headers are read in 5 KB pieces, as PHP does', async () => {
      const longHeader = `--${BOUNDARY}\r\nContent-Disposition: form-data; x="${'a'.repeat(1 << 20)}"; name="a"\r\n\r\n1\r\n`;
      assert.deepEqual((await post(server, `${longHeader}${field('b', '2')}${END}`, MULTIPART)).values, { a: '1', b: '2' });
      // A piece holding a colon starts a header of its own and cuts Content-Disposition short.
      const split = `--${BOUNDARY}\r\nContent-Disposition: form-data; x=${'a'.repeat(5120 - 34)}:; name="a"\r\n\r\n1\r\n`;
      assert.deepEqual((await post(server, `${field('z', '0')}${split}${field('b', '2')}${END}`, MULTIPART)).values, { z: '0' });
      const manyHeaders = `--${BOUNDARY}\r\n${'X-Filler: y\r\n'.repeat(20_000)}Content-Disposition: form-data; name="c"\r\n\r\n3\r\n`;
      assert.deepEqual((await post(server, `${manyHeaders}${END}`, MULTIPART)).values, { c: '3' });
    });

    test('no bytes make anything but parameters or an HTTP error come out', async () => {
      let seed = 12345;
      const random = (): number => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed / 2 ** 32;
      };
      const pieces = [`--${BOUNDARY}`, '\r\n', '\n', '\0', '\r', 'Content-Disposition: form-data', '; name="a"', '; name=', '; filename="f"', ';', '"', "'", '\\', ':', ' ', 'é', '\xff', `\r\n--${BOUNDARY}`, '--', '[', ']', '.'];
      const types = [MULTIPART, 'multipart/form-data; boundary=', 'multipart/form-data; boundary="', 'multipart/form-data; boundary=\xe9', 'application/x-www-form-urlencoded'];
      for (let i = 0; i < 300; i++) {
        const body = Array.from({ length: Math.floor(random() * 60) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
        const type = types[Math.floor(random() * types.length)];
        const answer = await sendRaw(server.port, [requestHead('POST', '/wiki/api.php?x%00[=%ff', { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body, 'latin1') }), Buffer.from(body, 'latin1')]);
        assert.ok('read' in answer.outcome || 'status' in answer.outcome, JSON.stringify({ body, type, outcome: answer.outcome }));
      }
    });
  });

  describe('size', () => {
    test('100,000 parameters with a raised limit, in linear time', async () => {
      const big = await startReader({ maxInputVars: 100_000 });
      try {
        const started = performance.now();
        const read = await post(big, Array.from({ length: 100_000 }, (_, i) => `unknown${i}=v%C3%A9`).join('&'));
        const elapsed = performance.now() - started;
        assert.equal(read.names.length, 100_000);
        assert.equal(read.names[99_999], 'unknown99999');
        // Quadratic handling would take minutes; linear takes a fraction of a second.
        assert.ok(elapsed < 20_000, `${elapsed} ms`);
      } finally {
        await big.close();
      }
    });

    test('an 8 MB urlencoded body and a 1 MB query string', async () => {
      const value = 'Mars%7CMoon%20'.repeat(Math.floor((8 * 1024 * 1024 - 20) / 14));
      const read = await post(server, `action=query&titles=${value}`);
      assert.equal(read.values.titles?.length, (value.length / 14) * 10);
      const letters = Math.floor((1024 * 1024) / 6);
      const query = parseQueryString(`titles=${'%C3%A9'.repeat(letters)}`, undefined, true);
      assert.equal(query.values.get('titles')?.length, letters);
    });
  });
});

describe('body limits', () => {
  test('a Content-Length above maxBodyBytes is 413 before anything is read', async () => {
    const server = await startReader({ maxBodyBytes: 1000 });
    try {
      const answer = await sendRaw(server.port, [requestHead('POST', '/wiki/api.php', { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': 100_000_000 })]);
      assert.equal(answer.status, 413);
      const exact = await post(server, `a=${'x'.repeat(998)}`);
      assert.equal(exact.values.a?.length, 998);
      const multipart = await sendRaw(server.port, [requestHead('POST', '/wiki/api.php', { 'Content-Type': MULTIPART, 'Content-Length': 1001 })]);
      assert.equal(multipart.status, 413);
    } finally {
      await server.close();
    }
  });

  test('a chunked body growing past maxBodyBytes is 413 as soon as it does', async () => {
    const server = await startReader({ maxBodyBytes: 1000 });
    try {
      const chunk = (data: string): string => `${data.length.toString(16)}\r\n${data}\r\n`;
      const chunked = (type: string): string => requestHead('POST', '/wiki/api.php', { 'Content-Type': type, 'Transfer-Encoding': 'chunked' });
      // The body never ends: only the limit can answer it.
      const answer = await sendRaw(server.port, [chunked(MULTIPART), chunk('x'.repeat(600)), 50, chunk('x'.repeat(600)), 60_000]);
      assert.equal(answer.status, 413);
      const small = readOf(await sendRaw(server.port, [chunked('application/x-www-form-urlencoded'), chunk('a=1&'), 20, chunk('b=2'), '0\r\n\r\n']));
      assert.deepEqual(small.values, { a: '1', b: '2' });
    } finally {
      await server.close();
    }
  });

  test('a body slower than bodyTimeoutMs is 408; each minRate bytes received adds a second', async () => {
    const server = await startReader({ bodyTimeoutMs: 200, minRateBytesPerSecond: 100 });
    try {
      const head = requestHead('POST', '/wiki/api.php', { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': 150 });
      const started = performance.now();
      const slow = await sendRaw(server.port, [head, 'a=1', 60_000]);
      assert.equal(slow.status, 408);
      assert.ok(performance.now() - started < 5_000);
      // 100 bytes at once give one more second: the rest, 600 ms later, is in time.
      const body = `a=${'x'.repeat(98)}&b=${'y'.repeat(47)}`;
      const extended = readOf(await sendRaw(server.port, [head, body.slice(0, 100), 600, body.slice(100)]));
      assert.deepEqual(Object.keys(extended.values), ['a', 'b']);
    } finally {
      await server.close();
    }
  });

  test('bodyTimeoutMs 0 sets no time limit (mod_reqtimeout body=0)', async () => {
    const server = await startReader({ bodyTimeoutMs: 0 });
    try {
      const head = requestHead('POST', '/wiki/api.php', { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': 7 });
      assert.deepEqual(readOf(await sendRaw(server.port, [head, 'a=1', 300, '&b=2'])).values, { a: '1', b: '2' });
    } finally {
      await server.close();
    }
  });

  test('a client that goes away mid-body is ClientGoneError', async () => {
    const server = await startReader();
    try {
      const gone = server.nextOutcome();
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(requestHead('POST', '/wiki/api.php', { 'Content-Type': MULTIPART, 'Content-Length': 1000 }));
        socket.write(field('a', '1'));
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('error', () => {});
      assert.deepEqual(await gone, { gone: true });
    } finally {
      await server.close();
    }
  });

  test('no timer is left behind, whatever the outcome', async () => {
    const server = await startReader({ maxBodyBytes: 1000, bodyTimeoutMs: 60_000 });
    try {
      const baseline = activeTimers();
      await post(server, 'a=1');
      await post(server, `${field('a', '1')}${END}`, MULTIPART);
      const tooBig = `${(1200).toString(16)}\r\n${'x'.repeat(1200)}\r\n`;
      assert.equal((await sendRaw(server.port, [requestHead('POST', '/wiki/api.php', { 'Content-Type': MULTIPART, 'Transfer-Encoding': 'chunked' }), tooBig])).status, 413);
      const gone = server.nextOutcome();
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(`${requestHead('POST', '/wiki/api.php', { 'Content-Type': MULTIPART, 'Content-Length': 1000 })}abc`, () => socket.destroy());
      });
      socket.on('error', () => {});
      assert.deepEqual(await gone, { gone: true });
      await sleep(20);
      assert.equal(activeTimers(), baseline);
    } finally {
      await server.close();
    }
  });
});
