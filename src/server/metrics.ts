// Metrics in the Prometheus text exposition format (0.0.4), without a client library. Each process
// keeps its own registry; the cluster's primary asks every worker for a snapshot (plain data that
// crosses IPC) and answers their sum, so one scrape of the port sees the whole server.

export type MetricType = 'counter' | 'gauge' | 'histogram';

export interface SeriesSnapshot {
  /** Label values, in the order of the family's labelNames. */
  labels: string[];
  /** A counter's or gauge's value; a histogram's sum of observations. */
  value: number;
  /** Histograms: observations per bucket (not cumulative), one more than buckets for +Inf. */
  bucketCounts?: number[];
}

export interface MetricFamilySnapshot {
  name: string;
  help: string;
  type: MetricType;
  labelNames: string[];
  /** Histograms: the buckets' upper bounds, increasing, without +Inf. */
  buckets?: number[];
  series: SeriesSnapshot[];
}

export interface MetricsSnapshot {
  families: MetricFamilySnapshot[];
}

/** The label that marks a gauge as one process's own: merging keeps such series apart. */
export const WORKER_LABEL = 'worker';

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

class Family {
  readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: MetricType,
    readonly labelNames: readonly string[],
    readonly buckets: readonly number[] | undefined,
  ) {}

  seriesFor(labelValues: readonly string[]): Series {
    if (labelValues.length !== this.labelNames.length) {
      throw new Error(`${this.name} takes ${this.labelNames.length} label values (${this.labelNames.join(', ')}), not ${labelValues.length}`);
    }
    const key = labelValues.length === 0 ? '' : labelValues.length === 1 ? labelValues[0] : JSON.stringify(labelValues);
    let series = this.series.get(key);
    if (!series) {
      series = new Series(labelValues.map(String), this.buckets);
      this.series.set(key, series);
    }
    return series;
  }

  snapshot(): MetricFamilySnapshot {
    const family: MetricFamilySnapshot = { name: this.name, help: this.help, type: this.type, labelNames: [...this.labelNames], series: [] };
    if (this.buckets) family.buckets = [...this.buckets];
    for (const series of this.series.values()) {
      const copy: SeriesSnapshot = { labels: [...series.labels], value: series.value };
      if (series.bucketCounts) copy.bucketCounts = [...series.bucketCounts];
      family.series.push(copy);
    }
    return family;
  }
}

/** One labelled time series. Values that are not finite are ignored so that a snapshot stays JSON. */
class Series {
  value = 0;
  readonly bucketCounts: number[] | undefined;

  constructor(
    readonly labels: readonly string[],
    private readonly bounds: readonly number[] | undefined,
  ) {
    this.bucketCounts = bounds ? new Array<number>(bounds.length + 1).fill(0) : undefined;
  }

  add(amount: number): void {
    if (Number.isFinite(amount)) this.value += amount;
  }

  set(value: number): void {
    if (Number.isFinite(value)) this.value = value;
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) return;
    const bounds = this.bounds!;
    let bucket = 0;
    while (bucket < bounds.length && value > bounds[bucket]) bucket++;
    this.bucketCounts![bucket]++;
    this.value += value;
  }
}

export interface CounterSeries {
  /** Adds amount (default 1); negative or non-finite amounts are ignored. */
  inc(amount?: number): void;
  /** For a total counted elsewhere (a process's CPU time, a writer's dropped lines): never goes back. */
  setTotal(total: number): void;
}

export interface GaugeSeries {
  set(value: number): void;
  inc(amount?: number): void;
  dec(amount?: number): void;
}

export interface HistogramSeries {
  observe(value: number): void;
}

function counterSeries(series: Series): CounterSeries {
  return {
    inc: (amount = 1) => {
      if (amount > 0) series.add(amount);
    },
    setTotal: (total) => {
      if (total > series.value) series.set(total);
    },
  };
}

