// The load balancer's rules on stand-in servers (no database): weights, lag bounds, one server per
// read session, failover on a refused or unanswered query, recovery by the lag measurement, and
// MediaWiki's getMaxLag/getLagTimes answers.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { StoreInterruptedError, StoreUnavailableError } from '../../src/store/errors.ts';
import { sqliteDialect } from '../../src/store/sqlite/dialect.ts';
import { LoadBalancedExecutor, type BalancedServer } from '../../src/store/sql/load-balancer.ts';
import type { SqlExecutor } from '../../src/store/sql/executor.ts';

class RefusedError extends Error {
  code = 'ECONNREFUSED';
}

/** A server that answers every query with its own name, or fails as told. */
class StandIn implements SqlExecutor {
  readonly dialect = sqliteDialect();
  state: 'answers' | 'refuses' | 'hangs' | 'bad query' = 'answers';
  lag: number | false = 0;
  queries = 0;

  constructor(readonly name: string) {}

  private async answer<T>(value: T): Promise<T> {
    this.queries++;
    await sleep(1);
    if (this.state === 'refuses') throw new RefusedError(`${this.name} refused`);
    if (this.state === 'bad query') throw new Error('syntax error');
    if (this.state === 'hangs') return new Promise<T>(() => {});
    return value;
  }

  all<T>(): Promise<T[]> {
    return this.answer([{ server: this.name } as T]);
  }

  rows<T>(): Promise<T[]> {
    return this.all<T>();
  }

  async get<T>(): Promise<T | undefined> {
    return (await this.all<T>())[0];
  }

  hasTable(): Promise<boolean> {
    return this.answer(true);
  }

  measure(): Promise<number | false> {
    return this.answer(this.lag);
  }
}

function balancer(specs: { name: string; weight: number; primary?: boolean; maxLag?: number }[], options: { unansweredMs?: number } = {}) {
  const standIns = new Map(specs.map((spec) => [spec.name, new StandIn(spec.name)]));
  const servers: BalancedServer[] = specs.map((spec) => {
    const standIn = standIns.get(spec.name)!;
    return {
      name: spec.name,
      executor: standIn,
      weight: spec.weight,
      primary: spec.primary ?? false,
      maxLagSeconds: spec.maxLag ?? 6,
      measureLag: () => (spec.primary ? standIn.measure().then(() => 0) : standIn.measure()),
      isConnectionFailure: (error) => error instanceof RefusedError,
      close: async () => {},
    };
  });
  const events: string[] = [];
  const executor = new LoadBalancedExecutor(servers, { lagCheckMs: 0, unansweredMs: options.unansweredMs ?? 200, measureTimeoutMs: 100, onEvent: (_level, message) => events.push(message) });
  return { executor, standIns, events, measure: () => (executor as unknown as { measureAll(): Promise<void> }).measureAll() };
}

async function whoAnswers(executor: LoadBalancedExecutor): Promise<string> {
  return ((await executor.all<{ server: string }>('SELECT 1'))[0]!).server;
}

