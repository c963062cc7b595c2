import { EventStoreUnavailableError } from '../port.js';

/** Failures of the storage itself, as opposed to a bad request: retryable, a 503 over HTTP. */
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|CORRUPT|NOTADB|PROTOCOL|NOMEM|PERM|AUTH)/;

/**
 * Errors are recognized by shape, not `instanceof`: better-sqlite3's native addon keeps the
 * error classes of the first copy of the module loaded in the process, and under jest that copy
 * (and its `Error`) may belong to another test file's realm.
 */
const errorLike = (error: unknown): { name?: unknown; code?: unknown; message?: unknown } =>
  typeof error === 'object' && error !== null ? error : {};

/** Maps SQLite's storage failures (and use of a closed connection) to EventStoreUnavailableError. */
export const toStoreError = (error: unknown): unknown => {
  const { name, code, message } = errorLike(error);
  if (name === 'SqliteError' && typeof code === 'string' && UNAVAILABLE_CODES.test(code)) {
    return new EventStoreUnavailableError(`The event store is unavailable: ${String(message)}`, { cause: error });
  }
  if (name === 'TypeError' && typeof message === 'string' && message.includes('connection is not open')) {
    return new EventStoreUnavailableError('The event store is closed', { cause: error });
  }
  return error;
};
