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
