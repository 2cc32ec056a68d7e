// MediaWiki 1.39's schema for PostgreSQL (schema.sql, written by scripts/extract-schemas.mjs from
// MediaWiki's own files), as statements for one wiki's schema ($wgDBmwschema) and table prefix.
import { schemaFileStatements } from '../sql/schema-file.ts';

const SCHEMA_FILE = new URL('./schema.sql', import.meta.url);

/** The schema MediaWiki's installer uses unless told otherwise. */
export const MEDIAWIKI_DEFAULT_SCHEMA = 'mediawiki';

export interface PostgresSchemaOptions {
  /** $wgDBmwschema: created when missing; MEDIAWIKI_DEFAULT_SCHEMA by default. */
  readonly schema?: string;
  /**
   * $wgDBprefix, put before every name the schema creates (tables, indexes, the media type enum,
   * the search triggers and their functions), so prefixed wikis can share a schema. MediaWiki's
   * installer offers no prefix on PostgreSQL; without one the names are exactly its own.
   */
  readonly prefix?: string;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The statements that create an empty MediaWiki 1.39 database in `schema`, in order, as one
 * transaction (PostgreSQL's DDL is transactional, so a failure leaves nothing half made). They
 * must run on one connection: the schema is chosen with SET LOCAL search_path, as MediaWiki
 * chooses it with search_path, which also lets the trigger functions be found by name.
 */
export function postgresSchemaStatements(options: PostgresSchemaOptions = {}): string[] {
  const schema = options.schema ?? MEDIAWIKI_DEFAULT_SCHEMA;
  const prefix = options.prefix ?? '';
  // Unquoted names fold to lower case in PostgreSQL; a prefix with capitals would not survive that.
  if (!/^[a-z0-9_]*$/.test(prefix)) throw new Error(`table prefix ${JSON.stringify(prefix)}: only lower-case letters, digits and _ are allowed on PostgreSQL`);
  if (schema === '') throw new Error('the PostgreSQL schema name must not be empty');
  const body = schemaFileStatements(SCHEMA_FILE).map((statement) => statement
    .replace(/\/\*_\*\/(?:"(\w+)"|(\w+))/g, (_, quoted: string | undefined, bare: string | undefined) =>
      quoted !== undefined ? quoteIdentifier(prefix + quoted) : prefix + bare));
  return [
    'BEGIN',
    `CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`,
    `SET LOCAL search_path TO ${quoteIdentifier(schema)}`,
    ...body,
    'COMMIT',
  ];
}

/** The tables of the schema, without a prefix. */
export function postgresTableNames(): string[] {
  return schemaFileStatements(SCHEMA_FILE).flatMap((statement) => /^CREATE TABLE \/\*_\*\/"?(\w+)"?/.exec(statement)?.[1] ?? []);
}
