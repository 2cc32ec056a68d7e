// wikiquery serve | fixture | import | copy | build-search-index: the command line.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SiteConfig } from './wiki/site.ts';
import type { ServeOptions, ServeOptionsInput } from './server/options.ts';
import type { WikiDatabase } from './server/served-wiki.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `usage:
  wikiquery serve --db FILE [--config FILE] [--port N] [--host H] [--create] [--images DIR] [--thumbnail-cache DIR]
  wikiquery serve --db URL [--replica URL]... [--config FILE] [--prefix P] [--schema S] [--port N] [--host H]
                  [--workers N] [--time-limit SECONDS] [--log-format text|json|none] [--log-file FILE]
  wikiquery fixture [--port N] [--host H] [--workers N]    serve ../shared/fixtures/fixture-wiki read-only
  wikiquery import DUMP... --db FILE|URL [--config FILE] [--strict] [--resume] [--prefix P] [--schema S] [--replace]
                  [--images DIR]                           the wiki's uploaded files, served under its upload path
  wikiquery copy --from FILE.sqlite --to URL [--prefix P] [--schema S] [--replace]
                                                           a SQLite wiki into MariaDB/MySQL or PostgreSQL
  wikiquery build-search-index --db FILE                   list=search's index (searchindex) of a SQLite wiki, made again
`;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a wiki from this process (no supervisor, no workers): what tests, benchmarks and
 * embedders use. `serve` takes the serving options of the config file's `serve` section.
 */
export async function startServer(options: { db: WikiDatabase; site: SiteConfig; port: number; host: string; serve?: ServeOptionsInput }): Promise<RunningServer> {
  const [{ serveProcess }, { resolveServeOptions }] = await Promise.all([import('./server/serve.ts'), import('./server/options.ts')]);
  // No request log unless asked: tests and benchmarks read their own output.
  const serve = resolveServeOptions({ logFormat: 'none' }, options.serve, { workers: 0 });
  const running = await serveProcess({ db: options.db, site: options.site, serve, port: options.port, host: options.host });
  return { url: running.url, close: running.close };
}

/**
 * The server's code, loaded by the commands that serve: `wikiquery import` then starts without
 * compiling the API modules (a third of a second through tsx).
 */
async function serverModules() {
  const [{ loadSiteConfig, loadServeOptions }, serve, cluster] = await Promise.all([
    import('./server/config.ts'),
    import('./server/serve.ts'),
    import('./server/cluster.ts'),
  ]);
  return { loadSiteConfig, loadServeOptions, serveProcess: serve.serveProcess, stopGraceMs: serve.stopGraceMs, cluster };
}

const SERVE_FLAGS = {
  port: { type: 'string', default: '8080' },
  host: { type: 'string', default: '127.0.0.1' },
  workers: { type: 'string' },
  'time-limit': { type: 'string' },
  'log-format': { type: 'string' },
  'log-file': { type: 'string' },
  images: { type: 'string' },
  'thumbnail-cache': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The serving options the command line sets (the rest come from the config file's `serve` section). */
function serveFlags(values: { workers?: string; 'time-limit'?: string; 'log-format'?: string; 'log-file'?: string; images?: string; 'thumbnail-cache'?: string }): ServeOptionsInput {
  const number = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} takes a number >= 0, not ${JSON.stringify(text)}`);
    return n;
  };
  const seconds = number('time-limit', values['time-limit']);
  return {
    workers: number('workers', values.workers),
    timeLimitMs: seconds === undefined ? undefined : Math.round(seconds * 1000),
    logFormat: values['log-format'] as ServeOptionsInput['logFormat'],
    logFile: values['log-file'],
    files: {
      directory: values.images === undefined ? undefined : resolve(values.images),
      thumbnailCache: values['thumbnail-cache'] === undefined ? undefined : resolve(values['thumbnail-cache']),
    },
  };
}

/** A files directory that is not there stops the start with a message saying so, before any worker starts. */
async function checkServedFiles(serve: ServeOptions): Promise<void> {
  if (!serve.files.directory) return;
  const { checkFilesDirectory } = await import('./server/files.ts');
  checkFilesDirectory(serve.files.directory);
}

/**
 * Serves until stopped: from this process with `--workers 0`, else as the supervisor of N worker
 * processes (or as one of them, when this process is a worker the supervisor started).
 */
