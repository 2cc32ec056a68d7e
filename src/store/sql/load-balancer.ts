// Reads spread over the database servers of one wiki (a primary and its replicas, or a server
// alone), as MediaWiki's LoadBalancer spreads them: by weight, skipping a replica that lags more
// than its bound or does not replicate, taking a server that stops answering out of rotation and
// answering from another. Each request reads from one server (pinned on its first query), so its
// answer is read from one consistent copy, unless that server fails mid-request; and its queries
// stop at the request's deadline, however many there are. Lags are measured in the background, so
// a request never waits for a measurement, and a server taken out is put back once it answers.
import { AsyncLocalStorage } from 'node:async_hooks';
import { StoreInterruptedError, StoreUnavailableError } from '../errors.ts';
import type { MaxLag, ReplicationStatus, ServerLag, ServerState } from '../replication.ts';
import type { Dialect } from './dialect.ts';
import type { SqlExecutor } from './executor.ts';

/** MediaWiki's default 'max lag' of a server in $wgDBservers (LoadBalancer::MAX_LAG_DEFAULT). */
export const DEFAULT_MAX_LAG_SECONDS = 6;

export interface BalancedServer {
  /** What dbrepllag and the health endpoint call it. */
  readonly name: string;
  readonly executor: SqlExecutor;
  /** Closes its connections. */
  close(): Promise<void>;
  /** The share of reads it takes (MediaWiki's 'load'); 0: only when no other server can. */
  readonly weight: number;
  /** The primary: never lagging (MediaWiki counts its lag as 0), measured only for being up. */
  readonly primary: boolean;
  /** Seconds of lag beyond which it takes no reads while another server can take them. */
  readonly maxLagSeconds: number;
  /** Seconds behind the primary, or false when it does not replicate. */
  measureLag(): Promise<number | false>;
  /** Whether an error means the server (or the way to it) failed, rather than the query. */
  isConnectionFailure(error: unknown): boolean;
}

export interface LoadBalancerOptions {
  /** How often lags are measured and failed servers tried again. */
  lagCheckMs: number;
  /**
   * A query unanswered this long counts as its server's failure (a server that hangs rather
   * than refuses): the query is asked of another server.
   */
  unansweredMs: number;
  /**
   * A lag measurement unanswered this long takes its server out: the measurement is how a server
   * that hangs is found while requests wait on it (they are then asked elsewhere).
   */
  measureTimeoutMs: number;
  onEvent?: (level: 'info' | 'warn' | 'error', message: string) => void;
}

class ServerNode {
  up = true;
  lag: number | false | null = null;
  error: string | undefined;
  checkedAt: number | undefined;
  measuring = false;
  /** Rejects when the server is taken out: the queries still waiting for it are asked elsewhere. */
  outage!: Promise<never>;
  private endWaits!: (reason: Error) => void;

  constructor(readonly server: BalancedServer) {
    this.arm();
  }

  /** A new outage signal, for the time it is up again. */
  arm(): void {
    this.outage = new Promise<never>((_, reject) => {
      this.endWaits = reject;
    });
    this.outage.catch(() => {});
  }

  takenOut(reason: Error): void {
    this.endWaits(reason);
  }

  get readable(): boolean {
    const { server, lag } = this;
    return this.up && server.weight > 0 && typeof lag === 'number' && lag <= server.maxLagSeconds;
  }
}

/** One request's reads: the server they are pinned to, and when they must stop. */
interface RequestScope {
  node?: ServerNode;
  /** Date.now() past which the request's queries fail with StoreInterruptedError. */
  deadline?: number;
}

/** A query left unanswered for longer than `unansweredMs`. */
class UnansweredError extends Error {}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class LoadBalancedExecutor implements SqlExecutor, ReplicationStatus {
  readonly dialect: Dialect;
  private readonly nodes: ServerNode[];
  private readonly sessions = new AsyncLocalStorage<RequestScope>();
  private timer: NodeJS.Timeout | null = null;

