import { type Clock, type DomainError } from '@paykit/kernel';
import type { CardDetails, CardToken, CardVaultPort } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { BuyerProfile, PaymentToken } from '../strategy/strategy-port.js';

/**
 * Where a run's card token comes from. Only tokens cross this port: card details go to the
 * vault and nowhere else, so no number can reach an event, a message or a log line.
 */
export interface PaymentCredentials {
  tokenFor(request: {
    readonly runId: string;
    readonly buyer: BuyerProfile | null;
  }): Promise<E.Either<DomainError, PaymentToken>>;
}

export interface VaultedCardOptions {
  readonly vault: CardVaultPort;
  /** The card the runner pays with (a sandbox test card); tokenized afresh for each run. */
  readonly card: CardDetails;
  /** The vault's name; `paykit` by default. */
  readonly provider?: string;
}

/**
 * A token on the buyer profile first; otherwise the runner's configured card, tokenized by
 * the card vault for this run.
 */
export const vaultedCardCredentials = (options: VaultedCardOptions): PaymentCredentials => {
  const provider = options.provider ?? 'paykit';
  return {
    tokenFor: async ({ buyer }) => {
      if (buyer?.paymentToken) return E.right({ token: buyer.paymentToken, provider });
      const token = await options.vault.tokenizeCard(options.card);
      return E.map((card: CardToken) => ({
        token: card.token,
        provider,
        card: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
      }))(token);
    },
  };
};

/** The sandbox's always-approved Visa, valid for a few years from the clock's today. */
export const sandboxTestCard = (clock: Clock, number = '4242424242424242'): CardDetails => ({
  number,
  expMonth: 12,
  expYear: clock.now().getUTCFullYear() + 3,
  cvc: '123',
});
