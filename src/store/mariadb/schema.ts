// MediaWiki 1.39's schema for MySQL and MariaDB (schema.sql, written by scripts/extract-schemas.mjs
// from MediaWiki's own files), as statements for one wiki's table prefix.
import { readFileSync } from 'node:fs';

/** The table options MediaWiki's installer writes into $wgDBTableOptions unless told otherwise. */
export const MEDIAWIKI_TABLE_OPTIONS = 'ENGINE=InnoDB, DEFAULT CHARSET=binary';

export interface MariaDbSchemaOptions {
  /** $wgDBprefix: put before every table name; empty by default. */
  readonly prefix?: string;
  /** $wgDBTableOptions; MEDIAWIKI_TABLE_OPTIONS by default. */
  readonly tableOptions?: string;
}

let statementsWithMarkers: readonly string[] | undefined;

/** The data file's statements, markers unfilled; read on first use (only schema creation needs it). */
function schemaFileStatements(): readonly string[] {
  statementsWithMarkers ??= readFileSync(new URL('./schema.sql', import.meta.url), 'utf8')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => !line.startsWith('--')).join('\n').trim())
    .filter((statement) => statement !== '')
    .map((statement) => statement.replace(/;$/, ''));
  return statementsWithMarkers;
}

export function checkTablePrefix(prefix: string): void {
  // MediaWiki's installer accepts the same characters for $wgDBprefix.
  if (!/^[A-Za-z0-9_]*$/.test(prefix)) throw new Error(`table prefix ${JSON.stringify(prefix)}: only letters, digits and _ are allowed`);
}

/** The statements that create an empty MediaWiki 1.39 database, as MediaWiki's installer runs them, in order. */
export function mariaDbSchemaStatements(options: MariaDbSchemaOptions = {}): string[] {
  const prefix = options.prefix ?? '';
  checkTablePrefix(prefix);
  const tableOptions = options.tableOptions ?? MEDIAWIKI_TABLE_OPTIONS;
  return schemaFileStatements().map((statement) => statement
    .replace(/\/\*_\*\/(\w+)/g, (_, name: string) => `\`${prefix}${name}\``)
    .replace(/\/\*\$wgDBTableOptions\*\//g, tableOptions));
}

/** The tables of the schema, without a prefix. */
export function mariaDbTableNames(): string[] {
  return schemaFileStatements().flatMap((statement) => /^CREATE TABLE \/\*_\*\/(\w+)/.exec(statement)?.[1] ?? []);
}
