// A server's refusals said in the terms of the command that met them: which server, which user,
// which database, and what to do, instead of a driver's error code.
import type { ServerTarget } from '../../store/server-url.ts';

interface DriverError {
  code?: string;
  message?: string;
  /** The server's own text (MariaDB connector), without the connector's prefix. */
  text?: string;
}

function serverName(target: ServerTarget): string {
  return `the ${target.kind === 'mariadb' ? 'MariaDB/MySQL' : 'PostgreSQL'} server at ${target.host}:${target.port}`;
}

function detail(error: DriverError): string {
  return error.text ?? error.message ?? String(error);
}

/** Why connecting to the target failed. */
export function connectionFailure(target: ServerTarget, error: unknown): Error {
  const e = (error ?? {}) as DriverError;
  const server = serverName(target);
  let reason: string;
  switch (e.code) {
    case 'ECONNREFUSED':
      reason = `cannot reach ${server}: nothing accepts connections there (is the server running, on that port?)`;
      break;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      reason = `cannot reach ${server}: the host name ${target.host} is unknown`;
      break;
    case 'ETIMEDOUT':
    case 'ER_CONNECTION_TIMEOUT':
      reason = `cannot reach ${server}: the connection timed out`;
      break;
    // MariaDB's ER_ACCESS_DENIED_ERROR; PostgreSQL's invalid_password and invalid_authorization_specification (unknown role).
    case 'ER_ACCESS_DENIED_ERROR':
    case '28P01':
    case '28000':
      reason = `${server} refused the credentials of user ${target.user}: ${detail(e)}`;
      break;
    case 'ER_BAD_DB_ERROR':
    case '3D000':
      reason = `database ${target.database} does not exist on ${server}: create it first`;
      break;
    case 'ER_DBACCESS_DENIED_ERROR':
      reason = `user ${target.user} may not use database ${target.database} on ${server}: ${detail(e)}`;
      break;
    default:
      reason = `cannot connect to ${server}: ${detail(e)}`;
  }
  return new Error(reason, { cause: error });
}

/** Why the user cannot make the wiki's tables where the copy puts them. */
export function creationFailure(target: ServerTarget, error: unknown): Error {
  const place = target.kind === 'postgres' ? `schema ${target.schema} of database ${target.database}` : `database ${target.database}`;
  return new Error(`user ${target.user} cannot create tables in ${place}: ${detail((error ?? {}) as DriverError)}`, { cause: error });
}
