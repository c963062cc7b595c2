import {
  CancelledError,
  DeadlineExceededError,
  MaxAppendSizeExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
} from '@eventstore/db-client';
import { EventStoreUnavailableError } from '../port.js';

/** gRPC status codes that mean "the node could not be reached or did not answer in time". */
const UNREACHABLE_CODES = new Set([1, 4, 10, 14]); // CANCELLED, DEADLINE_EXCEEDED, ABORTED, UNAVAILABLE

/** Our own deadline ran out before the server answered: the outcome of a write is unknown. */
export class EsdbDeadlineError extends Error {
  constructor(operation: string, deadlineMs: number) {
    super(`EventStoreDB did not answer ${operation} within ${deadlineMs} ms`);
    this.name = 'EsdbDeadlineError';
  }
}

/** Whether an error means the cluster was unreachable (retryable; a 503 over HTTP). */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof EventStoreUnavailableError ||
  error instanceof EsdbDeadlineError ||
  error instanceof UnavailableError ||
  error instanceof DeadlineExceededError ||
  error instanceof CancelledError ||
  error instanceof TimeoutError ||
  error instanceof NotLeaderError ||
  (typeof (error as { code?: unknown } | null)?.code === 'number' &&
    UNREACHABLE_CODES.has((error as { code: number }).code)) ||
  // Cluster discovery (esdb+discover://) failing means no node answered gossip.
  /Failed to discover|No connection established|ECONNREFUSED|write after end/i.test(
    (error as Error | null)?.message ?? '',
  );

/**
 * The port's typed errors from the client's: unreachable or too slow -> EventStoreUnavailableError;
 * an append over the server's MaxAppendSize -> an Error that names the setting; anything else as is.
 */
export const toStoreError = (error: unknown, operation: string): unknown => {
  if (error instanceof EventStoreUnavailableError) return error;
  if (isUnreachable(error)) {
    return new EventStoreUnavailableError(`EventStoreDB is unavailable (${operation}): ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (error instanceof MaxAppendSizeExceededError) {
    return new Error(
      `${operation}: the events exceed EventStoreDB's MaxAppendSize (deploy/compose.yaml sets 16 MiB): ${error.message}`,
      { cause: error },
    );
  }
  return error;
};

/** Resolves like `promise`, or rejects with EsdbDeadlineError once `deadlineMs` passes (then calls `onTimeout`). */
export const withDeadline = <T>(
  promise: Promise<T>,
  operation: string,
  deadlineMs: number,
  onTimeout: () => void = () => undefined,
): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new EsdbDeadlineError(operation, deadlineMs));
    }, deadlineMs);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
};
