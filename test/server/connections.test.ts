// The HTTP front's connection layer, driven through raw sockets: request limits, CONNECT and
// upgrades, timeouts, connection limits, pipelining with bounded memory, graceful stop, failures.
import { describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHttpServer, type HttpServerOptions, type ManagedServer, type RequestHandler } from '../../src/server/connections.ts';
import { DEFAULT_SERVE_OPTIONS, type ConnectionLimits, type RequestLimits } from '../../src/server/options.ts';

const TEST_REQUEST_LIMITS: RequestLimits = {
  ...DEFAULT_SERVE_OPTIONS.request,
  maxRequestLineBytes: 1000,
  maxHeaderBytes: 2000,
  maxHeaderCount: 10,
  headerTimeoutMs: 5000,
  headerTimeoutMaxMs: 10_000,
  minRateBytesPerSecond: 500,
};

const TEST_CONNECTION_LIMITS: ConnectionLimits = {
  keepAliveTimeoutMs: 5000,
  maxRequestsPerConnection: 100,
  maxConnections: 100,
  maxPipelined: 4,
  sendTimeoutMs: 60_000,
};

interface Served {
  managed: ManagedServer;
  port: number;
}

async function serve(
  t: TestContext,
  handler: RequestHandler,
  limits: { request?: Partial<RequestLimits>; connections?: Partial<ConnectionLimits> } = {},
  options?: HttpServerOptions,
): Promise<Served> {
  const managed = createHttpServer(
    { request: { ...TEST_REQUEST_LIMITS, ...limits.request }, connections: { ...TEST_CONNECTION_LIMITS, ...limits.connections } },
    handler,
    options,
  );
  const port = await managed.listen(0, '127.0.0.1');
  t.after(() => managed.drain(200));
  return { managed, port };
}

