// The metrics registry and its Prometheus text: the exposition grammar, escaping, merging the
// processes' snapshots, bounded label values, and what recording a request costs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MetricsRegistry,
  ServerMetrics,
  mergeSnapshots,
  renderSnapshot,
  renderSupervisorMetrics,
  REQUEST_DURATION_BUCKETS,
  type MetricsSnapshot,
} from '../../src/server/metrics.ts';

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*")(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*")*)\})? (NaN|[+-]Inf|[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)$/;
const HELP_LINE = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) ((?:[^\\\n]|\\[\\n])*)$/;
const TYPE_LINE = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface ParsedFamily {
  help: string;
  type: string;
  samples: Sample[];
}

function unescapeLabelValue(value: string): string {
  return value.replace(/\\([\\"n])/g, (_, char: string) => (char === 'n' ? '\n' : char));
}

/** Reads exposition text back, checking every line against the grammar and HELP/TYPE before samples. */
function parseExposition(text: string): Map<string, ParsedFamily> {
  assert.ok(text.endsWith('\n'), 'the text ends with a newline');
  const families = new Map<string, ParsedFamily>();
  let current: { name: string; family: ParsedFamily } | null = null;
  for (const line of text.slice(0, -1).split('\n')) {
    const help = HELP_LINE.exec(line);
    if (help) {
      assert.ok(!families.has(help[1]), `${help[1]} is described once`);
      current = { name: help[1], family: { help: help[2], type: '', samples: [] } };
      families.set(help[1], current.family);
      continue;
    }
    const type = TYPE_LINE.exec(line);
    if (type) {
      assert.equal(type[1], current?.name, 'TYPE follows its HELP');
      assert.equal(current!.family.samples.length, 0, 'TYPE comes before the samples');
      current!.family.type = type[2];
      continue;
    }
    const sample = SAMPLE_LINE.exec(line);
    assert.ok(sample, `a sample line: ${JSON.stringify(line)}`);
    assert.ok(current?.family.type, `a sample after its family's HELP and TYPE: ${line}`);
    const base = current.family.type === 'histogram' ? sample[1].replace(/_(bucket|sum|count)$/, '') : sample[1];
    assert.equal(base, current.name, `${sample[1]} belongs to ${current.name}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g)) labels[pair[1]] = unescapeLabelValue(pair[2]);
    const value = sample[3] === '+Inf' ? Infinity : sample[3] === '-Inf' ? -Infinity : Number(sample[3]);
    current.family.samples.push({ name: sample[1], labels, value });
  }
  return families;
}

/** Checks a parsed histogram: buckets cumulative, ending in +Inf equal to _count, per label set. */
function checkHistogram(family: ParsedFamily, name: string): void {
  const byLabels = new Map<string, { buckets: Sample[]; sum?: number; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = JSON.stringify(rest);
    const entry = byLabels.get(key) ?? { buckets: [] };
    byLabels.set(key, entry);
    if (sample.name === `${name}_bucket`) {
      assert.ok(le !== undefined, 'a bucket has le');
      entry.buckets.push(sample);
    } else if (sample.name === `${name}_sum`) entry.sum = sample.value;
    else if (sample.name === `${name}_count`) entry.count = sample.value;
  }
  assert.ok(byLabels.size > 0);
  for (const entry of byLabels.values()) {
    const bounds = entry.buckets.map((bucket) => (bucket.labels.le === '+Inf' ? Infinity : Number(bucket.labels.le)));
    assert.equal(bounds.at(-1), Infinity, 'the last bucket is +Inf');
    for (let i = 1; i < bounds.length; i++) {
      assert.ok(bounds[i] > bounds[i - 1], 'le increases');
      assert.ok(entry.buckets[i].value >= entry.buckets[i - 1].value, 'buckets are cumulative');
    }
    assert.equal(entry.buckets.at(-1)!.value, entry.count, '+Inf equals _count');
    assert.equal(typeof entry.sum, 'number');
  }
}

function exampleRegistry(): MetricsRegistry {
  const registry = new MetricsRegistry();
  const requests = registry.counter('demo_requests_total', 'Requests.', ['action', 'status']);
  requests.labels('query', '200').inc();
  requests.labels('query', '200').inc(2);
  requests.labels('parse', '500').inc();
  registry.gauge('demo_in_flight', 'In flight.').unlabelled.set(3);
  const duration = registry.histogram('demo_duration_seconds', 'Durations.', [0.01, 0.1, 1], ['action']);
  for (const seconds of [0.005, 0.01, 0.05, 0.5, 2, 30]) duration.labels('query').observe(seconds);
  duration.labels('parse').observe(0.2);
  return registry;
}

describe('Prometheus text exposition', () => {
  test('every line follows the grammar; HELP and TYPE come first; histograms are cumulative up to +Inf = _count', () => {
    const families = parseExposition(exampleRegistry().render());
    assert.deepEqual([...families.keys()], ['demo_requests_total', 'demo_in_flight', 'demo_duration_seconds']);
    assert.deepEqual(families.get('demo_requests_total')!.samples.map((s) => [s.labels, s.value]), [
      [{ action: 'query', status: '200' }, 3],
      [{ action: 'parse', status: '500' }, 1],
    ]);
    assert.equal(families.get('demo_in_flight')!.samples[0].value, 3);
    const histogram = families.get('demo_duration_seconds')!;
    assert.equal(histogram.type, 'histogram');
    checkHistogram(histogram, 'demo_duration_seconds');
    const query = histogram.samples.filter((s) => s.labels.action === 'query');
    assert.deepEqual(query.filter((s) => s.name.endsWith('_bucket')).map((s) => [s.labels.le, s.value]), [['0.01', 2], ['0.1', 3], ['1', 4], ['+Inf', 6]]);
    assert.equal(query.find((s) => s.name.endsWith('_sum'))!.value, 0.005 + 0.01 + 0.05 + 0.5 + 2 + 30);
  });

  test('label values escape backslash, double quote and newline; HELP escapes backslash and newline', () => {
    const registry = new MetricsRegistry();
    const nasty = 'a\\b"c\nd} e="f",';
    registry.counter('demo_total', 'Help with \\ and\nnewline "quoted".', ['value']).labels(nasty).inc();
    const text = registry.render();
    assert.ok(text.includes('# HELP demo_total Help with \\\\ and\\nnewline "quoted".\n'));
    assert.ok(text.includes('demo_total{value="a\\\\b\\"c\\nd} e=\\"f\\","} 1\n'));
    const families = parseExposition(text);
    assert.equal(families.get('demo_total')!.samples[0].labels.value, nasty);
  });

  test('definitions are checked: names, labels, buckets, label counts', () => {
    const registry = new MetricsRegistry();
    assert.throws(() => registry.counter('bad name', 'x'));
    assert.throws(() => registry.counter('ok_total', 'x', ['bad-label']));
    assert.throws(() => registry.histogram('h', 'x', [1, 1]));
    assert.throws(() => registry.histogram('h', 'x', [1], ['le']));
    const counter = registry.counter('ok_total', 'x', ['a']);
    assert.throws(() => registry.counter('ok_total', 'x'));
    assert.throws(() => counter.labels('1', '2'));
    assert.throws(() => counter.unlabelled);
  });

  test('counters never go down and non-finite values are ignored, so a snapshot is JSON', () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter('c_total', 'x').unlabelled;
    counter.inc(5);
    counter.inc(-3);
    counter.inc(Number.NaN);
    counter.setTotal(4);
    const gauge = registry.gauge('g', 'x').unlabelled;
    gauge.set(Infinity);
    registry.histogram('h', 'x', [1]).unlabelled.observe(Number.NaN);
    const snapshot = registry.snapshot();
    assert.deepEqual(JSON.parse(JSON.stringify(snapshot)), snapshot);
    assert.deepEqual(structuredClone(snapshot), snapshot);
    assert.equal(snapshot.families[0].series[0].value, 5);
    assert.equal(snapshot.families[1].series[0].value, 0);
    assert.deepEqual(snapshot.families[2].series[0].bucketCounts, [0, 0]);
  });
});

/** A process's snapshot as another process with this pid would send it. */
function asWorker(snapshot: MetricsSnapshot, pid: number): MetricsSnapshot {
  const copy = structuredClone(snapshot);
  for (const family of copy.families) {
    const at = family.labelNames.indexOf('worker');
    if (at >= 0) for (const series of family.series) series.labels[at] = String(pid);
  }
  return copy;
}

const KNOWN_ACTIONS = ['query', 'parse', 'help', 'paraminfo', 'expandtemplates', 'opensearch', 'compare', 'feedrecentchanges'];
const KNOWN_MODULES = new Set(['allpages', 'info', 'revisions', 'categories', 'siteinfo', 'search', 'links', 'userinfo', 'tokens']);

function serverMetrics(): ServerMetrics {
  return new ServerMetrics({ knownActions: KNOWN_ACTIONS, isKnownModule: (name) => KNOWN_MODULES.has(name) });
}

describe('mergeSnapshots', () => {
  test('counters and histograms add up, gauges too unless per worker', () => {
    const one = exampleRegistry();
    const two = exampleRegistry();
    two.gauge('demo_memory_bytes', 'Per process.', ['worker']).labels('2').set(200);
    one.gauge('demo_memory_bytes', 'Per process.', ['worker']).labels('1').set(100);
    const merged = mergeSnapshots([one.snapshot(), two.snapshot()]);
    assert.deepEqual(JSON.parse(JSON.stringify(merged)), merged);
    const families = parseExposition(renderSnapshot(merged));
    assert.deepEqual(families.get('demo_requests_total')!.samples.map((s) => s.value), [6, 2]);
    assert.equal(families.get('demo_in_flight')!.samples[0].value, 6);
    assert.deepEqual(families.get('demo_memory_bytes')!.samples.map((s) => [s.labels.worker, s.value]), [['1', 100], ['2', 200]]);
    checkHistogram(families.get('demo_duration_seconds')!, 'demo_duration_seconds');
    const queryBuckets = families.get('demo_duration_seconds')!.samples.filter((s) => s.labels.action === 'query' && s.name.endsWith('_bucket'));
    assert.deepEqual(queryBuckets.map((s) => s.value), [4, 6, 8, 12]);
  });

  test("ServerMetrics of two workers: requests summed, each worker's process figures kept apart", () => {
    const metrics = serverMetrics();
    metrics.recordRequest('query', 'allpages', 200, 0.002);
    metrics.requestStarted();
    metrics.connectionOpened();
    const snapshot = metrics.snapshot();
    const merged = mergeSnapshots([asWorker(snapshot, 101), asWorker(snapshot, 202)]);
    const families = parseExposition(renderSnapshot(merged));
    assert.deepEqual(families.get('wikiquery_requests_total')!.samples, [{ name: 'wikiquery_requests_total', labels: { action: 'query', module: 'allpages', status: '200' }, value: 2 }]);
    assert.equal(families.get('wikiquery_requests_in_flight')!.samples[0].value, 2);
    assert.equal(families.get('wikiquery_connections_open')!.samples[0].value, 2);
    for (const name of ['wikiquery_process_resident_memory_bytes', 'wikiquery_process_heap_used_bytes', 'wikiquery_process_cpu_seconds_total', 'wikiquery_process_start_time_seconds']) {
      const samples = families.get(name)!.samples;
      assert.deepEqual(samples.map((s) => s.labels.worker), ['101', '202'], name);
      assert.ok(samples.every((s) => s.value > 0), name);
    }
  });

  test("the supervisor's answer: workers summed, then its own figures", () => {
    const metrics = serverMetrics();
    metrics.recordRequest('query', 'allpages', 200, 0.002);
    const merged = mergeSnapshots([asWorker(metrics.snapshot(), 101), asWorker(metrics.snapshot(), 202)]);
    renderSupervisorMetrics(merged, { workers: 2, restarts: 5 });
    const families = parseExposition(renderSupervisorMetrics(merged, { workers: 3, restarts: 4 }));
    assert.equal(families.get('wikiquery_requests_total')!.samples[0].value, 2);
    assert.equal(families.get('wikiquery_workers')!.samples[0].value, 3);
    assert.equal(families.get('wikiquery_worker_restarts_total')!.samples[0].value, 5, 'a counter never goes back');
    assert.deepEqual(families.get('wikiquery_process_resident_memory_bytes')!.samples.map((s) => s.labels.worker), ['101', '202', String(process.pid)]);
  });

  test('a family whose shape differs from its first appearance is left out of the sum', () => {
    const one = new MetricsRegistry();
    one.counter('x_total', 'x').unlabelled.inc();
    const two = new MetricsRegistry();
    two.gauge('x_total', 'x').unlabelled.set(5);
    const merged = mergeSnapshots([one.snapshot(), two.snapshot()]);
    assert.equal(merged.families[0].type, 'counter');
    assert.equal(merged.families[0].series[0].value, 1);
  });
});

describe('ServerMetrics', () => {
  test("every one of wikiquery's metrics is there, in a valid exposition", () => {
    let dropped = 0;
    const metrics = serverMetrics();
    metrics.logLinesDropped = () => dropped;
    metrics.requestStarted();
    metrics.requestFinished({ action: 'query', modules: 'info,revisions', status: 200, durationMs: 12, databaseMs: 8, onThread: true, metBusy: true });
    metrics.requestEnded();
    metrics.requestFinished({ action: 'query', modules: ['revisions', 'info'], status: 200, durationMs: 40_000, timedOut: true });
    metrics.refused('413');
    metrics.refused('connection-limit');
    metrics.setWorkers(4);
    metrics.recordWorkerRestart();
    metrics.setWorkerRestarts(3);
    dropped = 17;
    const families = parseExposition(metrics.render());
    const value = (name: string) => families.get(name)!.samples[0].value;
    assert.deepEqual(families.get('wikiquery_requests_total')!.samples.map((s) => s.labels), [{ action: 'query', module: 'info,revisions', status: '200' }]);
    assert.equal(value('wikiquery_requests_total'), 2);
    const duration = families.get('wikiquery_request_duration_seconds')!;
    checkHistogram(duration, 'wikiquery_request_duration_seconds');
    assert.deepEqual(duration.samples.filter((s) => s.name.endsWith('_bucket')).map((s) => s.labels.le), [...REQUEST_DURATION_BUCKETS.map(String), '+Inf']);
    assert.equal(duration.samples.find((s) => s.labels.le === '0.025')!.value, 1);
    assert.equal(duration.samples.find((s) => s.labels.le === '30')!.value, 1);
    assert.equal(duration.samples.find((s) => s.labels.le === '+Inf')!.value, 2);
    assert.equal(value('wikiquery_requests_in_flight'), 0);
    assert.equal(value('wikiquery_database_seconds_total'), 0.008);
    assert.equal(value('wikiquery_request_timeouts_total'), 1);
    assert.equal(value('wikiquery_database_busy_total'), 1);
    assert.equal(value('wikiquery_query_thread_requests_total'), 1);
    assert.deepEqual(families.get('wikiquery_http_refused_total')!.samples.map((s) => [s.labels.reason, s.value]), [['413', 1], ['connection-limit', 1]]);
    assert.equal(value('wikiquery_connections_open'), 0);
    assert.equal(value('wikiquery_log_lines_dropped_total'), 17);
    metrics.connections = () => 9;
    assert.equal(parseExposition(metrics.render()).get('wikiquery_connections_open')!.samples[0].value, 9);
    assert.equal(value('wikiquery_workers'), 4);
    assert.equal(value('wikiquery_worker_restarts_total'), 3);
    assert.equal(families.get('wikiquery_process_resident_memory_bytes')!.samples[0].labels.worker, String(process.pid));
    for (const [name, family] of families) assert.ok(family.help.length > 0, `${name} has help`);
  });

  test('a worker process has no supervisor figures until they are set', () => {
    const families = parseExposition(serverMetrics().render());
    assert.ok(!families.has('wikiquery_workers'));
    assert.ok(!families.has('wikiquery_worker_restarts_total'));
  });

  test('module labels: known names sorted and joined, unknown ones `other`, no module is empty', () => {
    const metrics = serverMetrics();
    metrics.recordRequest('query', 'revisions|info', 200, 0.001);
    metrics.recordRequest('query', 'info,revisions', 200, 0.001);
    metrics.recordRequest('query', 'nosuchmodule|info', 200, 0.001);
    metrics.recordRequest('query', 'zzz|yyy', 200, 0.001);
    metrics.recordRequest('query', '', 200, 0.001);
    metrics.recordRequest('nosuchaction', 'info', 200, 0.001);
    const samples = parseExposition(metrics.render()).get('wikiquery_requests_total')!.samples;
    assert.deepEqual(samples.map((s) => [s.labels.action, s.labels.module, s.value]), [
      ['query', 'info,revisions', 2],
      ['query', 'info,other', 1],
      ['query', 'other', 1],
      ['query', '', 1],
      ['other', 'info', 1],
    ]);
  });

  test('bounded cardinality: a million unknown module names and actions make one `other` series each', () => {
    const metrics = serverMetrics();
    for (let i = 0; i < 1_000_000; i++) metrics.recordRequest('query', `unknown${i}`, 200, 0.001);
    for (let i = 0; i < 100_000; i++) metrics.recordRequest(`action${i}`, 'info', 200, 0.001);
    for (let i = 0; i < 1_000; i++) metrics.refused(`reason${i}`);
    const families = parseExposition(metrics.render());
    assert.deepEqual(families.get('wikiquery_requests_total')!.samples.map((s) => [s.labels.action, s.labels.module, s.value]), [
      ['query', 'other', 1_000_000],
      ['other', 'info', 100_000],
    ]);
    assert.deepEqual(families.get('wikiquery_request_duration_seconds')!.samples.filter((s) => s.name.endsWith('_count')).map((s) => s.labels.action), ['query', 'other']);
    assert.ok(families.get('wikiquery_http_refused_total')!.samples.length <= 33);
  });

  test('bounded cardinality: endless combinations of known modules stop making new series', () => {
    const many = Array.from({ length: 12 }, (_, i) => `m${i}`);
    const metrics = new ServerMetrics({ knownActions: ['query'], isKnownModule: (name) => many.includes(name) });
    for (let mask = 1; mask < 1 << many.length; mask++) {
      metrics.recordRequest('query', many.filter((_, i) => mask & (1 << i)).join('|'), 200, 0.001);
    }
    const samples = parseExposition(metrics.render()).get('wikiquery_requests_total')!.samples;
    assert.ok(samples.length <= 501, `${samples.length} series`);
    assert.equal(samples.reduce((total, s) => total + s.value, 0), (1 << many.length) - 1);
  });

  test('recording a request costs well under a microsecond (printed, not asserted)', () => {
    const metrics = serverMetrics();
    const shapes = [
      ['query', 'allpages', 200],
      ['query', 'info,revisions', 200],
      ['parse', '', 200],
      ['query', 'siteinfo', 200],
      ['query', 'allpages', 429],
      ['opensearch', '', 200],
      ['query', 'categories,info', 200],
      ['help', '', 200],
    ] as const;
    const rounds = 2_000_000;
    for (let i = 0; i < 200_000; i++) {
      const [action, modules, status] = shapes[i & 7];
      metrics.recordRequest(action, modules, status, (i & 1023) / 10_000);
    }
    let started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) {
      const [action, modules, status] = shapes[i & 7];
      metrics.recordRequest(action, modules, status, (i & 1023) / 10_000);
    }
    const recordNs = Number(process.hrtime.bigint() - started) / rounds;
    started = process.hrtime.bigint();
    for (let i = 0; i < rounds; i++) {
      const [action, modules, status] = shapes[i & 7];
      metrics.requestStarted();
      metrics.requestFinished({ action, modules, status, durationMs: i & 1023, databaseMs: 0.5 });
      metrics.requestEnded();
    }
    const fullNs = Number(process.hrtime.bigint() - started) / rounds;
    started = process.hrtime.bigint();
    const renders = 200;
    for (let i = 0; i < renders; i++) metrics.render();
    const renderUs = Number(process.hrtime.bigint() - started) / renders / 1000;
    console.log(`recordRequest: ${recordNs.toFixed(0)} ns; requestStarted + requestFinished + requestEnded: ${fullNs.toFixed(0)} ns; render(): ${renderUs.toFixed(0)} µs`);
    assert.equal(parseExposition(metrics.render()).get('wikiquery_requests_total')!.samples.reduce((total, s) => total + s.value, 0), 200_000 + 2 * rounds);
  });
});