async function serveWiki(db: WikiDatabase, site: SiteConfig, serve: ServeOptions, port: number, host: string): Promise<number> {
  await checkServedFiles(serve);
  const modules = await serverModules();
  const { cluster } = modules;
  if (cluster.isClusterWorker()) {
    const running = await modules.serveProcess({ db, site, serve, port, host, cluster: cluster.joinCluster, onDrained: () => process.exit(0) });
    const stop = () => void running.close(modules.stopGraceMs(serve)).then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    return await new Promise<number>(() => {});
  }
  if (serve.workers === 0) {
    const running = await modules.serveProcess({ db, site, serve, port, host });
    console.log(`listening on ${running.url}`);
    const stop = () => void running.close(modules.stopGraceMs(serve)).then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    return await new Promise<number>(() => {});
  }
  const { guardStandardStreams, formatEvent } = await import('./server/logger.ts');
  const { mergeSnapshots, renderSupervisorMetrics } = await import('./server/metrics.ts');
  guardStandardStreams();
  const format = serve.logFormat === 'json' ? 'json' : 'text';
  let listening = 0;
  const nodeCluster = (await import('node:cluster')).default;
  nodeCluster.on('listening', (_worker, address) => {
    if (++listening === serve.workers) console.log(`listening on http://${host}:${address.port}${site.scriptPath}/api.php (${serve.workers} workers)`);
  });
  return await cluster.runSupervisor({
    workers: serve.workers,
    drainTimeoutMs: serve.drainTimeoutMs,
    event: (level, message) => console.error(formatEvent(level, message, { pid: process.pid, role: 'supervisor' }, format)),
    renderMetrics: (snapshots, supervisor) => renderSupervisorMetrics(mergeSnapshots(snapshots), supervisor),
  });
}

async function serve(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string' }, config: { type: 'string' }, create: { type: 'boolean', default: false },
      prefix: { type: 'string' }, schema: { type: 'string' }, replica: { type: 'string', multiple: true }, ...SERVE_FLAGS,
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const { loadSiteConfig, loadServeOptions } = await serverModules();
  const { isServerUrl, serverKindOf } = await import('./store/server-url.ts');
  // The config file's `database` section may name the servers instead of --db.
  const { readServerDatabaseSection } = await import('./store/server-store.ts');
  const { readConfigFile } = await import('./wiki/config-file.ts');
  const fromConfig = readServerDatabaseSection(values.config ? readConfigFile(values.config).database : undefined);
  const dbArgument = values.db ?? fromConfig.url;
  if (!dbArgument) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (isServerUrl(dbArgument)) {
    if (values.create) {
      console.error('wikiquery: --create makes a SQLite wiki; put a wiki into a server with `wikiquery import DUMP --db URL` or `wikiquery copy`');
      return 2;
    }
    const database = {
      ...fromConfig,
      url: dbArgument,
      prefix: values.prefix ?? fromConfig.prefix,
      schema: values.schema ?? fromConfig.schema,
      replicas: [...(fromConfig.replicas ?? []), ...(values.replica ?? []).map((url) => ({ url }))],
    };
    if (database.schema !== undefined && serverKindOf(dbArgument) !== 'postgres') {
      console.error('wikiquery: --schema is for PostgreSQL');
      return 2;
    }
    // No file to keep the site's facts next to: they come from --config.
    return await serveWiki(database, loadSiteConfig(values.config), loadServeOptions(values.config, serveFlags(values)), Number(values.port), values.host!);
  }
  if (values.prefix !== undefined || values.schema !== undefined || values.replica !== undefined) {
    console.error('wikiquery: --prefix, --schema and --replica are for a database server URL');
    return 2;
  }
  const db = resolve(dbArgument);
  if (!existsSync(db)) {
    if (!values.create) {
      console.error(`wikiquery: no database at ${db} (use --create to make a new wiki there)`);
      return 1;
    }
    mkdirSync(dirname(db), { recursive: true });
    await createStartingWiki(db, loadSiteConfig(values.config));
    console.log(`created a new wiki at ${db}`);
  }
  await noteSearchIndex(db);
  // An imported wiki carries its own site facts next to the database.
  const configPath = values.config ?? (existsSync(`${db}.config.json`) ? `${db}.config.json` : undefined);
  // Its `serve` section too: `wikiquery import --images DIR` writes the files directory there.
  const serveOptions = loadServeOptions(configPath, serveFlags(values));
  return await serveWiki(db, loadSiteConfig(configPath), serveOptions, Number(values.port), values.host!);
}

/** Says at start-up when list=search has no index to read, or one behind the wiki's pages, and how to build it. */
async function noteSearchIndex(db: string): Promise<void> {
  const { sqliteSearchIndexState } = await import('./import/search-index.ts');
  let found;
  try {
    found = sqliteSearchIndexState(db);
  } catch {
    return; // Not a wiki it can read: serving says what is wrong.
  }
  if (found.state === 'ready') return;
  const what = found.state === 'missing'
    ? 'has no full-text search index (searchindex): list=search answers that search is disabled'
    : found.indexed === 0
      ? 'has an empty full-text search index (searchindex): list=search finds nothing'
      : `has a full-text search index (searchindex) that covers pages up to id ${found.indexed} of ${found.pages}: list=search does not find the newer pages`;
  console.error(`wikiquery: ${db} ${what}; build it with \`wikiquery build-search-index --db ${db}\``);
}

