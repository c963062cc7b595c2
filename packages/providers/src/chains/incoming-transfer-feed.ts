import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { IncomingTransfer } from './chain-gateway.js';

export interface TransfersIntoRequest {
  readonly chain: string;
  /** The watched addresses (deposit or treasury addresses) of that chain. */
  readonly addresses: readonly string[];
  /** Opaque: where the previous page ended; null from the first transaction the feed knows. */
  readonly after: string | null;
  readonly limit: number;
}

export interface TransfersIntoPage {
  /** In the order the chain accepted them, each with its status now (pending, success, failed; final or not). */
  readonly transfers: readonly (IncomingTransfer & { readonly cursor: string })[];
}

/**
 * What a chain indexer answers: every transfer into some addresses, including the ones no
 * order expected (an unknown memo, a second payment). The chain gateway finds a transaction by
 * id; this lists them by recipient. Each transfer carries the cursor to continue after it, so
 * a reader can stop at the first one that is not final yet and read it again next time.
 */
export interface IncomingTransferFeed {
  transfersInto(request: TransfersIntoRequest): Promise<E.Either<DomainError, TransfersIntoPage>>;
}

const isFeed = (value: unknown): value is IncomingTransferFeed =>
  typeof (value as Partial<IncomingTransferFeed> | null)?.transfersInto === 'function';

/**
 * The feed a chain gateway offers: the sandbox ledger lists what it accepted; chains served by a
 * node have no feed yet (ADR 0611) and list nothing.
 */
export const incomingTransferFeedOf = (gateway: unknown): IncomingTransferFeed =>
  isFeed(gateway) ? gateway : { transfersInto: async () => E.right({ transfers: [] }) };
