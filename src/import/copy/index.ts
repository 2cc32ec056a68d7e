// `wikiquery copy --from FILE.sqlite --to URL`: a SQLite wiki into MariaDB/MySQL or PostgreSQL.
import { parseArgs } from 'node:util';
import { copyWiki, type CopyProgress, type CopySummary } from './copy-wiki.ts';

export { checkCopyTarget, copyWiki } from './copy-wiki.ts';
export type { CopyOptions, CopyProgress, CopySummary, TableCopied } from './copy-wiki.ts';
export { describeTarget, isServerUrl, parseServerUrl } from '../../store/server-url.ts';

export const COPY_USAGE = `usage: wikiquery copy --from FILE.sqlite --to URL [--prefix P] [--schema S] [--replace] [--quiet]

Copies every table of a SQLite wiki (one \`wikiquery import\` made, or MediaWiki's own) into a
MariaDB/MySQL or PostgreSQL database with MediaWiki 1.39's schema for it. Nothing looks like a
wiki there until the copy is complete; a failure leaves what was there before. Compressed text
(old_flags gzip) goes into PostgreSQL uncompressed, the only way MediaWiki can store it there.

  --from FILE      the SQLite wiki to read
  --to URL         mysql://user:password@host:port/database or postgres://user:password@host:port/database
  --prefix P       $wgDBprefix of the new wiki (none by default)
  --schema S       $wgDBmwschema, PostgreSQL only (default: mediawiki)
  --replace        replace a wiki already there (refused otherwise)
  --quiet          no progress lines on stderr
`;

/** Progress lines on stderr: each table when done, and every few seconds during a long one. */
export function progressPrinter(stream: NodeJS.WritableStream): (progress: CopyProgress) => void {
  let lastLine = 0;
  return (p) => {
    const now = performance.now();
    if (!p.tableDone && now - lastLine < 5000) return;
    lastLine = now;
    const seconds = p.tableElapsedMs / 1000;
    const rate = seconds > 0 ? Math.round(p.rows / seconds) : p.rows;
    const share = p.tableRows > 0 ? ` (${Math.round((p.rows / p.tableRows) * 100)}%)` : '';
    stream.write(`copy: ${p.table} ${p.rows}/${p.tableRows} rows${p.tableDone ? '' : share}, ${rate} rows/s${p.tableDone ? ', done' : ''}\n`);
  };
}

export function formatCopySummary(summary: CopySummary): string {
  const lines = [
    `copied ${summary.rows} rows of ${summary.tables.length} tables into ${summary.target} in ${summary.seconds.toFixed(1)} s (${Math.round(summary.rowsPerSecond)} rows/s; ${summary.analyzeSeconds.toFixed(1)} s of it analysing the tables for the planner)`,
  ];
  if (summary.skippedTables.length > 0) lines.push(`  not copied (no such table in MediaWiki's schema): ${summary.skippedTables.join(', ')}`);
  for (const [what, count] of summary.conversions) lines.push(`  changed: ${what} (${count} values)`);
  return lines.join('\n') + '\n';
}

export async function copyCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        prefix: { type: 'string' },
        schema: { type: 'string' },
        replace: { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`wikiquery copy: ${(error as Error).message}\n\n${COPY_USAGE}`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(COPY_USAGE);
    return 0;
  }
  if (!values.from || !values.to) {
    process.stderr.write(`wikiquery copy: ${!values.from ? '--from FILE' : '--to URL'} is required\n\n${COPY_USAGE}`);
    return 2;
  }
  try {
    const summary = await copyWiki({
      from: values.from,
      to: values.to,
      prefix: values.prefix,
      schema: values.schema,
      replace: values.replace,
      progress: values.quiet ? undefined : progressPrinter(process.stderr),
    });
    process.stdout.write(formatCopySummary(summary));
    return 0;
  } catch (error) {
    process.stderr.write(`wikiquery copy FAILED: ${(error as Error).message}\n  nothing was put in place; what was there before is unchanged\n`);
    return 1;
  }
}
