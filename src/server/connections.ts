// The connections of the HTTP front, over node:http: limits on request lines, headers, connections
// and pipelining, the timeouts of Apache's mod_reqtimeout and KeepAliveTimeout, protocol errors
// answered and closed the way Apache closes them, and a graceful stop.
//
// Node's http server parses every request of a received chunk at once and keeps their answers in
// memory until the client reads them; here the handler sees one request of a connection at a time,
// and a connection with too many requests waiting is not read until they are answered.
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, Socket, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';
import type { ConnectionLimits, RequestLimits } from './options.ts';

export interface HttpServerLimits {
  request: RequestLimits;
  connections: ConnectionLimits;
}

/** Answers one request by writing `res`; a throw or a rejection is answered 500 if nothing was sent. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface HttpServerOptions {
  /** A handler's throw or rejection, or an error of its answer; never a client that went away. */
  onError?: (err: unknown, req: IncomingMessage) => void;
}

export interface ConnectionStats {
  /** Connections accepted and not closed yet. */
  open: number;
  /** Requests being handled (the handler running or its answer being sent). */
  active: number;
  /** Connections answered 503 because maxConnections were open and none of them was idle. */
  refused: number;
}

export interface ManagedServer {
  readonly server: Server;
  /** Resolves with the bound port. */
  listen(port: number, host?: string): Promise<number>;
  /**
   * Graceful stop: no new connections, idle ones closed, requests in flight answered with
   * `Connection: close`; resolves once every connection is closed, destroying those left after timeoutMs.
   */
  drain(timeoutMs: number, idleGraceMs?: number): Promise<void>;
  stats(): ConnectionStats;
}

/**
 * Like Apache's lingering close: after its last answer a connection is half-closed and what the
 * client still sends is read and dropped for up to this long, because closing a socket with unread
 * bytes makes the kernel send a reset, which can destroy the answer before the client reads it.
 */
const LINGER_MS = 2_000;
/** The slowest the header timeout and node's own timeout checks run. */
const MAX_CHECK_INTERVAL_MS = 1_000;

const kConnection = Symbol('wikiquery.connection');

/** A socket of this server; `parser` is node's HTTP parser while node reads the socket. */
type TrackedSocket = Socket & { [kConnection]?: Connection; parser?: unknown };

type ClientError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

class Connection {
  /** Requests handed to the handler on this connection. */
  dispatched = 0;
  /** The request being handled; the next starts when its answer has finished and its handler returned. */
  request: IncomingMessage | null = null;
  answer: ServerResponse | null = null;
  answerFinished = false;
  handlerRunning = false;
  /** Requests read behind the current one, in order: request, answer, request, answer... */
  readonly waiting: (IncomingMessage | ServerResponse)[] = [];
  waitingForDrain = false;
  readingPaused = false;
  listeningForResume = false;
  listeningForDrain = false;
  /** The current answer is the connection's last. */
  lastAnswer = false;
  /** A protocol error to answer once the requests read before it are answered. */
  pendingRefusal = 0;
  /** The refused request was a HEAD: its answer has no body. */
  pendingRefusalHead = false;
  /** The next waiting request starts on the next turn of the event loop (see advance). */
  turnTaken = false;
  lingering = false;
  lingerTimer: NodeJS.Timeout | undefined = undefined;
  closed = false;
  /** socket.bytesRead when the connection last had nothing to do: more means a request is arriving. */
  bytesWhenIdle = 0;
  /** Bytes the socket had written when its unsent answer last moved, and when that was. */
  sentBytes = 0;
  sendStalledSince = -1;
  /** When the headers now arriving began to (-1: none arriving), and socket.bytesRead then. */
  headerClockStart: number;
  headerClockBytes = 0;
  readonly handlerReturned: () => void;
  readonly handlerFailed: (err: unknown) => void;