function reply(res: ServerResponse, body: string | Buffer, status = 200): void {
  res.writeHead(status, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const echoUrl: RequestHandler = (req, res) => reply(res, `${req.url}\n`);

interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One response off the front of `text` (all answers here carry Content-Length), or undefined if incomplete. */
function takeResponse(text: string): { response: ParsedResponse; rest: string } | undefined {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine, ...fields] = text.slice(0, headEnd).split('\r\n');
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    headers[field.slice(0, colon).toLowerCase()] = field.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  if (text.length < headEnd + 4 + length) return undefined;
  const response = { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(headEnd + 4, headEnd + 4 + length) };
  return { response, rest: text.slice(headEnd + 4 + length) };
}

function parseResponses(text: string): ParsedResponse[] {
  const responses: ParsedResponse[] = [];
  for (let taken = takeResponse(text); taken; taken = takeResponse(taken.rest)) responses.push(taken.response);
  return responses;
}

/** A raw client connection that reads everything it is sent. */
class RawClient {
  readonly socket: net.Socket;
  readonly openedAt = performance.now();
  closedAt: number | undefined;
  error: string | undefined;
  readonly closed: Promise<void>;
  private received = '';
  private wake: (() => void) | undefined;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setEncoding('latin1');
    this.socket.on('data', (data: string) => {
      this.received += data;
      this.wake?.();
    });
    this.socket.on('error', (err: NodeJS.ErrnoException) => {
      this.error = err.code ?? err.message;
    });
    this.closed = new Promise((resolve) =>
      this.socket.on('close', () => {
        this.closedAt = performance.now();
        this.wake?.();
        resolve();
      }),
    );
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  async response(timeoutMs = 5000): Promise<ParsedResponse> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const taken = takeResponse(this.received);
      if (taken) {
        this.received = taken.rest;
        return taken.response;
      }
      if (this.closedAt !== undefined) throw new Error(`connection closed (${this.error ?? 'no error'}) with ${JSON.stringify(this.received.slice(0, 200))}`);
      const left = deadline - performance.now();
      if (left <= 0) throw new Error('no response in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Everything received until the server closed the connection. */
  async untilClosed(timeoutMs = 5000): Promise<ParsedResponse[]> {
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, timeoutMs, 'timeout').unref());
    if ((await Promise.race([this.closed, timeout])) === 'timeout') {
      this.socket.destroy();
      throw new Error(`not closed in time; received ${JSON.stringify(this.received.slice(0, 200))}`);
    }
    return parseResponses(this.received);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Sends `request` and returns what came back until the server closed the connection. */
async function exchange(port: number, request: string | Buffer): Promise<{ responses: ParsedResponse[]; error: string | undefined }> {
  const client = new RawClient(port);
  client.write(request);
  const responses = await client.untilClosed();
  return { responses, error: client.error };
}

function assertRefused(result: { responses: ParsedResponse[]; error: string | undefined }, status: number): void {
  assert.equal(result.error, undefined, 'closed without a reset');
  assert.equal(result.responses.length, 1);
  const [response] = result.responses;
  assert.equal(response.status, status);
  assert.equal(response.headers.connection, 'close');
  assert.match(response.headers['content-type'], /^text\/plain/);
  assert.ok(response.body.length > 0 && response.body.length < 100);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/**
 * The server has closed every connection: well within its lingering close (2 s), since the
 * clients here close as soon as the server half-closes.
 */
async function allClosed(managed: ManagedServer): Promise<void> {
  await waitFor(() => managed.stats().open === 0 && managed.stats().active === 0, 1000);
}

/** A promise to hold handlers on, released by the test. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe('request limits', () => {
  test('a 1 MB query string is answered 414 and closed, not reset', async (t) => {
    let handled = 0;
    const { managed, port } = await serve(t, (req, res) => {
      handled++;
      echoUrl(req, res);
    });
    assertRefused(await exchange(port, `GET /w/api.php?titles=${'a'.repeat(1 << 20)} HTTP/1.1\r\nHost: x\r\n\r\n`), 414);
    assert.equal(handled, 0);
    await allClosed(managed);
  });

  test('a request line longer than maxRequestLineBytes is 414, one at the limit is served', async (t) => {
    const { port } = await serve(t, echoUrl);
    // "GET " + URL + " HTTP/1.1" is 13 bytes besides the URL.
    const atLimit = `/${'a'.repeat(1000 - 13 - 1)}`;
    const { responses } = await exchange(port, `GET ${atLimit} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    assert.equal(responses[0].status, 200);
    assertRefused(await exchange(port, `GET ${atLimit}b HTTP/1.1\r\nHost: x\r\n\r\n`), 414);
  });

  test('header fields beyond maxHeaderBytes are 431, both within and beyond what node itself allows', async (t) => {
    const { port } = await serve(t, echoUrl);
    assertRefused(await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Long: ${'b'.repeat(2100)}\r\n\r\n`), 431);
    assertRefused(await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Long: ${'b'.repeat(50_000)}\r\n\r\n`), 431);
  });

  test('more than maxHeaderCount fields are 431, exactly maxHeaderCount are served', async (t) => {
    const { port } = await serve(t, echoUrl);
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `X-Field-${i}: ${i}\r\n`).join('');
    const { responses } = await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${fields(8)}\r\n`);
    assert.equal(responses[0].status, 200);
    assertRefused(await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${fields(9)}\r\n`), 431);
  });

  test('a request beyond the limits behind a good one: the good one is answered first', async (t) => {
    const { managed, port } = await serve(t, echoUrl);
    const good = 'GET /good HTTP/1.1\r\nHost: x\r\n\r\n';
    const longLine = await exchange(port, `${good}GET /${'a'.repeat(30_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assert.deepEqual(longLine.responses.map((r) => r.status), [200, 414]);
    assert.equal(longLine.responses[0].body, '/good\n');
    const longHeader = await exchange(port, `${good}GET / HTTP/1.1\r\nHost: x\r\nX-Long: ${'b'.repeat(30_000)}\r\n\r\n`);
    assert.deepEqual(longHeader.responses.map((r) => r.status), [200, 431]);
    await allClosed(managed);
  });

  test('malformed requests are 400', async (t) => {
    const { port } = await serve(t, echoUrl);
    assertRefused(await exchange(port, 'NOT HTTP AT ALL\r\n\r\n'), 400);
    assertRefused(await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n'), 400);
  });
});

describe('CONNECT and upgrades', () => {
  test('CONNECT is answered 405 with Allow and closed', async (t) => {
    const { managed, port } = await serve(t, echoUrl);
    const result = await exchange(port, 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
    assertRefused(result, 405);
    assert.equal(result.responses[0].headers.allow, 'GET, POST, HEAD');
    await allClosed(managed);
  });

  test('websocket and h2c upgrade requests get an ordinary answer and the connection closes, even with a request behind', async (t) => {
    const { port } = await serve(t, echoUrl);
    const websocket = await exchange(
      port,
      'GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\nGET /behind HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    assert.equal(websocket.responses[0].status, 200);
    assert.equal(websocket.responses[0].body, '/ws\n');
    assert.equal(websocket.responses[0].headers.connection, 'close');
    const h2c = await exchange(
      port,
      'GET /h2c HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n',
    );
    assert.equal(h2c.responses[0].status, 200);
    assert.equal(h2c.responses[0].body, '/h2c\n');
  });
});

describe('timeouts', () => {
  test('a slow-loris client sending one header byte at a time is answered 408 at the header timeout', async (t) => {
    const { port } = await serve(t, echoUrl, { request: { headerTimeoutMs: 600, headerTimeoutMaxMs: 1200 } });
    const client = new RawClient(port);
    const bytes = 'GET / HTTP/1.1\r\nHost: example.org\r\nUser-Agent: slow\r\n';
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < bytes.length && client.closedAt === undefined) client.write(bytes[sent++]);
    }, 200);
    t.after(() => clearInterval(drip));
    const responses = await client.untilClosed();
    clearInterval(drip);
    assert.deepEqual(responses.map((r) => r.status), [408]);
    assert.equal(responses[0].headers.connection, 'close');
    const elapsed = client.closedAt! - client.openedAt;
    assert.ok(elapsed >= 500 && elapsed < 3000, `closed after ${elapsed} ms`);
    assert.ok(sent < bytes.length);
  });

  test('headers arriving at more than minRate bytes per second get more time, up to headerTimeoutMaxMs', async (t) => {
    const { port } = await serve(t, echoUrl, {
      request: { headerTimeoutMs: 500, headerTimeoutMaxMs: 2500, maxHeaderBytes: 1 << 20, maxHeaderCount: 1000 },
    });
    const field = (i: number) => `X-Field-${i}: ${'v'.repeat(600)}\r\n`;
    // 600 bytes each 200 ms for 1.4 s: past the 500 ms base, well within what the rate earns.
    const steady = new RawClient(port);
    steady.write('GET /steady HTTP/1.1\r\nHost: x\r\n');
    for (let i = 0; i < 7; i++) {
      await sleep(200);
      steady.write(field(i));
    }
    steady.write('\r\n');
    const answer = await steady.response();
    assert.equal(answer.status, 200);
    assert.equal(answer.body, '/steady\n');
    steady.destroy();

    // The same pace without end is cut at the ceiling.
    const endless = new RawClient(port);
    endless.write('GET /endless HTTP/1.1\r\nHost: x\r\n');
    let i = 0;
    const drip = setInterval(() => {
      if (endless.closedAt === undefined) endless.write(field(i++));
    }, 200);
    t.after(() => clearInterval(drip));
    const responses = await endless.untilClosed(10_000);
    clearInterval(drip);
    assert.deepEqual(responses.map((r) => r.status), [408]);
    const elapsed = endless.closedAt! - endless.openedAt;
    assert.ok(elapsed >= 2300 && elapsed < 6000, `closed after ${elapsed} ms`);
  });

  test('an idle keep-alive connection is closed after keepAliveTimeoutMs (plus node\'s one-second margin)', async (t) => {
    const { port } = await serve(t, echoUrl, { connections: { keepAliveTimeoutMs: 300 } });
    const client = new RawClient(port);
    client.write('GET /once HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = await client.response();
    assert.equal(answer.headers.connection, 'keep-alive');
    const answeredAt = performance.now();
    assert.deepEqual(await client.untilClosed(), []);
    const idle = client.closedAt! - answeredAt;
    assert.ok(idle >= 250 && idle < 4000, `closed after ${idle} ms idle`);
    assert.equal(client.error, undefined);
  });
});

describe('connection limits', () => {
  test('the maxRequestsPerConnection-th answer says Connection: close and the connection closes after it', async (t) => {
    const { managed, port } = await serve(t, echoUrl, { connections: { maxRequestsPerConnection: 3, maxPipelined: 1 } });
    const client = new RawClient(port);
    const seen: string[] = [];
    for (let i = 1; i <= 3; i++) {
      client.write(`GET /${i} HTTP/1.1\r\nHost: x\r\n\r\n`);
      const answer = await client.response();
      seen.push(`${answer.body.trim()} ${answer.headers.connection}`);
    }
    assert.deepEqual(seen, ['/1 keep-alive', '/2 keep-alive', '/3 close']);
    assert.deepEqual(await client.untilClosed(), []);

    // Pipelined, the requests past the limit are left for the client to send again elsewhere.
    const pipelined = await exchange(port, [1, 2, 3, 4, 5].map((i) => `GET /${i} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
    assert.deepEqual(pipelined.responses.map((r) => r.body), ['/1\n', '/2\n', '/3\n']);
    assert.equal(pipelined.responses[2].headers.connection, 'close');
    await allClosed(managed);
  });

  test('at maxConnections an idle connection is closed to make room; with none idle, new ones get 503 and Retry-After', async (t) => {
    const held = gate();
    const { managed, port } = await serve(
      t,
      async (req, res) => {
        if (req.url === '/wait') await held.wait;
        echoUrl(req, res);
      },
      { connections: { maxConnections: 2 } },
    );
    const idle = new RawClient(port);
    idle.write('GET /quick HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.equal((await idle.response()).status, 200);
    const busy = new RawClient(port);
    busy.write('GET /wait HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => managed.stats().active === 1);

    const third = new RawClient(port);
    third.write('GET /quick HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.equal((await third.response()).status, 200);
    await idle.closed;
    third.write('GET /wait HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => managed.stats().active === 2);
    assert.deepEqual(managed.stats(), { open: 2, active: 2, refused: 0 });

    const refused = await exchange(port, 'GET /quick HTTP/1.1\r\nHost: x\r\n\r\n');
    assertRefused(refused, 503);
    assert.equal(refused.responses[0].headers['retry-after'], '1');
    assert.equal(managed.stats().refused, 1);

    held.open();
    assert.equal((await busy.response()).body, '/wait\n');
    assert.equal((await third.response()).body, '/wait\n');
    busy.destroy();
    third.destroy();
    await allClosed(managed);
  });
});

describe('pipelining', () => {
  test('300 pipelined requests for large answers from a client that never reads do not pile up answers in memory', async (t) => {
    let handled = 0;
    const { port } = await serve(
      t,
      (req, res) => {
        handled++;
        // A new answer each time, as the API builds them.
        reply(res, req.url === '/large' ? Buffer.alloc(500_000, 'x') : 'small\n');
      },
      { connections: { maxRequestsPerConnection: 0 } },
    );
    const rssBefore = process.memoryUsage().rss;
    const hog = net.connect(port, '127.0.0.1');
    hog.on('error', () => {});
    hog.pause();
    t.after(() => hog.destroy());
    hog.write('GET /large HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(300));

    let seen = -1;
    for (let quiet = 0; quiet < 3; ) {
      await sleep(100);
      quiet = handled === seen ? quiet + 1 : 0;
      seen = handled;
    }
    assert.ok(handled < 100, `${handled} answers computed for a client that reads none`);
    const grownMb = (process.memoryUsage().rss - rssBefore) / 1e6;
    assert.ok(grownMb < 100, `rss grew by ${grownMb.toFixed(0)} MB`);

    const startedAt = performance.now();
    const other = new RawClient(port);
    other.write('GET /small HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.equal((await other.response(2000)).body, 'small\n');
    assert.ok(performance.now() - startedAt < 2000);
    other.destroy();
  });

  test('a pipelining client that reads gets all its answers, in order', async (t) => {
    const { port } = await serve(t, async (req, res) => {
      // Later requests finish sooner, to show answers still go out in order.
      await sleep(10 - Number(req.url!.slice(1)));
      echoUrl(req, res);
    });
    const client = new RawClient(port);
    client.write(Array.from({ length: 10 }, (_, i) => `GET /${i} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
    const bodies: string[] = [];
    for (let i = 0; i < 10; i++) bodies.push((await client.response()).body);
    assert.deepEqual(bodies, Array.from({ length: 10 }, (_, i) => `/${i}\n`));
    client.destroy();
  });

  test('a connection with more than maxPipelined requests waiting is not read, even when node resumes it', async (t) => {
    let parsed = 0;
    let handled = 0;
    let largestBacklog = 0;
    const body = Buffer.alloc(16_000, 'x');
    const { managed, port } = await serve(
      t,
      (_req, res) => {
        handled++;
        reply(res, body);
      },
      { request: { maxHeaderBytes: 8192 }, connections: { maxPipelined: 4, maxRequestsPerConnection: 0 } },
    );
    managed.server.on('request', () => {
      parsed++;
      largestBacklog = Math.max(largestBacklog, parsed - handled);
    });
    // 2 KB requests: a 64 KB read holds about 32 of them.
    const count = 600;
    const request = `GET / HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(2000)}\r\n\r\n`;
    const reader = net.connect(port, '127.0.0.1');
    reader.on('error', () => {});
    t.after(() => reader.destroy());
    reader.pause();
    reader.write(request.repeat(count));
    // A slow reader: its socket drains now and then, which makes node resume reading.
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`only ${handled} answered`)), 10_000);
      const poll = setInterval(() => {
        const data = reader.read(65_536) as Buffer | null;
        if (data !== null) received += data.length;
        if (handled === count && received >= count * body.length) {
          clearInterval(poll);
          clearTimeout(deadline);
          resolve();
        }
      }, 3);
    });
    assert.ok(largestBacklog < 100, `up to ${largestBacklog} requests read and not answered`);
    reader.destroy();
    await allClosed(managed);
  });
});

describe('drain', () => {
  test('drain refuses new connections at once, closes idle ones, lets a request in flight finish with Connection: close and drops the queued ones', async (t) => {
    const { managed, port } = await serve(t, async (req, res) => {
      if (req.url === '/slow') await sleep(500);
      echoUrl(req, res);
    });
    const idle = new RawClient(port);
    idle.write('GET /first HTTP/1.1\r\nHost: x\r\n\r\n');
    await idle.response();
    const inFlight = new RawClient(port);
    // The second request, read but not started when the drain begins, is left unanswered.
    inFlight.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /queued HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => managed.stats().active === 1);

    const drainStarted = performance.now();
    let drainedAt = 0;
    const drained = managed.drain(10_000).then(() => {
      drainedAt = performance.now();
    });
    await idle.closed;
    assert.ok(idle.closedAt! - drainStarted < 1000);

    const late = net.connect(port, '127.0.0.1');
    const lateError = await new Promise<string | undefined>((resolve) => {
      late.on('error', (err: NodeJS.ErrnoException) => resolve(err.code));
      late.on('connect', () => resolve(undefined));
    });
    late.destroy();
    assert.equal(lateError, 'ECONNREFUSED');

    const answer = await inFlight.response();
    assert.equal(answer.status, 200);
    assert.equal(answer.body, '/slow\n');
    assert.equal(answer.headers.connection, 'close');
    const answeredAt = performance.now();
    assert.deepEqual(await inFlight.untilClosed(), []);
    await drained;
    assert.ok(drainedAt - answeredAt < 1000, `drained ${drainedAt - answeredAt} ms after the last answer`);
    assert.deepEqual(managed.stats(), { open: 0, active: 0, refused: 0 });
  });

  test('drain destroys what is left after its timeout', async (t) => {
    const held = gate();
    t.after(() => held.open());
    const { managed, port } = await serve(t, async (req, res) => {
      await held.wait;
      echoUrl(req, res);
    });
    const stuck = new RawClient(port);
    stuck.write('GET /stuck HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => managed.stats().active === 1);
    const startedAt = performance.now();
    await managed.drain(300);
    const took = performance.now() - startedAt;
    assert.ok(took >= 250 && took < 2000, `drain took ${took} ms`);
    await stuck.closed;
    // The handler answering a connection that is gone is no error.
    held.open();
    await sleep(20);
  });
});

describe('failures', () => {
  test('a handler that throws or rejects is answered 500 and reported; the connection stays usable', async (t) => {
    const reported: { message: string; url: string | undefined }[] = [];
    const { port } = await serve(
      t,
      (req, res) => {
        if (req.url === '/throw') throw new Error('thrown');
        if (req.url === '/reject') return Promise.reject(new Error('rejected'));
        res.setHeader('X-Leak', 'should not be sent with the 500');
        if (req.url === '/after-header') throw new Error('after setHeader');
        echoUrl(req, res);
      },
      {},
      { onError: (err, req) => reported.push({ message: (err as Error).message, url: req.url }) },
    );
    const client = new RawClient(port);
    for (const url of ['/throw', '/reject', '/after-header']) {
      client.write(`GET ${url} HTTP/1.1\r\nHost: x\r\n\r\n`);
      const answer = await client.response();
      assert.equal(answer.status, 500);
      assert.match(answer.headers['content-type'], /^text\/plain/);
      assert.equal(answer.headers['x-leak'], undefined);
    }
    client.write('GET /fine HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.equal((await client.response()).body, '/fine\n');
    client.destroy();
    assert.deepEqual(reported, [
      { message: 'thrown', url: '/throw' },
      { message: 'rejected', url: '/reject' },
      { message: 'after setHeader', url: '/after-header' },
    ]);
  });

  test('a handler failing after its answer began cuts the connection; writing after the end is reported, not thrown', async (t) => {
    const reported: string[] = [];
    const { port } = await serve(
      t,
      async (req, res) => {
        if (req.url === '/half') {
          res.writeHead(200, { 'Content-Length': 100 });
          res.write('partial');
          await sleep(5);
          throw new Error('midway');
        }
        reply(res, 'done\n');
        res.write('more');
      },
      {},
      { onError: (err) => reported.push((err as NodeJS.ErrnoException).code ?? (err as Error).message) },
    );
    const half = new RawClient(port);
    half.write('GET /half HTTP/1.1\r\nHost: x\r\n\r\n');
    await half.closed;
    const afterEnd = new RawClient(port);
    afterEnd.write('GET /after-end HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.equal((await afterEnd.response()).body, 'done\n');
    await waitFor(() => reported.length === 2);
    assert.deepEqual(reported.sort(), ['ERR_STREAM_WRITE_AFTER_END', 'midway']);
    afterEnd.destroy();
  });

  test('clients that go away mid-request or mid-answer cause no error and no report', async (t) => {
    const reported: unknown[] = [];
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    t.after(() => process.off('uncaughtException', onUncaught));
    let answersEnded = 0;
    const { managed, port } = await serve(
      t,
      async (req, res) => {
        if (req.method === 'POST') {
          // Reads the body the way the API's reader does: an aborted body rejects.
          await new Promise<void>((resolve, reject) => {
            req.on('data', () => {});
            req.on('end', resolve);
            req.on('error', reject);
          });
          reply(res, 'posted\n');
          return;
        }
        res.writeHead(200, { 'Content-Length': 64 * 20_000 });
        const chunk = Buffer.alloc(20_000, 'y');
        for (let i = 0; i < 64; i++) {
          res.write(chunk);
          await new Promise((resolve) => setImmediate(resolve));
        }
        res.end();
        answersEnded++;
      },
      {},
      { onError: (err) => reported.push(err) },
    );
    const midAnswer = new RawClient(port);
    midAnswer.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => midAnswer.socket.once('data', resolve));
    midAnswer.socket.resetAndDestroy();

    const midHeaders = new RawClient(port);
    midHeaders.write('GET /partial HTTP/1.1\r\nHost: x\r\nX-Half');
    await sleep(20);
    midHeaders.destroy();

    const midBody = new RawClient(port);
    midBody.write('POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\naction=que');
    await waitFor(() => managed.stats().active >= 1);
    midBody.socket.resetAndDestroy();

    await waitFor(() => managed.stats().open === 0 && managed.stats().active === 0);
    await waitFor(() => answersEnded === 1);
    assert.deepEqual(reported, []);
    assert.deepEqual(uncaught, []);
  });
});

describe('a client that stops reading', () => {
  test('is disconnected once sendTimeoutMs pass without a byte taken', async (t) => {
    const big = Buffer.alloc(8 * 1024 * 1024, 0x61);
    const { port, managed } = await serve(t, (_req, res) => reply(res, big), { connections: { sendTimeoutMs: 400 } });
    const socket = net.connect(port, '127.0.0.1');
    t.after(() => socket.destroy());
    await new Promise((r) => socket.once('connect', r));
    socket.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
    // Never read: the answer fills the kernel's buffers and stops moving.
    socket.pause();
    const started = Date.now();
    while (managed.stats().open > 0 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 50));
    const took = Date.now() - started;
    assert.equal(managed.stats().open, 0);
    assert.ok(took >= 300, `closed after ${took} ms`);
  });
});