  constructor(servers: readonly BalancedServer[], private readonly options: LoadBalancerOptions) {
    if (servers.length === 0) throw new Error('no database server');
    this.dialect = servers[0]!.executor.dialect;
    // The primary first, as in $wgDBservers and in MediaWiki's lag lists.
    this.nodes = [...servers].sort((a, b) => Number(b.primary) - Number(a.primary)).map((s) => new ServerNode(s));
  }

  /** Measures every server once, then keeps measuring in the background. */
  async start(): Promise<void> {
    await this.measureAll();
    if (this.options.lagCheckMs > 0 && !this.timer) {
      this.timer = setInterval(() => void this.measureAll(), this.options.lagCheckMs);
      this.timer.unref();
    }
  }

  /**
   * Runs `work` as one request: all its reads on one server, and, with a time limit, each of its
   * queries failing with StoreInterruptedError once `timeLimitMs` have passed since now (a query
   * running then is left to the server's statement timeout).
   */
  runRequest<T>(work: () => Promise<T>, timeLimitMs?: number): Promise<T> {
    return this.sessions.run(timeLimitMs === undefined ? {} : { deadline: Date.now() + timeLimitMs }, work);
  }

  all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.run((executor) => executor.all<T>(sql, ...params));
  }

  rows<T>(select: string, rest: string, ...params: unknown[]): Promise<T[]> {
    return this.run((executor) => executor.rows<T>(select, rest, ...params));
  }

  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.run((executor) => executor.get<T>(sql, ...params));
  }

  hasTable(name: string): Promise<boolean> {
    return this.run((executor) => executor.hasTable(name));
  }

  lagTimes(): ServerLag[] {
    return this.nodes.map((node) => ({ name: node.server.name, lag: node.server.primary ? 0 : node.lag ?? false }));
  }

  maxLag(): MaxLag {
    let best: MaxLag = { host: '', lag: -1, index: 0 };
    if (this.nodes.length < 2) return best;
    this.lagTimes().forEach(({ name, lag }, index) => {
      // Only servers that take reads count, as in MediaWiki (a primary with load 0 does not).
      if (this.nodes[index]!.server.weight > 0 && typeof lag === 'number' && lag > best.lag) best = { host: name, lag, index };
    });
    return best;
  }

  servers(): ServerState[] {
    return this.nodes.map((node) => {
      const { server } = node;
      const state: ServerState = {
        name: server.name,
        role: server.primary ? 'primary' : 'replica',
        weight: server.weight,
        up: node.up,
        lag: server.primary ? 0 : node.lag,
        readable: node.readable,
        ...(node.error === undefined ? {} : { error: node.error }),
        ...(node.checkedAt === undefined ? {} : { checkedAt: new Date(node.checkedAt).toISOString() }),
      };
      return state;
    });
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.nodes.map((node) => node.server.close()));
  }

  /**
   * The server for the next read: by weight among those within their lag bound; else the least
   * lagged weighted one that answers (all lag: MediaWiki then reads from a lagged one too); else
   * any that answers (a primary of weight 0); else one not tried yet, in case it came back.
   */
  private pick(tried: ReadonlySet<ServerNode>): ServerNode | undefined {
    const candidates = this.nodes.filter((node) => !tried.has(node));
    const readable = candidates.filter((node) => node.readable);
    if (readable.length > 0) return byWeight(readable);
    const lagged = candidates.filter((node) => node.up && node.server.weight > 0);
    if (lagged.length > 0) return lagged.reduce((a, b) => (lagRank(b) < lagRank(a) ? b : a));
    return candidates.find((node) => node.up) ?? candidates[0];
  }

  private async run<T>(work: (executor: SqlExecutor) => T | Promise<T>): Promise<T> {
    const session = this.sessions.getStore();
    const deadline = session?.deadline;
    const tried = new Set<ServerNode>();
    let lastError: unknown;
    for (;;) {
      let node = session?.node;
      if (node === undefined || !node.up || tried.has(node)) {
        node = this.pick(tried);
        if (node === undefined) {
          const names = this.nodes.map((n) => n.server.name);
          throw new StoreUnavailableError(`no database server answers (${names.join(', ')}): ${describe(lastError)}`, names, { cause: lastError });
        }
        if (session) session.node = node;
      }
      tried.add(node);
      if (deadline !== undefined && Date.now() >= deadline) throw new StoreInterruptedError('the request reached its time limit');
      try {
        return await this.answered(work(node.server.executor), node, deadline);
      } catch (error) {
        if (error instanceof StoreInterruptedError || !(error instanceof UnansweredError || node.server.isConnectionFailure(error))) throw error;
        this.takeOut(node, error);
        lastError = error;
      }
    }
  }

  /**
   * The query's answer; StoreInterruptedError at the request's deadline; UnansweredError once it
   * has waited `unansweredMs`, or as soon as its server is taken out (found failing by another
   * query or by the lag measurement).
   */
  private answered<T>(pending: T | Promise<T>, node: ServerNode, deadline?: number, unansweredMs = this.options.unansweredMs): Promise<T> {
    if (!(pending instanceof Promise)) return Promise.resolve(pending);
    let timer: NodeJS.Timeout | undefined;
    const untilDeadline = deadline === undefined ? Number.POSITIVE_INFINITY : Math.max(0, deadline - Date.now());
    const timeout = new Promise<never>((_, reject) => {
      timer = untilDeadline < unansweredMs
        ? setTimeout(() => reject(new StoreInterruptedError('the request reached its time limit')), untilDeadline)
        : setTimeout(() => reject(new UnansweredError(`no answer within ${unansweredMs} ms`)), unansweredMs);
    });
    // A server already out is being asked whether it is back: only the time bounds that.
    const waits = node.up ? [pending, timeout, node.outage] : [pending, timeout];
    return Promise.race(waits).finally(() => clearTimeout(timer));
  }

  private bringBack(node: ServerNode): void {
    if (node.up) return;
    node.arm();
    node.up = true;
    this.options.onEvent?.('info', `database server ${node.server.name} answers again: back in rotation`);
  }

  private takeOut(node: ServerNode, error: unknown): void {
    node.error = describe(error);
    if (!node.up) return;
    node.up = false;
    node.takenOut(new UnansweredError(`database server ${node.server.name} was taken out of rotation (${node.error})`));
    this.options.onEvent?.('error', `database server ${node.server.name} does not answer (${node.error}): reads go to the others until it answers again`);
  }

  private async measureAll(): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.measure(node)));
  }

  private async measure(node: ServerNode): Promise<void> {
    // A measurement still waiting for a server that hangs is not joined by another: the server
    // stays out until that one is answered.
    if (node.measuring) return;
    node.measuring = true;
    const measurement = node.server.measureLag();
    measurement.finally(() => {
      node.measuring = false;
    }).catch(() => {});
    try {
      const lag = await this.answered(measurement, node, undefined, this.options.measureTimeoutMs);
      node.lag = lag;
      node.error = undefined;
      this.bringBack(node);
    } catch (error) {
      if (error instanceof UnansweredError || node.server.isConnectionFailure(error)) {
        this.takeOut(node, error);
      } else {
        // It answers, but its lag cannot be read (a missing privilege, no heartbeat table):
        // MediaWiki then counts it as not replicating.
        const message = describe(error);
        if (node.error !== message) this.options.onEvent?.('warn', `cannot measure the lag of database server ${node.server.name}: ${message}`);
        node.lag = false;
        node.error = message;
        this.bringBack(node);
      }
    } finally {
      node.checkedAt = Date.now();
    }
  }
}

function lagRank(node: ServerNode): number {
  return typeof node.lag === 'number' ? node.lag : Number.POSITIVE_INFINITY;
}

function byWeight(nodes: readonly ServerNode[]): ServerNode {
  const total = nodes.reduce((sum, node) => sum + node.server.weight, 0);
  let point = Math.random() * total;
  for (const node of nodes) {
    point -= node.server.weight;
    if (point < 0) return node;
  }
  return nodes[nodes.length - 1]!;
}
