// A MariaDB/MySQL or PostgreSQL database named by a URL, with MediaWiki's table prefix and, on
// PostgreSQL, its schema: read the same way by `serve --db URL`, `copy` and `import --db URL`.
import { MEDIAWIKI_DEFAULT_SCHEMA } from './postgres/schema.ts';

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

/** Which server a URL names, without checking the rest of it. */
export function serverKindOf(value: string): ServerKind | undefined {
  return SCHEMES[/^[a-z]+:/i.exec(value)?.[0].toLowerCase() ?? ''];
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
  // The PostgreSQL store refuses other names (it sets search_path from it), so copy must too.
  if (options.schema !== undefined && !/^\w+$/.test(options.schema)) throw new Error(`schema ${JSON.stringify(options.schema)}: only letters, digits and _ are allowed`);
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

/**
 * The URL with the defaults parseServerUrl gives filled in (user, host, port), its other parts
 * (query options such as PostgreSQL's sslmode) kept: for drivers that read a URL themselves.
 */
export function connectionUrl(value: string): string {
  const target = parseServerUrl(value);
  const url = new URL(value);
  // A URL without a host takes no user name, so the host comes first.
  url.hostname = target.host;
  url.port = String(target.port);
  url.username = encodeURIComponent(target.user);
  return url.toString();
}

/** The URL without its password, for messages. */
export function describeTarget(target: ServerTarget): string {
  const scheme = target.kind === 'mariadb' ? 'mysql' : 'postgres';
  const where = `${scheme}://${target.user}@${target.host}:${target.port}/${target.database}`;
  const schema = target.kind === 'postgres' ? ` schema ${target.schema}` : '';
  return `${where}${schema}${target.prefix ? ` prefix ${target.prefix}` : ''}`;
}

/**
 * A server's name in lag reports and logs, as MediaWiki's getServerName gives it: the configured
 * name, else the URL's host (and port when the URL gives one); never the credentials.
 */
export function serverName(url: string, configuredName?: string): string {
  if (configuredName) return configuredName;
  try {
    return new URL(url).host || 'localhost';
  } catch {
    return 'localhost';
  }
}