  constructor(
    readonly socket: TrackedSocket,
    readonly manager: ConnectionManager,
    now: number,
  ) {
    this.headerClockStart = now;
    // One pair per connection rather than per request: a connection runs one handler at a time.
    this.handlerReturned = () => {
      this.handlerRunning = false;
      manager.advance(this);
    };
    this.handlerFailed = (err: unknown) => {
      this.handlerRunning = false;
      manager.handlerFailed(this, err);
    };
  }
}

/**
 * Emitted on a request (with the HTTP status) when its body turns out to be unreadable after the
 * handler started: whoever reads the body answers with that status.
 */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*\/?/i;
const CHUNKED_ONLY = /^[ \t]*chunked[ \t]*$/i;

export const BODY_UNREADABLE = 'wikiquery:body-unreadable';

export function createHttpServer(limits: HttpServerLimits, handler: RequestHandler, options: HttpServerOptions = {}): ManagedServer {
  const manager = new ConnectionManager(limits, handler, options);
  return {
    server: manager.server,
    listen: (port, host) => manager.listen(port, host),
    drain: (timeoutMs, idleGraceMs) => manager.drain(timeoutMs, idleGraceMs),
    stats: () => ({ open: manager.connections.size, active: manager.active, refused: manager.refused }),
  };
}

class ConnectionManager {
  readonly server: Server;
  readonly connections = new Set<Connection>();
  /** Every socket accepted, served or refused: a drain ends when none is left. */
  readonly sockets = new Set<Socket>();
  active = 0;
  refused = 0;
  private refusedLingering = 0;
  private readonly refusedLingerCap: number;
  private readonly handler: RequestHandler;
  private readonly onError: HttpServerOptions['onError'];
  private readonly maxRequestLineBytes: number;
  private readonly maxHeaderBytes: number;
  private readonly maxHeaderCount: number;
  private readonly maxRequestsPerConnection: number;
  private readonly maxConnections: number;
  private readonly maxPipelined: number;
  private readonly headerTimeoutMs: number;
  private readonly headerTimeoutMaxMs: number;
  private readonly minRateBytesPerSecond: number;
  private readonly sendTimeoutMs: number;
  private readonly checkIntervalMs: number;
  /** Node's own connection listeners, called for the connections accepted here. */
  private readonly startHttp: ((socket: Socket) => void)[];
  private headerTimer: NodeJS.Timeout | undefined;
  private draining = false;
  private drained: Promise<void> | undefined;
  private resolveDrained: (() => void) | undefined;
  private drainDeadline: NodeJS.Timeout | undefined;