function gaugeSeries(series: Series): GaugeSeries {
  return {
    set: (value) => series.set(value),
    inc: (amount = 1) => series.add(amount),
    dec: (amount = 1) => series.add(-amount),
  };
}

function histogramSeries(series: Series): HistogramSeries {
  return { observe: (value) => series.observe(value) };
}

/** A metric family; labels(...) returns a series handle worth keeping for hot paths. */
export class Metric<Handle> {
  readonly #family: Family;
  readonly #makeHandle: (series: Series) => Handle;
  readonly #handles = new Map<Series, Handle>();
  readonly #unlabelled: Handle | undefined;

  /** @internal */
  constructor(family: Family, makeHandle: (series: Series) => Handle) {
    this.#family = family;
    this.#makeHandle = makeHandle;
    this.#unlabelled = family.labelNames.length === 0 ? this.labels() : undefined;
  }

  get name(): string {
    return this.#family.name;
  }

  labels(...labelValues: string[]): Handle {
    const series = this.#family.seriesFor(labelValues);
    let handle = this.#handles.get(series);
    if (!handle) {
      handle = this.#makeHandle(series);
      this.#handles.set(series, handle);
    }
    return handle;
  }

  /** The series of a family without labels. */
  get unlabelled(): Handle {
    if (!this.#unlabelled) throw new Error(`${this.#family.name} has labels (${this.#family.labelNames.join(', ')})`);
    return this.#unlabelled;
  }
}

export type Counter = Metric<CounterSeries>;
export type Gauge = Metric<GaugeSeries>;
export type Histogram = Metric<HistogramSeries>;

export class MetricsRegistry {
  readonly #families = new Map<string, Family>();
  readonly #samplers: (() => void)[] = [];

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return new Metric(this.#define(name, help, 'counter', labelNames, undefined), counterSeries);
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return new Metric(this.#define(name, help, 'gauge', labelNames, undefined), gaugeSeries);
  }

  histogram(name: string, help: string, buckets: readonly number[], labelNames: readonly string[] = []): Histogram {
    if (labelNames.includes('le')) throw new Error(`${name}: a histogram cannot have a label named le`);
    if (buckets.length === 0 || buckets.some((bound, i) => !Number.isFinite(bound) || (i > 0 && bound <= buckets[i - 1]))) {
      throw new Error(`${name}: buckets must be finite and increasing`);
    }
    return new Metric(this.#define(name, help, 'histogram', labelNames, [...buckets]), histogramSeries);
  }

  /** Runs before every snapshot: for values read rather than counted (memory, CPU time). */
  beforeSnapshot(sample: () => void): void {
    this.#samplers.push(sample);
  }

  snapshot(): MetricsSnapshot {
    for (const sample of this.#samplers) sample();
    return { families: [...this.#families.values()].map((family) => family.snapshot()) };
  }

  render(): string {
    return renderSnapshot(this.snapshot());
  }

  #define(name: string, help: string, type: MetricType, labelNames: readonly string[], buckets: number[] | undefined): Family {
    if (!METRIC_NAME.test(name)) throw new Error(`invalid metric name ${JSON.stringify(name)}`);
    if (this.#families.has(name)) throw new Error(`metric ${name} is defined twice`);
    for (const label of labelNames) {
      if (!LABEL_NAME.test(label) || label.startsWith('__')) throw new Error(`${name}: invalid label name ${JSON.stringify(label)}`);
    }
    if (new Set(labelNames).size !== labelNames.length) throw new Error(`${name}: a label name is repeated`);
    const family = new Family(name, help, type, [...labelNames], buckets);
    this.#families.set(name, family);
    return family;
  }
}

/**
 * The sum of several processes' snapshots: counters and histograms add up, gauges too unless they
 * have a worker label (one process's own value, kept as it is; a repeated one keeps the last).
 * A family whose type, labels or buckets differ from its first appearance is left out.
 */
export function mergeSnapshots(snapshots: readonly MetricsSnapshot[]): MetricsSnapshot {
  const merged = new Map<string, { family: MetricFamilySnapshot; series: Map<string, SeriesSnapshot>; shape: string }>();
  for (const snapshot of snapshots) {
    for (const family of snapshot.families) {
      const shape = JSON.stringify([family.type, family.labelNames, family.buckets ?? null]);
      let into = merged.get(family.name);
      if (!into) {
        into = {
          family: { name: family.name, help: family.help, type: family.type, labelNames: [...family.labelNames], series: [] },
          series: new Map(),
          shape,
        };
        if (family.buckets) into.family.buckets = [...family.buckets];
        merged.set(family.name, into);
      } else if (into.shape !== shape) {
        continue;
      }
      const keepApart = family.type === 'gauge' && family.labelNames.includes(WORKER_LABEL);
      for (const series of family.series) {
        const key = JSON.stringify(series.labels);
        const existing = into.series.get(key);
        if (!existing) {
          const copy: SeriesSnapshot = { labels: [...series.labels], value: series.value };
          if (series.bucketCounts) copy.bucketCounts = [...series.bucketCounts];
          into.series.set(key, copy);
        } else if (keepApart) {
          existing.value = series.value;
        } else {
          existing.value += series.value;
          if (existing.bucketCounts && series.bucketCounts) {
            for (let i = 0; i < existing.bucketCounts.length; i++) existing.bucketCounts[i] += series.bucketCounts[i] ?? 0;
          }
        }
      }
    }
  }
  return {
    families: [...merged.values()].map(({ family, series }) => ({ ...family, series: [...series.values()] })),
  };
}

/** The text exposition format 0.0.4 (Content-Type: text/plain; version=0.0.4). */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export function renderSnapshot(snapshot: MetricsSnapshot): string {
  const out: string[] = [];
  for (const family of snapshot.families) {
    out.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const series of family.series) {
      const pairs = family.labelNames.map((label, i) => `${label}="${escapeLabelValue(series.labels[i] ?? '')}"`);
      if (family.type !== 'histogram') {
        out.push(`${family.name}${braces(pairs)} ${formatNumber(series.value)}`);
        continue;
      }
      const bounds = family.buckets ?? [];
      const counts = series.bucketCounts ?? [];
      let cumulative = 0;
      for (let i = 0; i <= bounds.length; i++) {
        cumulative += counts[i] ?? 0;
        const le = i < bounds.length ? formatNumber(bounds[i]) : '+Inf';
        out.push(`${family.name}_bucket${braces([...pairs, `le="${le}"`])} ${formatNumber(cumulative)}`);
      }
      out.push(`${family.name}_sum${braces(pairs)} ${formatNumber(series.value)}`, `${family.name}_count${braces(pairs)} ${formatNumber(cumulative)}`);
    }
  }
  out.push('');
  return out.join('\n');
}

function braces(pairs: readonly string[]): string {
  return pairs.length === 0 ? '' : `{${pairs.join(',')}}`;
}

function escapeHelp(help: string): string {
  return help.replace(/[\\\n]/g, (char) => (char === '\\' ? '\\\\' : '\\n'));
}

function escapeLabelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (char) => (char === '\\' ? '\\\\' : char === '"' ? '\\"' : '\\n'));
}

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/**
 * This process's memory, CPU time and start time, labelled with its pid (so that merging keeps
 * each process's figures apart), sampled at each snapshot.
 */
export function registerProcessMetrics(registry: MetricsRegistry): void {
  const worker = String(process.pid);
  const residentMemory = registry.gauge('wikiquery_process_resident_memory_bytes', 'Resident memory of the process.', [WORKER_LABEL]).labels(worker);
  const heapUsed = registry.gauge('wikiquery_process_heap_used_bytes', 'JavaScript heap in use by the process.', [WORKER_LABEL]).labels(worker);
  const cpuSeconds = registry.counter('wikiquery_process_cpu_seconds_total', 'User and system CPU time of the process.', [WORKER_LABEL]).labels(worker);
  const startTime = registry.gauge('wikiquery_process_start_time_seconds', 'When the process started, in seconds since the Unix epoch.', [WORKER_LABEL]).labels(worker);
  startTime.set(Math.round((Date.now() / 1000 - process.uptime()) * 1000) / 1000);
  registry.beforeSnapshot(() => {
    const memory = process.memoryUsage();
    residentMemory.set(memory.rss);
    heapUsed.set(memory.heapUsed);
    const cpu = process.cpuUsage();
    cpuSeconds.setTotal((cpu.user + cpu.system) / 1e6);
  });
}

let supervisorRegistry: { registry: MetricsRegistry; workers: GaugeSeries; restarts: CounterSeries } | undefined;

/**
 * The cluster's answer at the metrics endpoint: the workers' merged snapshot, then the
 * supervisor's figures (workers serving, restarts so far) and its own process figures.
 */
export function renderSupervisorMetrics(workersMerged: MetricsSnapshot, supervisor: { workers: number; restarts: number }): string {
  if (!supervisorRegistry) {
    const registry = new MetricsRegistry();
    supervisorRegistry = {
      registry,
      workers: registry.gauge(WORKERS_METRIC, WORKERS_HELP).unlabelled,
      restarts: registry.counter(WORKER_RESTARTS_METRIC, WORKER_RESTARTS_HELP).unlabelled,
    };
    registerProcessMetrics(registry);
  }
  supervisorRegistry.workers.set(supervisor.workers);
  supervisorRegistry.restarts.setTotal(supervisor.restarts);
  return renderSnapshot(mergeSnapshots([workersMerged, supervisorRegistry.registry.snapshot()]));
}

const WORKERS_METRIC = 'wikiquery_workers';
const WORKERS_HELP = 'Worker processes serving now.';
const WORKER_RESTARTS_METRIC = 'wikiquery_worker_restarts_total';
const WORKER_RESTARTS_HELP = 'Worker processes started again after one died.';

export const REQUEST_DURATION_BUCKETS: readonly number[] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Label used for an action, module or refusal reason outside the known set. */
export const OTHER_LABEL = 'other';
/**
 * Distinct module labels (sorted combinations of known modules) a process admits; later new
 * combinations count as `other`, so clients cannot grow the series without end.
 */
const MAX_MODULE_LABELS = 500;
/** Raw module strings remembered per action; the cache starts over beyond this. */
const MAX_CACHED_MODULE_STRINGS = 2_000;
const MAX_REFUSAL_REASONS = 32;

export interface ServerMetricsOptions {
  /** Actions that get their own label value; the rest are `other`. */
  knownActions: Iterable<string>;
  /** Whether a list/prop/meta/generator name gets its own label value (else `other`). */
  isKnownModule: (name: string) => boolean;
}

/** What became of one API request, for requestFinished(). */
export interface RequestOutcome {
  action: string;
  /** list/prop/meta/generator names, as for recordRequest(). */
  modules: string | readonly string[];
  status: number;
  durationMs: number;
  /** Time its database queries took. */
  databaseMs?: number;
  /** Stopped at the time limit. */
  timedOut?: boolean;
  /** Met a database locked by another process. */
  metBusy?: boolean;
  /** Ran on a query thread rather than the event loop. */
  onThread?: boolean;
}

interface ActionRecorders {
  readonly action: string;
  readonly duration: HistogramSeries;
  readonly byModules: Map<string, ModuleRecorders>;
}

interface ModuleRecorders {
  readonly module: string;
  readonly byStatus: Map<number, CounterSeries>;
}

/** wikiquery's own metrics, with recording methods cheap enough for every request. */
export class ServerMetrics {
  readonly registry = new MetricsRegistry();
  readonly #knownActions: ReadonlySet<string>;
  readonly #isKnownModule: (name: string) => boolean;
  readonly #byAction = new Map<string, ActionRecorders>();
  readonly #moduleLabels = new Set<string>();
  readonly #refusedByReason = new Map<string, CounterSeries>();
  readonly #requests: Counter;
  readonly #duration: Histogram;
  readonly #inFlight: GaugeSeries;
  readonly #databaseSeconds: CounterSeries;
  readonly #timeouts: CounterSeries;
  readonly #databaseBusy: CounterSeries;
  readonly #queryThreadRequests: CounterSeries;
  readonly #refused: Counter;
  readonly #connectionsOpen: GaugeSeries;
  #workers: GaugeSeries | undefined;
  #workerRestarts: CounterSeries | undefined;
  /** Log lines this process has lost so far (its writers' and standard streams'), read at each snapshot. */
  logLinesDropped: (() => number) | undefined;
  /** Open connections, read at each snapshot; connectionOpened()/connectionClosed() count them otherwise. */
  connections: (() => number) | undefined;

  constructor(options: ServerMetricsOptions) {
    this.#knownActions = new Set(options.knownActions);
    this.#isKnownModule = options.isKnownModule;
    const registry = this.registry;
    this.#requests = registry.counter('wikiquery_requests_total', 'API requests answered, by action, modules (list/prop/meta/generator) and HTTP status.', ['action', 'module', 'status']);
    this.#duration = registry.histogram('wikiquery_request_duration_seconds', 'Time from the request received to the answer sent.', REQUEST_DURATION_BUCKETS, ['action']);
    this.#inFlight = registry.gauge('wikiquery_requests_in_flight', 'Requests received and not answered yet.').unlabelled;
    this.#databaseSeconds = registry.counter('wikiquery_database_seconds_total', 'Time spent in database queries.').unlabelled;
    this.#timeouts = registry.counter('wikiquery_request_timeouts_total', 'Requests stopped at the time limit.').unlabelled;
    this.#databaseBusy = registry.counter('wikiquery_database_busy_total', 'Requests that met a database locked by another process.').unlabelled;
    this.#queryThreadRequests = registry.counter('wikiquery_query_thread_requests_total', 'Requests moved off the event loop to a query thread.').unlabelled;
    this.#refused = registry.counter('wikiquery_http_refused_total', 'Requests or connections refused before the API saw them, by reason.', ['reason']);
    this.#connectionsOpen = registry.gauge('wikiquery_connections_open', 'Open client connections.').unlabelled;
    const droppedLogLines = registry.counter('wikiquery_log_lines_dropped_total', 'Log lines lost to a full disk, a closed pipe or a slow reader.').unlabelled;

    registerProcessMetrics(registry);
    registry.beforeSnapshot(() => {
      if (this.logLinesDropped) droppedLogLines.setTotal(this.logLinesDropped());
      if (this.connections) this.#connectionsOpen.set(this.connections());
    });
  }

  /**
   * One answered request. modules: its list/prop/meta/generator names separated by '|' or ','
   * (or as an array), in any order; the label is the known ones sorted and joined with ',',
   * unknown ones as `other`. Work beyond a few Map lookups happens once per distinct value.
   */
  recordRequest(action: string, modules: string | readonly string[], status: number, durationSeconds: number): void {
    const perAction = this.#byAction.get(action) ?? this.#actionRecorders(action);
    const modulesKey = typeof modules === 'string' ? modules : modules.length === 1 ? modules[0] : modules.join('|');
    const perModules = perAction.byModules.get(modulesKey) ?? this.#moduleRecorders(perAction, modulesKey);
    const counter = perModules.byStatus.get(status) ?? this.#statusCounter(perAction, perModules, status);
    counter.inc();
    perAction.duration.observe(durationSeconds);
  }

  /** recordRequest() and the request's database time, time-out, busy database and query thread. */
  requestFinished(outcome: RequestOutcome): void {
    this.recordRequest(outcome.action, outcome.modules, outcome.status, outcome.durationMs / 1000);
    if (outcome.databaseMs) this.#databaseSeconds.inc(outcome.databaseMs / 1000);
    if (outcome.timedOut) this.#timeouts.inc();
    if (outcome.metBusy) this.#databaseBusy.inc();
    if (outcome.onThread) this.#queryThreadRequests.inc();
  }

  requestStarted(): void {
    this.#inFlight.inc();
  }

  requestEnded(): void {
    this.#inFlight.dec();
  }

  addDatabaseTime(seconds: number): void {
    this.#databaseSeconds.inc(seconds);
  }

  recordTimeout(): void {
    this.#timeouts.inc();
  }

  recordDatabaseBusy(): void {
    this.#databaseBusy.inc();
  }

  recordQueryThreadRequest(): void {
    this.#queryThreadRequests.inc();
  }

  /** reason: a short fixed word or status ('413', '414', '431', '408', 'connection-limit'...). */
  refused(reason: string): void {
    let counter = this.#refusedByReason.get(reason);
    if (!counter) {
      counter = this.#refused.labels(this.#refusedByReason.size < MAX_REFUSAL_REASONS ? reason : OTHER_LABEL);
      if (this.#refusedByReason.size < MAX_REFUSAL_REASONS) this.#refusedByReason.set(reason, counter);
    }
    counter.inc();
  }

  connectionOpened(): void {
    this.#connectionsOpen.inc();
  }

  connectionClosed(): void {
    this.#connectionsOpen.dec();
  }

  /** Primary only: the workers alive now. */
  setWorkers(count: number): void {
    this.#workers ??= this.registry.gauge(WORKERS_METRIC, WORKERS_HELP).unlabelled;
    this.#workers.set(count);
  }

  /** Primary only: a worker replaced after it died. */
  recordWorkerRestart(): void {
    this.#workerRestartsCounter().inc();
  }

  /** Primary only: the restarts so far, for a supervisor that keeps its own count. */
  setWorkerRestarts(total: number): void {
    this.#workerRestartsCounter().setTotal(total);
  }

  /** This process's metrics, with its memory and CPU time sampled now. */
  snapshot(): MetricsSnapshot {
    return this.registry.snapshot();
  }

  render(): string {
    return this.registry.render();
  }

  #workerRestartsCounter(): CounterSeries {
    this.#workerRestarts ??= this.registry.counter(WORKER_RESTARTS_METRIC, WORKER_RESTARTS_HELP).unlabelled;
    return this.#workerRestarts;
  }

  #actionRecorders(action: string): ActionRecorders {
    const label = this.#knownActions.has(action) ? action : OTHER_LABEL;
    let recorders = this.#byAction.get(label);
    if (!recorders) {
      recorders = { action: label, duration: this.#duration.labels(label), byModules: new Map() };
      this.#byAction.set(label, recorders);
    }
    // Unknown actions share `other` without being remembered one by one.
    return recorders;
  }

  #moduleRecorders(perAction: ActionRecorders, modulesKey: string): ModuleRecorders {
    if (perAction.byModules.size >= MAX_CACHED_MODULE_STRINGS) perAction.byModules.clear();
    const recorders: ModuleRecorders = { module: this.#moduleLabel(modulesKey), byStatus: new Map() };
    perAction.byModules.set(modulesKey, recorders);
    return recorders;
  }

  #moduleLabel(modulesKey: string): string {
    const names = new Set<string>();
    for (const name of modulesKey.split(/[|,]/)) {
      if (name) names.add(this.#isKnownModule(name) ? name : OTHER_LABEL);
    }
    const label = [...names].sort().join(',');
    if (this.#moduleLabels.has(label)) return label;
    if (this.#moduleLabels.size >= MAX_MODULE_LABELS) return OTHER_LABEL;
    this.#moduleLabels.add(label);
    return label;
  }

  #statusCounter(perAction: ActionRecorders, perModules: ModuleRecorders, status: number): CounterSeries {
    const counter = this.#requests.labels(perAction.action, perModules.module, String(status));
    perModules.byStatus.set(status, counter);
    return counter;
  }
}
