// Where `wikiquery copy` (and `import --db URL`) writes: a MariaDB/MySQL or PostgreSQL database
// named by a URL, with MediaWiki's table prefix and, on PostgreSQL, its schema.
import { MEDIAWIKI_DEFAULT_SCHEMA } from '../../store/postgres/schema.ts';

export type ServerKind = 'mariadb' | 'postgres';

export interface ServerTarget {
  readonly kind: ServerKind;
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  /** $wgDBprefix. */
  readonly prefix: string;
  /** $wgDBmwschema (PostgreSQL only). */
  readonly schema: string;
}

const SCHEMES: Record<string, ServerKind> = {
  'mysql:': 'mariadb', 'mariadb:': 'mariadb', 'postgres:': 'postgres', 'postgresql:': 'postgres',
};

/** Whether `--db` names a database server rather than a SQLite file. */
export function isServerUrl(value: string): boolean {
  return /^(mysql|mariadb|postgres|postgresql):\/\//i.test(value);
}

export function parseServerUrl(value: string, options: { prefix?: string; schema?: string } = {}): ServerTarget {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`not a database URL: ${value}`);
  }
  const kind = SCHEMES[url.protocol.toLowerCase()];
  if (!kind) throw new Error(`unknown database URL scheme ${url.protocol} (mysql://, mariadb://, postgres:// or postgresql://)`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database === '' || database.includes('/')) throw new Error(`the URL must name one database: ${kind === 'mariadb' ? 'mysql' : 'postgres'}://user:password@host:port/DATABASE`);
  if (kind === 'mariadb' && options.schema !== undefined) throw new Error('--schema is for PostgreSQL only');
  return {
    kind,
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : kind === 'mariadb' ? 3306 : 5432,
    user: decodeURIComponent(url.username) || (kind === 'mariadb' ? 'root' : 'postgres'),
    password: decodeURIComponent(url.password),
    database,
    prefix: options.prefix ?? '',
    schema: options.schema ?? MEDIAWIKI_DEFAULT_SCHEMA,
  };
}

/** The URL without its password, for messages. */
export function describeTarget(target: ServerTarget): string {
  const scheme = target.kind === 'mariadb' ? 'mysql' : 'postgres';
  const where = `${scheme}://${target.user}@${target.host}:${target.port}/${target.database}`;
  const schema = target.kind === 'postgres' ? ` schema ${target.schema}` : '';
  return `${where}${schema}${target.prefix ? ` prefix ${target.prefix}` : ''}`;
}
