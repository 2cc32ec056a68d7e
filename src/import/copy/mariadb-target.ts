// A wiki copied into MariaDB/MySQL. Its DDL commits at once, so the tables are written under a
// staging prefix a reader does not look for, and one RENAME TABLE (atomic over all its tables)
// puts them in place at the end; the wiki that was there (with --replace) is renamed away in the
// same statement and dropped after.
import { mysqlIndexRow } from '../../store/sql/search-mysql.ts';
import { createConnection, type Connection } from 'mariadb';
import { checkTablePrefix, mariaDbSchemaStatements, mariaDbTableNames } from '../../store/mariadb/schema.ts';
import type { ServerTarget } from '../../store/server-url.ts';
import type { CopyTarget, ServerValue, TargetColumn } from './target.ts';
import { mariaDbConverter, mariaDbHoldsBytes } from './values.ts';
import { connectionFailure, creationFailure } from './server-errors.ts';

const STAGING = '_wqcopy_';
const REPLACED = '_wqold_';
/** A server that does not answer by then is reported unreachable. */
const CONNECT_TIMEOUT_MS = 10_000;

function quote(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

export class MariaDbTarget implements CopyTarget {
  readonly copiesSearchIndex = true;
  private connection: Connection | undefined;
  private readonly tables = mariaDbTableNames();
  private readonly stagingPrefix: string;
  /** The server's ft_min_word_len, which SearchMySQL pads shorter words to. */
  private minWordLength = 0;

  constructor(private readonly target: ServerTarget, private readonly replace: boolean) {
    checkTablePrefix(target.prefix);
    this.stagingPrefix = `${STAGING}${target.prefix}`;
  }

  private get db(): Connection {
    if (!this.connection) throw new Error('not connected');
    return this.connection;
  }

  private async existing(prefix: string): Promise<string[]> {
    const names = this.tables.map((table) => prefix + table);
    const rows = await this.db.query<{ TABLE_NAME: string }[]>(
      'SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME IN (?)',
      [this.target.database, names],
    );
    const found = new Set(rows.map((row) => String(row.TABLE_NAME)));
    return names.filter((name) => found.has(name));
  }

  private async dropAll(prefix: string): Promise<void> {
    const names = await this.existing(prefix);
    if (names.length > 0) await this.db.query(`DROP TABLE IF EXISTS ${names.map(quote).join(', ')}`);
  }

  private async connect(): Promise<void> {
    if (this.connection) return;
    const { host, port, user, password, database } = this.target;
    try {
      this.connection = await createConnection({
        host, port, user, password, database, connectTimeout: CONNECT_TIMEOUT_MS,
        // COUNT(*) and ids beyond 2^53 are not expected; plain numbers keep the rows simple.
        bigIntAsNumber: true, insertIdAsNumber: true, decimalAsNumber: true,
      });
    } catch (error) {
      throw connectionFailure(this.target, error);
    }
  }

  private async refuseExistingWiki(): Promise<void> {
    const present = await this.existing(this.target.prefix);
    if (present.length > 0 && !this.replace) {
      throw new Error(`a wiki is already in ${this.target.database}${this.target.prefix ? ` with prefix ${this.target.prefix}` : ''} (${present.length} of its tables exist); --replace replaces it`);
    }
  }

  async check(): Promise<void> {
    await this.connect();
    await this.refuseExistingWiki();
    // What the copy does to its tables, tried on one of its own: create, fill, rename, drop.
    const [first, second] = [`${STAGING}probe`, `${STAGING}probe_renamed`].map(quote) as [string, string];
    const dropBoth = `DROP TABLE IF EXISTS ${first}, ${second}`;
    try {
      await this.db.query(dropBoth);
      await this.db.query(`CREATE TABLE ${first} (probe INT)`);
      await this.db.query(`INSERT INTO ${first} (probe) VALUES (1)`);
      await this.db.query(`RENAME TABLE ${first} TO ${second}`);
      await this.db.query(`DROP TABLE ${second}`);
    } catch (error) {
      await this.db.query(dropBoth).catch(() => {});
      throw creationFailure(this.target, error);
    }
  }

  async prepare(): Promise<void> {
    await this.connect();
    await this.refuseExistingWiki();
    // What an interrupted copy left behind.
    await this.dropAll(this.stagingPrefix);
    await this.dropAll(`${REPLACED}${this.target.prefix}`);
    for (const statement of mariaDbSchemaStatements({ prefix: this.stagingPrefix })) await this.db.query(statement);
    const [words] = await this.db.query<{ n: number | string | null }[]>('SELECT @@GLOBAL.ft_min_word_len AS n');
    this.minWordLength = Number(words?.n ?? 0) || 0;
  }

  async columns(table: string): Promise<Map<string, TargetColumn> | undefined> {
    const rows = await this.db.query<{ COLUMN_NAME: string; DATA_TYPE: string }[]>(
      'SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
      [this.target.database, this.stagingPrefix + table],
    );
    if (rows.length === 0) return undefined;
    return new Map(rows.map((row) => {
      const type = String(row.DATA_TYPE);
      return [String(row.COLUMN_NAME), { convert: mariaDbConverter(type), readsBytes: mariaDbHoldsBytes(type) }];
    }));
  }

  /**
   * MySQL's binary columns hold any bytes: compressed text (old_flags gzip) is copied as it is.
   * The search index's rows are SearchSqlite's: they are written as SearchMySQL writes its own.
   */
  rowRewriter(table: string, columns: readonly string[]): ((row: unknown[]) => void) | undefined {
    if (table !== 'searchindex') return undefined;
    const title = columns.indexOf('si_title');
    const text = columns.indexOf('si_text');
    const minWordLength = this.minWordLength;
    return (row) => {
      const normalised = mysqlIndexRow(String(row[title] ?? ''), String(row[text] ?? ''), minWordLength);
      // si_title is a VARCHAR(255): a long title's spelled-out characters are cut there.
      row[title] = normalised.title.slice(0, 255);
      row[text] = normalised.text;
    };
  }

  async hasRows(table: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM ${quote(this.stagingPrefix + table)} LIMIT 1`);
    return rows.length > 0;
  }

  async insert(table: string, columns: readonly string[], rows: readonly ServerValue[][], mergeDuplicates: boolean): Promise<void> {
    if (rows.length === 0) return;
    const sql = `INSERT ${mergeDuplicates ? 'IGNORE ' : ''}INTO ${quote(this.stagingPrefix + table)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    await this.db.batch(sql, rows as ServerValue[][]);
  }

  /** InnoDB's persistent statistics follow a table through RENAME TABLE. */
  async analyze(): Promise<void> {
    const staged = await this.existing(this.stagingPrefix);
    if (staged.length > 0) await this.db.query(`ANALYZE TABLE ${staged.map(quote).join(', ')}`);
  }

  async commit(): Promise<void> {
    // AUTO_INCREMENT already follows the highest id written, and the searchindex rows were
    // copied like any table's: nothing is left but the switch.
    const staged = await this.existing(this.stagingPrefix);
    if (staged.length !== this.tables.length) throw new Error(`only ${staged.length} of ${this.tables.length} staging tables exist; not switching`);
    const present = new Set(await this.existing(this.target.prefix));
    const oldPrefix = `${REPLACED}${this.target.prefix}`;
    const renames: string[] = [];
    for (const table of this.tables) {
      const final = this.target.prefix + table;
      if (present.has(final)) renames.push(`${quote(final)} TO ${quote(oldPrefix + table)}`);
      renames.push(`${quote(this.stagingPrefix + table)} TO ${quote(final)}`);
    }
    await this.db.query(`RENAME TABLE ${renames.join(', ')}`);
    await this.dropAll(oldPrefix);
  }

  async abort(): Promise<void> {
    if (!this.connection?.isValid()) return;
    await this.dropAll(this.stagingPrefix);
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection?.isValid()) await connection.end();
    else connection?.destroy();
  }
}
