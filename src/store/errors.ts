// Failures every backend reports the same way, so the server can answer them without knowing the
// driver: the driver's message is kept, its error is the cause.

/** The database is locked by someone else (a writer, an import, a backup): try again later. */
export class StoreBusyError extends Error {
  override readonly name = 'StoreBusyError';
}

/** A query was stopped because the deadline set for it had passed. */
export class StoreInterruptedError extends Error {
  override readonly name = 'StoreInterruptedError';
}

/**
 * The database refused a query for the values it was given (MediaWiki's DBQueryError): on
 * PostgreSQL, bytes that are not UTF-8 compared with a TEXT column, which MediaWiki on PostgreSQL
 * fails on too. `code` is the database's error code (SQLSTATE, errno).
 */
export class StoreQueryError extends Error {
  override readonly name = 'StoreQueryError';

  constructor(message: string, readonly code: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * No database server could be reached (MediaWiki's DBConnectionError): every server of the wiki
 * refused or stopped answering. `servers` names them (host and port, no credentials).
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';

  constructor(message: string, readonly servers: readonly string[], options?: ErrorOptions) {
    super(message, options);
  }
}