describe('load balancer', () => {
  test('reads go to replicas by weight, never to a primary of weight 0', async () => {
    const { executor } = balancer([{ name: 'db1', weight: 0, primary: true }, { name: 'db2', weight: 1 }, { name: 'db3', weight: 3 }]);
    await executor.start();
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const name = await whoAnswers(executor);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    assert.equal(counts.get('db1'), undefined);
    const share = counts.get('db3')! / 2000;
    assert.ok(share > 0.7 && share < 0.8, `db3 took ${share} of the reads`);
  });

  test('a read session stays on one server', async () => {
    const { executor } = balancer([{ name: 'db1', weight: 0, primary: true }, { name: 'db2', weight: 1 }, { name: 'db3', weight: 1 }]);
    await executor.start();
    for (let i = 0; i < 20; i++) {
      const seen = await executor.runRequest(async () => {
        const names = new Set<string>();
        for (let j = 0; j < 10; j++) names.add(await whoAnswers(executor));
        return names;
      });
      assert.equal(seen.size, 1);
    }
  });

  test('a replica past its lag bound or not replicating takes no reads while another can', async () => {
    const { executor, standIns, measure } = balancer([{ name: 'db1', weight: 0, primary: true }, { name: 'db2', weight: 1, maxLag: 2 }, { name: 'db3', weight: 1, maxLag: 2 }]);
    standIns.get('db2')!.lag = 5;
    await executor.start();
    for (let i = 0; i < 50; i++) assert.equal(await whoAnswers(executor), 'db3');
    standIns.get('db2')!.lag = 1;
    standIns.get('db3')!.lag = false;
    await measure();
    for (let i = 0; i < 50; i++) assert.equal(await whoAnswers(executor), 'db2');
    // All lagged: MediaWiki then still reads from a replica, the least lagged here.
    standIns.get('db2')!.lag = 9;
    standIns.get('db3')!.lag = 4;
    await measure();
    for (let i = 0; i < 20; i++) assert.equal(await whoAnswers(executor), 'db3');
  });

  test('a refused query is asked of another server, and the refusing one is taken out until it answers again', async () => {
    const { executor, standIns, events, measure } = balancer([{ name: 'db1', weight: 0, primary: true }, { name: 'db2', weight: 1 }, { name: 'db3', weight: 1 }]);
    await executor.start();
    standIns.get('db2')!.state = 'refuses';
    for (let i = 0; i < 30; i++) assert.equal(await whoAnswers(executor), 'db3');
    assert.equal(executor.servers().find((s) => s.name === 'db2')!.up, false);
    assert.match(events.join('\n'), /db2 does not answer \(db2 refused\)/);
    const refusedBefore = standIns.get('db2')!.queries;
    for (let i = 0; i < 10; i++) await whoAnswers(executor);
    assert.equal(standIns.get('db2')!.queries, refusedBefore, 'a server out of rotation is not asked');
    standIns.get('db2')!.state = 'answers';
    await measure();
    assert.equal(executor.servers().find((s) => s.name === 'db2')!.up, true);
    assert.match(events.join('\n'), /db2 answers again/);
  });

  test('an unanswered query is asked elsewhere after the bound; a query error is not a server failure', async () => {
    const { executor, standIns } = balancer([{ name: 'db1', weight: 1, primary: true }, { name: 'db2', weight: 1 }], { unansweredMs: 50 });
    await executor.start();
    standIns.get('db2')!.state = 'hangs';
    for (let i = 0; i < 10; i++) assert.equal(await whoAnswers(executor), 'db1');
    standIns.get('db1')!.state = 'bad query';
    await assert.rejects(executor.all('SELECT'), /syntax error/);
    assert.equal(executor.servers()[0]!.up, true);
  });

  test('a request\'s queries stop at its time limit, however many it runs', async () => {
    const { executor, standIns } = balancer([{ name: 'db1', weight: 1, primary: true }], { unansweredMs: 5000 });
    await executor.start();
    const started = Date.now();
    let queries = 0;
    await assert.rejects(executor.runRequest(async () => {
      for (;;) {
        await executor.all('SELECT 1');
        queries++;
      }
    }, 60), StoreInterruptedError);
    const elapsed = Date.now() - started;
    assert.ok(queries > 3 && elapsed < 200, `${queries} queries, stopped after ${elapsed} ms`);
    // A query still running at the deadline is not waited for.
    standIns.get('db1')!.state = 'hangs';
    const hung = Date.now();
    await assert.rejects(executor.runRequest(() => executor.all('SELECT 1'), 50), StoreInterruptedError);
    assert.ok(Date.now() - hung < 1000);
    assert.equal(executor.servers()[0]!.up, true, 'a request out of time does not take its server out');
  });

  test('no server answers: StoreUnavailableError naming them', async () => {
    const { executor, standIns } = balancer([{ name: 'db1', weight: 0, primary: true }, { name: 'db2', weight: 1 }]);
    await executor.start();
    standIns.get('db1')!.state = 'refuses';
    standIns.get('db2')!.state = 'refuses';
    await assert.rejects(executor.all('SELECT 1'), (error: unknown) => error instanceof StoreUnavailableError && error.servers.join() === 'db1,db2');
    // Once one answers again it serves, even before the next measurement.
    standIns.get('db1')!.state = 'answers';
    assert.equal(await whoAnswers(executor), 'db1');
  });

  test('lag times and the maximum lag as MediaWiki\'s LoadBalancer reports them', async () => {
    const { executor, standIns } = balancer([{ name: 'db1', weight: 0, primary: true }, { name: 'db2', weight: 1 }, { name: 'db3', weight: 0 }, { name: 'db4', weight: 1 }]);
    standIns.get('db2')!.lag = 3;
    standIns.get('db3')!.lag = 30;
    standIns.get('db4')!.lag = false;
    await executor.start();
    assert.deepEqual(executor.lagTimes(), [{ name: 'db1', lag: 0 }, { name: 'db2', lag: 3 }, { name: 'db3', lag: 30 }, { name: 'db4', lag: false }]);
    // Only servers taking reads count; one that does not replicate does not.
    assert.deepEqual(executor.maxLag(), { host: 'db2', lag: 3, index: 1 });
  });
});
