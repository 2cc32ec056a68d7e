// A wiki copied into PostgreSQL. Its DDL is transactional, so the whole copy (schema, rows,
// sequences, and with --replace the dropping of the wiki that was there) is one transaction: a
// reader sees the old state or the complete new wiki, and a failure or a lost connection leaves
// nothing behind.
import pg from 'pg';
import { postgresSchemaStatements, postgresTableNames, quoteIdentifier } from '../../store/postgres/schema.ts';
import type { ServerTarget } from '../../store/server-url.ts';
import { ConversionLog, type CopyTarget, type ServerValue, type TargetColumn } from './target.ts';
import { postgresConverter, postgresHoldsStrings, postgresReferencesRow, postgresTextRow } from './values.ts';
import { connectionFailure, creationFailure } from './server-errors.ts';

/** PostgreSQL takes at most 65535 parameters per statement. */
const MAX_PARAMETERS = 60_000;
/** A server that does not answer by then is reported unreachable. */
const CONNECT_TIMEOUT_MS = 10_000;

export class PostgresTarget implements CopyTarget {
  readonly copiesSearchIndex = false;
  private client: pg.Client | undefined;
  private readonly tables = postgresTableNames();
  private inTransaction = false;

  constructor(private readonly target: ServerTarget, private readonly replace: boolean, private readonly log: ConversionLog) {}

  private get db(): pg.Client {
    if (!this.client) throw new Error('not connected');
    return this.client;
  }

  private qualified(table: string): string {
    return `${quoteIdentifier(this.target.schema)}.${quoteIdentifier(this.target.prefix + table)}`;
  }

  private async connect(): Promise<pg.Client> {
    if (this.client) return this.client;
    const { host, port, user, password, database } = this.target;
    const client = new pg.Client({ host, port, user, password: password || undefined, database, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // A connection that dies mid-copy must fail the copy, not the process.
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      throw connectionFailure(this.target, error);
    }
    this.client = client;
    return client;
  }

  /** The wiki's tables already in the schema; an error unless they are to be replaced. */
  private async refuseExistingWiki(): Promise<string[]> {
    const { database, schema, prefix } = this.target;
    const present = await this.db.query<{ relname: string }>(
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname = ANY($2)`,
      [schema, this.tables.map((table) => prefix + table)],
    );
    if (present.rowCount && !this.replace) {
      throw new Error(`a wiki is already in ${database} schema ${schema}${prefix ? ` with prefix ${prefix}` : ''} (${present.rowCount} of its tables exist); --replace replaces it`);
    }
    return present.rows.map((row) => row.relname);
  }

  async check(): Promise<void> {
    const client = await this.connect();
    await this.refuseExistingWiki();
    // What the copy does, tried in a transaction that is rolled back: nothing stays.
    await client.query('BEGIN');
    try {
      const schema = quoteIdentifier(this.target.schema);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(`CREATE TABLE ${schema}._wqcopy_probe (probe INT)`);
      await client.query(`INSERT INTO ${schema}._wqcopy_probe (probe) VALUES (1)`);
    } catch (error) {
      throw creationFailure(this.target, error);
    } finally {
      await client.query('ROLLBACK').catch(() => {});
    }
  }

  async prepare(): Promise<void> {
    const { schema, prefix } = this.target;
    const client = await this.connect();
    await client.query('BEGIN');
    this.inTransaction = true;
    const present = await this.refuseExistingWiki();
    if (present.length > 0) {
      for (const relname of present) await client.query(`DROP TABLE ${quoteIdentifier(schema)}.${quoteIdentifier(relname)} CASCADE`);
      const inSchema = (name: string) => `${quoteIdentifier(schema)}.${quoteIdentifier(prefix + name)}`;
      await client.query(`DROP FUNCTION IF EXISTS ${inSchema('ts2_page_title')}(), ${inSchema('ts2_page_text')}()`);
      await client.query(`DROP TYPE IF EXISTS ${inSchema('us_media_type_enum')}`);
    }
    // The schema's statements without their own BEGIN and COMMIT: they join this transaction,
    // and their SET LOCAL search_path holds until its end.
    const statements = postgresSchemaStatements({ schema, prefix });
    for (const statement of statements.slice(1, -1)) await client.query(statement);
  }

  async columns(table: string): Promise<Map<string, TargetColumn> | undefined> {
    const result = await this.db.query<{ column_name: string; data_type: string }>(
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
      [this.target.schema, this.target.prefix + table],
    );
    if (result.rowCount === 0) return undefined;
    return new Map(result.rows.map((row) => [row.column_name, {
      convert: postgresConverter(row.data_type, this.log, `${table}.${row.column_name}`),
      readsBytes: postgresHoldsStrings(row.data_type),
    }]));
  }

  rowRewriter(table: string, columns: readonly string[]): ((row: unknown[]) => void) | undefined {
    if (table === 'page_props') return postgresReferencesRow(columns, this.log);
    return table === 'text' ? postgresTextRow(columns, this.log) : undefined;
  }

  async hasRows(table: string): Promise<boolean> {
    const result = await this.db.query(`SELECT 1 FROM ${this.qualified(table)} LIMIT 1`);
    return (result.rowCount ?? 0) > 0;
  }

  async insert(table: string, columns: readonly string[], rows: readonly ServerValue[][], mergeDuplicates: boolean): Promise<void> {
    const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
    const head = `INSERT INTO ${this.qualified(table)} (${columns.map(quoteIdentifier).join(', ')}) VALUES `;
    const tail = mergeDuplicates ? ' ON CONFLICT DO NOTHING' : '';
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement);
      const tuples: string[] = [];
      let n = 0;
      for (let i = 0; i < chunk.length; i++) tuples.push(`(${columns.map(() => `$${++n}`).join(', ')})`);
      await this.db.query(head + tuples.join(', ') + tail, chunk.flat());
    }
  }

  /** In the copy's transaction: the statistics are committed with the tables. */
  async analyze(): Promise<void> {
    await this.db.query(`ANALYZE ${this.tables.map((table) => this.qualified(table)).join(', ')}`);
  }

  async commit(): Promise<void> {
    // MediaWiki takes new ids from the sequences: they must start past the ids copied.
    const serials = await this.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = $1 AND column_default LIKE 'nextval(%' AND table_name = ANY($2)`,
      [this.target.schema, this.tables.map((table) => this.target.prefix + table)],
    );
    for (const { table_name, column_name } of serials.rows) {
      const table = `${quoteIdentifier(this.target.schema)}.${quoteIdentifier(table_name)}`;
      await this.db.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX(${quoteIdentifier(column_name)}), 0) + 1, false) FROM ${table}`,
        [table, column_name],
      );
    }
    await this.db.query('COMMIT');
    this.inTransaction = false;
  }

  async abort(): Promise<void> {
    if (!this.inTransaction) return;
    this.inTransaction = false;
    try {
      await this.db.query('ROLLBACK');
    } catch {
      // A lost connection: the server has rolled the transaction back itself.
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