async function buildSearchIndexCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { db: { type: 'string' }, help: { type: 'boolean', default: false } } });
  if (values.help || !values.db) {
    (values.help ? process.stdout : process.stderr).write(USAGE);
    return values.help ? 0 : 2;
  }
  const { isServerUrl } = await import('./store/server-url.ts');
  if (isServerUrl(values.db)) {
    console.error('wikiquery: build-search-index builds a SQLite wiki\'s index; `wikiquery copy` writes the index of a server database (MySQL searchindex; PostgreSQL keeps its tsvectors itself)');
    return 2;
  }
  const db = resolve(values.db);
  if (!existsSync(db)) {
    console.error(`wikiquery: no database at ${db}`);
    return 1;
  }
  const { rebuildSearchIndex } = await import('./import/search-index.ts');
  const built = rebuildSearchIndex(db, (done) => process.stderr.write(`\rindexed ${done} pages`));
  process.stderr.write('\n');
  console.log(`built the search index of ${db}: ${built.pages} pages in ${(built.elapsedMs / 1000).toFixed(1)} s`);
  return 0;
}

/** A new wiki: the shipped sample dump when the importer is available, else an empty wiki with a Main Page. */
async function createStartingWiki(db: string, site: SiteConfig): Promise<void> {
  const sample = resolve(repoRoot, 'samples/sample-wiki.xml');
  if (existsSync(sample)) {
    try {
      const { runImport } = await import('./import/index.ts');
      const summary = await runImport({ dumps: [sample], db });
      if (summary.ok) return;
      console.error(`wikiquery: could not import the sample wiki (${summary.fatal ?? 'import failed'}); creating an empty one`);
    } catch (e) {
      console.error(`wikiquery: could not import the sample wiki (${e instanceof Error ? e.message : String(e)}); creating an empty one`);
    }
  }
  const { createWiki } = await import('./import/write/create-wiki.ts');
  createWiki(db, { siteName: site.siteName });
}

async function fixture(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { ...SERVE_FLAGS, port: { type: 'string', default: '8081' }, shared: { type: 'string' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const shared = resolve(values.shared ?? process.env.WIKIQUERY_SHARED ?? resolve(repoRoot, '../shared'));
  const db = resolve(shared, 'fixtures/fixture-wiki/data/wikidb.sqlite');
  if (!existsSync(db)) {
    console.error(`wikiquery: fixture database not found at ${db}`);
    return 1;
  }
  const { loadSiteConfig, loadServeOptions } = await serverModules();
  const configPath = resolve(repoRoot, 'config/fixture.json');
  // One process unless asked: the fixture is for tests and comparisons.
  const flags = serveFlags(values);
  // The fixture's files beside its database, unless asked otherwise.
  const images = resolve(shared, 'fixtures/fixture-wiki/images');
  const files = { ...flags.files, directory: flags.files?.directory ?? (existsSync(images) ? images : undefined) };
  const serveOptions = loadServeOptions(configPath, { ...flags, workers: flags.workers ?? 0, files });
  return await serveWiki(db, loadSiteConfig(configPath), serveOptions, Number(values.port), values.host!);
}

/**
 * `wikiquery import ... --images DIR`: the import, which reads the uploaded versions' sizes and
 * metadata from the files, then the files directory written into the config it wrote
 * (`serve.files.directory`), where `wikiquery serve` finds it.
 */
async function importWithFiles(argv: string[]): Promise<number> {
  const { importCommand } = await import('./import/index.ts');
  const rest: string[] = [];
  let images: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--images' && i + 1 < argv.length) images = argv[++i];
    else if (arg.startsWith('--images=')) images = arg.slice('--images='.length);
    else rest.push(arg);
  }
  if (images === undefined || rest.includes('--help') || rest.includes('-h')) return await importCommand(rest);
  const directory = resolve(images);
  const { checkFilesDirectory } = await import('./server/files.ts');
  checkFilesDirectory(directory);
  const code = await importCommand(rest, { filesDirectory: directory });
  if (code !== 0) return code;
  const { values } = parseArgs({ args: rest, strict: false, allowPositionals: true, options: { db: { type: 'string' }, config: { type: 'string' } } });
  const db = String(values.db);
  const { isServerUrl } = await import('./store/server-url.ts');
  const configPath = typeof values.config === 'string'
    ? values.config
    : isServerUrl(db) ? `${decodeURIComponent(new URL(db).pathname.replace(/^\/+/, '')) || 'wiki'}.config.json` : `${db}.config.json`;
  const { readFileSync, writeFileSync } = await import('node:fs');
  const config = existsSync(configPath) ? JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown> : {};
  const serve = (config.serve ?? {}) as Record<string, unknown>;
  config.serve = { ...serve, files: { ...(serve.files as object | undefined), directory } };
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  console.log(`files: ${directory} (serve.files.directory in ${configPath})`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve(rest);
      case 'fixture':
        return await fixture(rest);
      case 'import':
        return await importWithFiles(rest);
      case 'copy': {
        const { copyCommand } = await import('./import/copy/index.ts');
        return await copyCommand(rest);
      }
      case 'build-search-index':
        return await buildSearchIndexCommand(rest);
      default: {
        const asked = command === '--help' || command === '-h' || command === 'help';
        (asked ? process.stdout : process.stderr).write(USAGE);
        return asked || command === undefined ? 0 : 2;
      }
    }
  } catch (e) {
    console.error(`wikiquery: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}
