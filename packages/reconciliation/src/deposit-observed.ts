import type { DomainEvent } from '@paykit/kernel';

/**
 * A final, successful transfer into a deposit (treasury) address, as the chain showed it to the
 * deposit observer. It is a fact about the chain, not about an order: the reconciliation
 * projection matches it to an order by memo, and a deposit that matches none is an exception.
 */
export type DepositObserved = DomainEvent<
  'DepositObserved',
  {
    readonly chain: string;
    readonly txId: string;
    readonly from: string;
    /** The deposit address it paid. */
    readonly to: string;
    /** `<chain>:<token address>` or `<chain>:native`. */
    readonly token: string;
    /** The token's symbol in the chain registry (e.g. usdxm), lower case. */
    readonly symbol: string;
    /** Exact decimal amount (base units scaled by the token's decimals). */
    readonly amount: string;
    readonly baseUnits: string;
    /** The memo's value, when the transfer carried one. */
    readonly memo?: string;
    readonly blockNumber?: number;
    /** When the chain made it final (ISO 8601): the day it counts in. */
    readonly finalizedAt: string;
  }
>;

export const DEPOSIT_OBSERVED = 'DepositObserved';

/**
 * One stream per transaction, appended at `no_stream`: observing the same transaction again
 * (a restart, a second API instance) is refused by the store, so it is recorded once.
 */
export const depositObservationStream = (chain: string, txId: string): string => `depositobservation-${chain}:${txId}`;