  constructor(limits: HttpServerLimits, handler: RequestHandler, options: HttpServerOptions) {
    const { request, connections } = limits;
    this.handler = handler;
    this.onError = options.onError;
    // A limit of 0 turns its check off.
    this.maxRequestLineBytes = request.maxRequestLineBytes || Infinity;
    this.maxHeaderBytes = request.maxHeaderBytes || Infinity;
    this.maxHeaderCount = request.maxHeaderCount || Infinity;
    // Node never times out an idle keep-alive connection when its timeout is 0; here 0 means no keep-alive.
    this.maxRequestsPerConnection = connections.keepAliveTimeoutMs > 0 ? connections.maxRequestsPerConnection || Infinity : 1;
    this.maxConnections = connections.maxConnections || Infinity;
    this.maxPipelined = Math.max(1, connections.maxPipelined);
    this.refusedLingerCap = Math.max(16, Math.min(1024, this.maxConnections >> 4));
    this.headerTimeoutMs = request.headerTimeoutMs;
    this.headerTimeoutMaxMs = Math.max(request.headerTimeoutMs, request.headerTimeoutMaxMs);
    this.minRateBytesPerSecond = request.minRateBytesPerSecond;
    this.sendTimeoutMs = limits.connections.sendTimeoutMs;
    this.checkIntervalMs = Math.min(MAX_CHECK_INTERVAL_MS, Math.max(25, Math.floor((this.headerTimeoutMs || MAX_CHECK_INTERVAL_MS) / 4)));

    this.server = createServer({
      // Node counts the request line and the header fields against one limit and answers 431 for
      // both; clientError tells them apart, and the request path checks each limit on its own.
      maxHeaderSize: (request.maxRequestLineBytes || 64 * 1024) + (request.maxHeaderBytes || 64 * 1024),
      // Node's timeout runs from the first byte of a request, so it is the ceiling; the rate-based
      // extension below that is checked here.
      headersTimeout: this.headerTimeoutMs > 0 ? this.headerTimeoutMaxMs : 0,
      // The body's time is the request reader's to judge (it may legitimately be slow and long).
      requestTimeout: 0,
      keepAliveTimeout: connections.keepAliveTimeoutMs,
      connectionsCheckingInterval: this.checkIntervalMs,
    });
    // One more than allowed, so that too many can be told from exactly enough; node drops the rest.
    if (Number.isFinite(this.maxHeaderCount)) this.server.maxHeadersCount = this.maxHeaderCount + 1;
    // A client may half-close once its request is sent; node would then end the connection before answering.
    (this.server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;

    this.startHttp = this.server.listeners('connection') as ((socket: Socket) => void)[];
    this.server.removeAllListeners('connection');
    this.server.on('connection', (socket: Socket) => this.accept(socket));
    this.server.on('request', (req: IncomingMessage, res: ServerResponse) => this.receive(req, res));
    this.server.on('clientError', (err: ClientError, socket: Duplex) => this.clientError(err, socket));
    // Without a listener node destroys a CONNECT's socket without a word.
    this.server.on('connect', (_req: IncomingMessage, socket: Duplex) => this.refuseTunnel(socket));
    this.server.on('listening', () => this.startHeaderTimer());
    this.server.on('close', () => this.stopHeaderTimer());
  }

  listen(port: number, host?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const fail = (err: Error) => reject(err);
      this.server.once('error', fail);
      this.server.listen(port, host, () => {
        this.server.off('error', fail);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  private accept(socket: TrackedSocket): void {
    this.sockets.add(socket);
    if (this.connections.size >= this.maxConnections && !this.closeOneIdle()) {
      this.refuseConnection(socket);
      return;
    }
    const conn = new Connection(socket, this, this.extendsHeaderTimeout() ? performance.now() : -1);
    socket[kConnection] = conn;
    this.connections.add(conn);
    socket.on('close', onConnectionClose);
    // Node's server calls destroySoon after a connection's last answer.
    socket.destroySoon = closeAfterLastAnswer;
    for (const start of this.startHttp) start.call(this.server, socket);
  }

  /** The first idle keep-alive connection (in the order they were opened) is closed to make room. */
  private closeOneIdle(): boolean {
    for (const conn of this.connections) {
      if (conn.dispatched > 0 && this.isIdle(conn)) {
        this.connections.delete(conn);
        conn.socket.destroy();
        return true;
      }
    }
    return false;
  }

  private isIdle(conn: Connection): boolean {
    return conn.request === null && conn.waiting.length === 0 && !conn.lingering && conn.socket.bytesRead === conn.bytesWhenIdle;
  }

  private refuseConnection(socket: Socket): void {
    this.refused++;
    // Under a flood the refused sockets close at once rather than each waiting for its client.
    const linger = this.refusedLingering < this.refusedLingerCap;
    if (linger) this.refusedLingering++;
    socket.on('close', () => {
      if (linger) this.refusedLingering--;
      this.sockets.delete(socket);
      this.checkDrained();
    });
    closeGently(socket, plainAnswer(503), linger ? LINGER_MS : 0);
  }

  forget(conn: Connection): void {
    conn.closed = true;
    this.connections.delete(conn);
    this.sockets.delete(conn.socket);
    conn.waiting.length = 0;
    if (conn.lingerTimer !== undefined) clearTimeout(conn.lingerTimer);
    if (conn.request !== null && !conn.handlerRunning) this.release(conn);
    this.checkDrained();
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const conn = (req.socket as TrackedSocket)[kConnection];
    if (conn === undefined) {
      res.destroy();
      return;
    }
    conn.headerClockStart = -1;
    if (conn.request === null && conn.waiting.length === 0 && !conn.lastAnswer && !conn.lingering && conn.pendingRefusal === 0) {
      this.start(conn, req, res);
      return;
    }
    // Requests read after a connection's last answer wait too, never to be answered, so that
    // they still count against maxPipelined.
    conn.waiting.push(req, res);
    if (!conn.readingPaused && (conn.waiting.length >> 1) + (conn.request === null ? 0 : 1) > this.maxPipelined) this.pauseReading(conn);
  }

  private start(conn: Connection, req: IncomingMessage, res: ServerResponse): void {
    conn.request = req;
    conn.answer = res;
    conn.answerFinished = false;
    this.active++;
    const dispatched = ++conn.dispatched;
    res.on('finish', onAnswerFinished);
    res.on('error', onAnswerError);
    // RFC 9112 3.2.2: a server accepts the absolute form and serves its path.
    const url = req.url!;
    if (url.charCodeAt(0) !== 0x2f && ABSOLUTE_FORM.test(url)) req.url = url.replace(ABSOLUTE_FORM, '/').replace(/^\/\//, '/');
    const refusal = this.overLimit(req);
    if (refusal !== 0) {
      conn.lastAnswer = true;
      answerPlainly(res, refusal);
      return;
    }
    // After answering an upgrade request, llhttp drops what follows it in the same packet.
    if (dispatched >= this.maxRequestsPerConnection || this.draining || req.headers.upgrade !== undefined) {
      conn.lastAnswer = true;
      res.shouldKeepAlive = false;
    }
    conn.handlerRunning = true;
    let result: void | Promise<void>;
    try {
      result = this.handler(req, res);
    } catch (err) {
      conn.handlerFailed(err);
      return;
    }
    if (result !== undefined && typeof result.then === 'function') result.then(conn.handlerReturned, conn.handlerFailed);
    else conn.handlerReturned();
  }

  /** 414 or 431 for a request within node's combined limit but beyond one of the two. */
  private overLimit(req: IncomingMessage): number {
    // RFC 9112 6.3: a body whose length cannot be known (chunked is not the last coding) is 400;
    // so is a coding this server cannot undo (gzip before chunked), rather than a body misread.
    const codings = req.headers['transfer-encoding'];
    if (codings !== undefined && !CHUNKED_ONLY.test(codings)) return 400;
    // "GET /url HTTP/1.1": the method, the URL, two spaces and the version.
    if (req.method!.length + req.url!.length + 10 > this.maxRequestLineBytes) return 414;
    const raw = req.rawHeaders;
    if (raw.length > 2 * this.maxHeaderCount) return 431;
    // Each field as sent: name, ": ", value, CRLF.
    let bytes = 2 * raw.length;
    for (let i = 0; i < raw.length; i++) bytes += raw[i].length;
    return bytes > this.maxHeaderBytes ? 431 : 0;
  }

  /** Moves a connection on once its current answer has finished and its handler returned. */
  advance(conn: Connection): void {
    if (conn.request !== null) {
      if (conn.handlerRunning || !(conn.answerFinished || conn.closed)) return;
      this.release(conn);
    }
    if (conn.closed || conn.lingering) return;
    if (conn.lastAnswer) {
      // Node closes after an answer sent with `Connection: close`; one whose headers left before
      // the connection was told to close is closed here.
      this.linger(conn);
      return;
    }
    const waiting = conn.waiting;
    if (waiting.length === 0) {
      if (conn.pendingRefusal !== 0) {
        this.linger(conn, plainAnswer(conn.pendingRefusal, conn.pendingRefusalHead));
        return;
      }
      if (this.draining) {
        conn.socket.destroy();
        return;
      }
      conn.bytesWhenIdle = conn.socket.bytesRead;
      return;
    }
    // A client that does not read its answers gets no more of them computed.
    if (conn.socket.writableNeedDrain) {
      conn.waitingForDrain = true;
      if (!conn.listeningForDrain) {
        conn.listeningForDrain = true;
        conn.socket.on('drain', onSocketDrain);
      }
      return;
    }
    // Other connections get their turn first: one client's pipelined requests never run back to
    // back while everyone else waits.
    if (!conn.turnTaken) {
      conn.turnTaken = true;
      setImmediate(() => this.advance(conn));
      return;
    }
    conn.turnTaken = false;
    const req = waiting.shift() as IncomingMessage;
    const res = waiting.shift() as ServerResponse;
    // After a parse failure the socket stays unread until the refusal is sent.
    if (conn.readingPaused && conn.pendingRefusal === 0 && (waiting.length >> 1) + 1 <= this.maxPipelined) this.resumeReading(conn);
    this.start(conn, req, res);
  }

  private release(conn: Connection): void {
    conn.request = null;
    conn.answer = null;
    this.active--;
  }

  private pauseReading(conn: Connection): void {
    conn.readingPaused = true;
    if (!conn.listeningForResume) {
      conn.listeningForResume = true;
      conn.socket.on('resume', keepPaused);
    }
    conn.socket.pause();
  }

  private resumeReading(conn: Connection): void {
    conn.readingPaused = false;
    // Node keeps the socket paused if it paused it itself (a write buffer to drain first).
    conn.socket.resume();
  }

  handlerFailed(conn: Connection, err: unknown): void {
    const req = conn.request!;
    const res = conn.answer!;
    if (!(conn.closed && isDisconnection(err))) this.report(err, req);
    if (!conn.closed) {
      if (!res.headersSent) {
        // Whatever the handler had set belongs to an answer that is not sent.
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        answerPlainly(res, 500);
      } else if (!res.writableEnded) {
        // Half an answer sent: only closing the connection tells the client it is incomplete.
        res.destroy();
      }
    }
    this.advance(conn);
  }

  report(err: unknown, req: IncomingMessage): void {
    if (this.onError === undefined) return;
    try {
      this.onError(err, req);
    } catch {
      // A failing error reporter must not take the server down with it.
    }
  }

  private clientError(err: ClientError, socket: Duplex): void {
    const conn = (socket as TrackedSocket)[kConnection];
    const status = conn === undefined ? 0 : this.errorStatus(err);
    if (status === 0) {
      // The connection failed (reset, broken pipe): nobody to answer.
      socket.destroy();
      return;
    }
    this.refuseRequest(conn!, status, isHeadPacket(err));
  }

  /** The answer to a request node could not read; 0 when the fault is the connection's, not the request's. */
  private errorStatus(err: ClientError): number {
    switch (err.code) {
      case 'HPE_HEADER_OVERFLOW':
        return headerOverflowStatus(err, this.maxRequestLineBytes);
      case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
        return 413;
      case 'ERR_HTTP_REQUEST_TIMEOUT':
        return 408;
      default:
        return err.code !== undefined && err.code.startsWith('HPE_') ? 400 : 0;
    }
  }

  /** Answers a protocol error and closes, after the answers owed for requests read before it. */
  private refuseRequest(conn: Connection, status: number, head = false): void {
    if (conn.lingering || conn.closed || conn.pendingRefusal !== 0) return;
    const reading = conn.request;
    if (reading !== null && !reading.complete && conn.waiting.length === 0 && !conn.answer!.headersSent) {
      // The body of the request being handled cannot be read to its end (a bad chunk, the
      // client's half-close): its reader is told, answers the error and the connection closes.
      conn.lastAnswer = true;
      conn.answer!.shouldKeepAlive = false;
      if (!conn.readingPaused) this.pauseReading(conn);
      if (reading.emit(BODY_UNREADABLE, status)) return;
    }
    if (conn.request !== null || conn.waiting.length > 0) {
      conn.pendingRefusal = status;
      conn.pendingRefusalHead = head;
      // The parser has failed; nothing more is read until the refusal is sent.
      if (!conn.readingPaused) this.pauseReading(conn);
      return;
    }
    this.linger(conn, plainAnswer(status, head));
  }

  private refuseTunnel(socket: Duplex): void {
    // Node has handed the socket over and removed its own listeners.
    socket.on('error', ignore);
    const conn = (socket as TrackedSocket)[kConnection];
    if (conn === undefined) closeGently(socket as Socket, plainAnswer(405), LINGER_MS);
    else this.refuseRequest(conn, 405);
  }

  linger(conn: Connection, finalAnswer?: Buffer): void {
    if (conn.lingering || conn.closed) return;
    conn.lingering = true;
    conn.readingPaused = false;
    conn.lingerTimer = closeGently(conn.socket, finalAnswer, LINGER_MS);
  }

  private extendsHeaderTimeout(): boolean {
    return this.headerTimeoutMs > 0 && this.headerTimeoutMaxMs > this.headerTimeoutMs && this.minRateBytesPerSecond > 0;
  }

  private startHeaderTimer(): void {
    if ((!this.extendsHeaderTimeout() && this.sendTimeoutMs <= 0) || this.headerTimer !== undefined) return;
    this.headerTimer = setInterval(() => {
      if (this.extendsHeaderTimeout()) this.checkHeaderTimeouts();
      if (this.sendTimeoutMs > 0) this.checkSendTimeouts();
    }, this.checkIntervalMs).unref();
  }

  /**
   * Apache's Timeout for sending: a client that stops reading its answer keeps the connection and
   * the unsent rest of that answer only until sendTimeoutMs pass without a byte taken.
   */
  private checkSendTimeouts(): void {
    const now = performance.now();
    for (const conn of this.connections) {
      const socket = conn.socket;
      if (socket.writableLength === 0 || socket.bytesWritten !== conn.sentBytes) {
        conn.sentBytes = socket.bytesWritten;
        conn.sendStalledSince = socket.writableLength === 0 ? -1 : now;
        continue;
      }
      if (conn.sendStalledSince < 0) conn.sendStalledSince = now;
      else if (now - conn.sendStalledSince >= this.sendTimeoutMs) socket.destroy();
    }
  }

  private stopHeaderTimer(): void {
    if (this.headerTimer !== undefined) clearInterval(this.headerTimer);
    this.headerTimer = undefined;
  }

  /**
   * mod_reqtimeout's header=N-M,MinRate=R: headers must arrive within N ms of their first byte
   * (of the connection, for its first request), plus 1 s for each R bytes received, up to M ms.
   * Node's own header timeout enforces M; this sweep enforces the rest. On a kept-alive connection
   * the first byte of the next request is noticed by the sweep, up to one interval late.
   */
  private checkHeaderTimeouts(): void {
    const now = performance.now();
    for (const conn of this.connections) {
      if (conn.request !== null || conn.waiting.length > 0 || conn.lingering || conn.pendingRefusal !== 0) continue;
      const bytesRead = conn.socket.bytesRead;
      if (conn.headerClockStart < 0) {
        if (bytesRead !== conn.bytesWhenIdle) {
          conn.headerClockStart = now;
          conn.headerClockBytes = conn.bytesWhenIdle;
        }
        continue;
      }
      const allowedMs = Math.min(
        this.headerTimeoutMaxMs,
        this.headerTimeoutMs + ((bytesRead - conn.headerClockBytes) * 1000) / this.minRateBytesPerSecond,
      );
      if (now - conn.headerClockStart >= allowedMs) this.refuseRequest(conn, 408);
    }
  }

  drain(timeoutMs: number, idleGraceMs = 0): Promise<void> {
    if (this.drained !== undefined) return this.drained;
    this.draining = true;
    this.drained = new Promise((resolve) => {
      this.resolveDrained = resolve;
    });
    // Closing the listening socket makes the kernel refuse new connections at once. Not through
    // http.Server#close, which also destroys every connection node deems idle, including one whose
    // next request is on the wire: that client would see its request cut.
    if (this.server.listening) NetServer.prototype.close.call(this.server);
    const idle: Connection[] = [];
    for (const conn of [...this.connections]) {
      if (conn.lingering) continue;
      if (conn.request !== null) {
        conn.lastAnswer = true;
        if (!conn.answer!.headersSent) conn.answer!.shouldKeepAlive = false;
      } else if (conn.waiting.length > 0) {
        // Requests waiting for their client to read earlier answers: not started, so not answered.
        this.linger(conn);
      } else if (this.isIdle(conn)) {
        if (idleGraceMs <= 0) conn.socket.destroy();
        else idle.push(conn);
      }
      // Otherwise a request is arriving; it is answered with `Connection: close`.
    }
    // A busy client's next request on an idle connection is answered (with `Connection: close`)
    // rather than met by a close racing it on the wire; connections still idle after the grace close.
    if (idle.length) {
      setTimeout(() => {
        for (const conn of idle) if (!conn.closed && this.isIdle(conn)) conn.socket.destroy();
      }, idleGraceMs).unref();
    }
    this.drainDeadline = setTimeout(() => {
      for (const socket of this.sockets) socket.destroy();
    }, timeoutMs);
    this.checkDrained();
    return this.drained;
  }

  private checkDrained(): void {
    if (this.resolveDrained === undefined || this.sockets.size > 0) return;
    clearTimeout(this.drainDeadline);
    this.stopHeaderTimer();
    const resolve = this.resolveDrained;
    this.resolveDrained = undefined;
    resolve();
  }
}

function onConnectionClose(this: TrackedSocket): void {
  const conn = this[kConnection]!;
  conn.manager.forget(conn);
}

function closeAfterLastAnswer(this: TrackedSocket): void {
  const conn = this[kConnection];
  if (conn === undefined) Socket.prototype.destroySoon.call(this);
  else conn.manager.linger(conn);
}

function onAnswerFinished(this: ServerResponse): void {
  const conn = (this.req.socket as TrackedSocket | null)?.[kConnection];
  if (conn === undefined || conn.answer !== this) return;
  conn.answerFinished = true;
  conn.manager.advance(conn);
}

/** Without a listener, a handler writing after its answer ended would crash the process. */
function onAnswerError(this: ServerResponse, err: Error): void {
  const conn = (this.req.socket as TrackedSocket | null)?.[kConnection];
  if (conn !== undefined && !isDisconnection(err)) conn.manager.report(err, this.req);
}

function onSocketDrain(this: TrackedSocket): void {
  const conn = this[kConnection];
  if (conn === undefined || !conn.waitingForDrain) return;
  conn.waitingForDrain = false;
  conn.manager.advance(conn);
}

/**
 * Node resumes a socket it paused itself once its write buffer drains, and resuming starts reading
 * even when this layer paused it too.
 */
function keepPaused(this: TrackedSocket): void {
  if (this[kConnection]?.readingPaused) this.pause();
}

function ignore(): void {}

function destroySocket(socket: Socket): void {
  socket.destroy();
}

/**
 * Sends the final bytes, half-closes, and reads and drops what the client still sends until it
 * closes or lingerMs pass (see LINGER_MS); with lingerMs 0, closes once the bytes are written.
 */
function closeGently(socket: TrackedSocket, finalBytes: Buffer | undefined, lingerMs: number): NodeJS.Timeout | undefined {
  if (socket.destroyed) return undefined;
  if (socket.listenerCount('error') === 0) socket.on('error', ignore);
  if (socket.writable) {
    if (finalBytes === undefined) socket.end();
    else socket.end(finalBytes);
  }
  if (lingerMs === 0 || socket.readableEnded) {
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', Socket.prototype.destroy);
    return undefined;
  }
  // Node's parser reads the socket through its 'data' listener or straight from the handle; a
  // 'data' listener of one's own makes node give the handle back (its listener is gone first).
  if (socket.parser) socket.removeAllListeners('data');
  socket.on('data', ignore);
  socket.resume();
  restartReading(socket);
  return setTimeout(destroySocket, lingerMs, socket);
}

/**
 * While node's parser reads a socket, pausing it stops the handle directly, and the stream is left
 * believing a read is under way; once the parser lets go of the socket, nothing would start the
 * handle again. This starts it the way node's parser does.
 */
function restartReading(socket: Socket): void {
  const handle = (socket as Socket & { _handle?: { reading: boolean; readStart(): number } | null })._handle;
  if (handle && !handle.reading) {
    handle.reading = true;
    handle.readStart();
  }
}

/**
 * Node reports an over-long request line and over-long headers alike. The packet it failed in
 * tells them apart: the request line is the first line of the failing request, found by stepping
 * over the whole requests before it in the packet (their headers and Content-Length bodies); if
 * the failing request holds no line end before the failure, its line is the over-long part.
 */
function headerOverflowStatus(err: ClientError, maxRequestLineBytes: number): number {
  const packet = err.rawPacket;
  if (!Buffer.isBuffer(packet)) return 431;
  const failedAt = failurePosition(err, packet);
  const requestStart = failingRequestStart(packet, failedAt);
  const lineEnd = packet.indexOf(0x0a, requestStart);
  if (lineEnd < 0 || lineEnd >= failedAt) return 414;
  return lineEnd - requestStart - 1 > maxRequestLineBytes ? 414 : 431;
}

function failurePosition(err: ClientError, packet: Buffer): number {
  return typeof err.bytesParsed === 'number' ? Math.min(err.bytesParsed, packet.length) : packet.length;
}

/** Where the request node failed in starts in its packet (best effort: a chunked body before it is not stepped over). */
function failingRequestStart(packet: Buffer, failedAt: number): number {
  let start = 0;
  for (;;) {
    const headEnd = packet.indexOf('\r\n\r\n', start, 'latin1');
    if (headEnd < 0 || headEnd + 4 > failedAt) return start;
    const head = packet.toString('latin1', start, headEnd);
    if (/\r\ntransfer-encoding:/i.test(head)) return start;
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
    const next = headEnd + 4 + (length ? Number(length[1]) : 0);
    if (next > failedAt) return start;
    start = next;
  }
}

/** Whether the request node failed to read is a HEAD. */
function isHeadPacket(err: ClientError): boolean {
  const packet = err.rawPacket;
  if (!Buffer.isBuffer(packet)) return false;
  const start = failingRequestStart(packet, failurePosition(err, packet));
  return packet.length >= start + 5 && packet.toString('latin1', start, start + 5) === 'HEAD ';
}

const PLAIN_HEADERS: Record<number, string> = {
  405: 'Allow: GET, POST, HEAD\r\n',
  503: 'Retry-After: 1\r\n',
};

/**
 * A short text/plain answer with `Connection: close`, as bytes to write to a socket; an answer to
 * HEAD has its headers only.
 */
function plainAnswer(status: number, head = false): Buffer {
  const reason = STATUS_CODES[status] ?? 'Error';
  const body = `${reason}\n`;
  return Buffer.from(
    `HTTP/1.1 ${status} ${reason}\r\nDate: ${new Date().toUTCString()}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${body.length}\r\n${PLAIN_HEADERS[status] ?? ''}Connection: close\r\n\r\n${head ? '' : body}`,
    'latin1',
  );
}

/** The same through a response object; all but a handler's failure close the connection. */
function answerPlainly(res: ServerResponse, status: number): void {
  const body = `${STATUS_CODES[status] ?? 'Error'}\n`;
  if (status !== 500) res.shouldKeepAlive = false;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
}

const DISCONNECTIONS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED']);

function isDisconnection(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return (code !== undefined && DISCONNECTIONS.has(code)) || err.message === 'aborted';
}
