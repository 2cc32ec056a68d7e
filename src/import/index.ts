// `wikiquery import DUMP... --db FILE`: the importer's entry points for the CLI and for other modules.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkCopyTarget, copyWiki, describeTarget, formatCopySummary, isServerUrl, parseServerUrl, progressPrinter } from './copy/index.ts';
import { runImport, type ImportOptions, type ImportProgress, type ImportSummary } from './run.ts';

export { runImport, ImportError } from './run.ts';
export type { ImportOptions, ImportProgress, ImportSummary, ImportPhase } from './run.ts';

const USAGE = `usage: wikiquery import DUMP... --db FILE|URL [options]

Imports MediaWiki XML dumps (.xml, .xml.gz, .xml.bz2; export schema 0.10/0.11) into a SQLite wiki
that \`wikiquery serve --db FILE\` serves. Several dumps go into one wiki (e.g. pages and logs).
With a URL (mysql://user:password@host:port/db, postgres://...) the wiki is imported into a
temporary SQLite file, then copied there as \`wikiquery copy\` does; the server is asked first
(reachable, credentials, database, right to create tables, no wiki there unless --replace).

  --db FILE           the wiki database to create (or to add the dumps to)
  --db URL            a new wiki in MariaDB/MySQL or PostgreSQL
  --prefix P          with a URL: $wgDBprefix (none by default)
  --schema S          with a PostgreSQL URL: $wgDBmwschema (default: mediawiki)
  --replace           with a URL: replace a wiki already there (refused otherwise)
  --config FILE       site config to read and write (default: FILE.config.json beside the database;
                      with a URL, DATABASE.config.json in the current directory)
  --strict            stop at the first problem instead of skipping the broken record
  --resume            keep FILE.tmp after a failure and continue from it next time
  --interwiki FILE    interwiki prefixes the wiki had, in MediaWiki's interwiki.list format
  --username-prefix P contributors become "P>Name" without accounts (MediaWiki importDump's rule)
  --renumber          new page, revision and log ids as MediaWiki's importDump.php gives them
                      (after the wiki's highest; a new wiki's start at 2) instead of the dump's
  --no-search-index   leave the full-text search index empty (faster)
  --images DIR        the wiki's upload directory: uploaded versions' sizes, MIME types and
                      metadata are read from the files, and DIR is written into the config
  --quiet             no progress output
`;

