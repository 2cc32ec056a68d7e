// MediaWiki 1.39's schema for MySQL and MariaDB (schema.sql, written by scripts/extract-schemas.mjs
// from MediaWiki's own files), as statements for one wiki's table prefix.
import { schemaFileStatements } from '../sql/schema-file.ts';

const SCHEMA_FILE = new URL('./schema.sql', import.meta.url);

/** The table options MediaWiki's installer writes into $wgDBTableOptions unless told otherwise. */
export const MEDIAWIKI_TABLE_OPTIONS = 'ENGINE=InnoDB, DEFAULT CHARSET=binary';

export interface MariaDbSchemaOptions {
  /** $wgDBprefix: put before every table name; empty by default. */
  readonly prefix?: string;
  /** $wgDBTableOptions; MEDIAWIKI_TABLE_OPTIONS by default. */
  readonly tableOptions?: string;
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
  return schemaFileStatements(SCHEMA_FILE).map((statement) => statement
    .replace(/\/\*_\*\/(\w+)/g, (_, name: string) => `\`${prefix}${name}\``)
    .replace(/\/\*\$wgDBTableOptions\*\//g, tableOptions));
}

/** The tables of the schema, without a prefix. */
export function mariaDbTableNames(): string[] {
  return schemaFileStatements(SCHEMA_FILE).flatMap((statement) => /^CREATE TABLE \/\*_\*\/(\w+)/.exec(statement)?.[1] ?? []);
}