/** `filesDirectory`: the wiki's upload directory, which `wikiquery import --images DIR` (src/cli.ts) gives. */
export async function importCommand(argv: string[], extra: { filesDirectory?: string } = {}): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        db: { type: 'string' },
        config: { type: 'string' },
        strict: { type: 'boolean' },
        resume: { type: 'boolean' },
        logs: { type: 'boolean' },
        interwiki: { type: 'string' },
        'username-prefix': { type: 'string' },
        renumber: { type: 'boolean' },
        'no-search-index': { type: 'boolean' },
        quiet: { type: 'boolean' },
        prefix: { type: 'string' },
        schema: { type: 'string' },
        replace: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`wikiquery import: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!values.db || positionals.length === 0) {
    process.stderr.write(`wikiquery import: ${!values.db ? '--db FILE is required' : 'no dump file given'}\n\n${USAGE}`);
    return 2;
  }
  const toServer = isServerUrl(values.db);
  const serverOnly = ['prefix', 'schema', 'replace'].find((name) => values[name as 'prefix'] !== undefined);
  if (!toServer && serverOnly) {
    process.stderr.write(`wikiquery import: --${serverOnly} needs --db URL\n\n${USAGE}`);
    return 2;
  }
  if (toServer && values.resume) {
    process.stderr.write('wikiquery import: --resume works with a SQLite file only\n');
    return 2;
  }
  let server;
  try {
    server = toServer ? parseServerUrl(values.db, { prefix: values.prefix, schema: values.schema }) : undefined;
  } catch (error) {
    process.stderr.write(`wikiquery import: ${(error as Error).message}\n`);
    return 2;
  }
  if (server) {
    // Before the import, which may take hours: the copy at its end would meet the same refusal.
    try {
      await checkCopyTarget({ to: values.db, prefix: values.prefix, schema: values.schema, replace: values.replace });
    } catch (error) {
      process.stderr.write(`wikiquery import: ${describeTarget(server)}: ${(error as Error).message}\n  nothing was imported\n`);
      return 1;
    }
  }
  // A server's wiki is imported into a SQLite file first, then copied: the importer stays one.
  const temporary = server ? mkdtempSync(join(tmpdir(), 'wikiquery-import-')) : undefined;
  try {
    const db = temporary ? join(temporary, 'wiki.sqlite') : values.db;
    const config = values.config ?? (server ? `${server.database}.config.json` : undefined);
    const imported = await importIntoSqlite(positionals, db, config, { ...values, filesDirectory: extra.filesDirectory }, server && describeTarget(server));
    if (!server || !imported) return imported ? 0 : 1;
    try {
      const summary = await copyWiki({
        from: db, to: values.db, prefix: values.prefix, schema: values.schema, replace: values.replace,
        progress: values.quiet ? undefined : progressPrinter(process.stderr),
      });
      process.stdout.write(formatCopySummary(summary));
      return 0;
    } catch (error) {
      process.stderr.write(`wikiquery import: copying into the server FAILED: ${(error as Error).message}\n  nothing was put in place there\n`);
      return 1;
    }
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

interface ImportFlags {
  strict?: boolean;
  resume?: boolean;
  logs?: boolean;
  interwiki?: string;
  'username-prefix'?: string;
  renumber?: boolean;
  'no-search-index'?: boolean;
  quiet?: boolean;
  filesDirectory?: string;
}

/**
 * Imports into a SQLite file, printing progress and the summary; whether it succeeded.
 * `server`: the database the file is to be copied into, which the summary names instead of the file.
 */
async function importIntoSqlite(dumps: string[], db: string, config: string | undefined, values: ImportFlags, server?: string): Promise<boolean> {
  const display = values.quiet ? null : new ProgressDisplay(process.stderr);
  const options: ImportOptions = {
    dumps,
    db,
    config,
    strict: values.strict,
    resume: values.resume,
    logs: values.logs,
    interwikiList: values.interwiki,
    usernamePrefix: values['username-prefix'],
    renumber: values.renumber,
    noSearchIndex: values['no-search-index'],
    filesDirectory: values.filesDirectory,
    progress: display ? (p) => display.update(p) : undefined,
  };
  const summary = await runImport(options);
  display?.done();
  process.stdout.write(formatSummary(summary, server));
  // Skipped records are reported in the summary; only a stopped import is a failure.
  return summary.ok;
}

/** `server`: the database server the import goes to through a temporary SQLite file. */
export function formatSummary(s: ImportSummary, server?: string): string {
  const lines: string[] = [];
  const mb = (n: number): string => (n / 1048576).toFixed(1);
  if (s.ok) {
    lines.push(`imported into ${server ? `a temporary SQLite file for ${server}` : s.db} (config: ${s.config})`);
  } else {
    const unchanged = server ?? s.db;
    lines.push(`import FAILED: ${s.fatal ?? 'unknown error'}`);
    lines.push(`  no database was written${unchanged ? ` (${unchanged} is unchanged)` : ''}`);
  }
  lines.push(
    `  pages ${s.pages}, revisions ${s.revisions}, uploads ${s.uploads}, log items ${s.logItems}, users ${s.users}`,
    `  link rows ${s.linkRows}; skipped: ${s.skippedPages} pages, ${s.skippedRevisions} revisions; problems: ${s.problemCount}`,
    `  ${mb(s.bytesRead)} MB read, ${mb(s.textBytes)} MB of text in ${s.seconds.total.toFixed(1)} s ` +
      `(read ${s.seconds.read.toFixed(1)} s, links ${s.seconds.links.toFixed(1)} s, finish ${s.seconds.finish.toFixed(1)} s): ` +
      `${Math.round(s.revisionsPerSecond)} revisions/s, peak memory ${mb(s.peakRssBytes)} MB`,
  );
  if (s.files) lines.push(`  files: ${s.files.read} uploaded versions read from their files, ${s.files.missing} not found there`);
  const shown = s.problems.slice(0, 20);
  for (const p of shown) {
    const where = p.line ? ` (line ${p.line}${p.column ? `, column ${p.column}` : ''})` : '';
    lines.push(`  problem: ${p.subject ? `${p.subject}: ` : ''}${p.message}${where}`);
  }
  if (s.problemCount > shown.length) lines.push(`  ... and ${s.problemCount - shown.length} more problems`);
  return lines.join('\n') + '\n';
}

/** A one-line bar on a terminal; a line every few seconds otherwise (logs, CI). */
class ProgressDisplay {
  private lastLine = 0;
  private lastPhase = '';
  private readonly tty: boolean;

  constructor(private readonly stream: NodeJS.WriteStream) {
    this.tty = Boolean(stream.isTTY);
  }

  update(p: ImportProgress): void {
    const now = Date.now();
    const phase = `${p.phase}:${p.dumpIndex}`;
    if (!this.tty && phase === this.lastPhase && now - this.lastLine < 5000) return;
    this.lastLine = now;
    this.lastPhase = phase;
    const text = describe(p, this.tty ? (this.stream.columns ?? 100) : 0);
    if (this.tty) this.stream.write(`\r\x1b[K${text}`);
    else this.stream.write(`${text}\n`);
  }

  done(): void {
    if (this.tty) this.stream.write('\r\x1b[K');
  }
}

function describe(p: ImportProgress, width: number): string {
  const seconds = p.elapsedMs / 1000;
  if (p.phase === 'links') return `links: ${p.linkedPages}/${p.pages} pages, ${seconds.toFixed(0)} s`;
  if (p.phase === 'finish') return `finishing: category counts, statistics, indexes (${seconds.toFixed(0)} s)`;
  const fraction = p.totalBytes > 0 ? Math.min(1, p.bytesRead / p.totalBytes) : 0;
  const rate = seconds > 0 ? p.bytesRead / 1048576 / seconds : 0;
  const eta = fraction > 0.01 ? (seconds / fraction) * (1 - fraction) : NaN;
  const name = p.dumpCount > 1 ? `[${p.dumpIndex + 1}/${p.dumpCount}] ` : '';
  const facts = `${name}${(fraction * 100).toFixed(1)}% ${p.pages} pages ${p.revisions} revisions ${rate.toFixed(1)} MB/s ETA ${Number.isNaN(eta) ? '?' : `${Math.round(eta)} s`}`;
  if (width === 0) return facts;
  const barWidth = Math.max(10, Math.min(40, width - facts.length - 4));
  const filled = Math.round(fraction * barWidth);
  return `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${facts}`.slice(0, width - 1);
}
