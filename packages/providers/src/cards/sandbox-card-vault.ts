import { WrongExpectedRevisionError } from '@paykit/event-store';
import * as E from 'fp-ts/lib/Either.js';
import { invalid, type Clock, type DomainError, type IdGenerator } from '@paykit/kernel';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { isPrefixedUuid } from '../state/derived-ids.js';
import { memoryProviderState, type ProviderState } from '../state/provider-state.js';
import { ProviderStreams } from '../state/provider-streams.js';
import {
  CARD_TOKEN_USED,
  CARD_TOKENIZED,
  cardTokenStream,
  foldToken,
  tokenRefusal,
  tokenUseOf,
  type TokenRecord,
  type VaultedCard,
} from './card-token-records.js';
import { fullExpiryYear, isExpired, isTooFarAhead, isValidExpiryMonth } from './card-expiry.js';
import { brandOf, cvcLengthOf, hasValidLength, last4Of, normalizeCardNumber, passesLuhn } from './card-number.js';
import type { CardDetails, CardToken, CardTokenOwner, CardVaultPort } from './card-vault-port.js';
import { behaviourOfCard } from './test-cards.js';

export type { VaultedCard } from './card-token-records.js';

/** How long a token pays a charge, like the hosted peers' card tokens (Checkout.com: 15 minutes). */
export const CARD_TOKEN_LIFETIME_MS = 15 * 60_000;

export interface SandboxCardVaultOptions {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly faults?: SandboxFaults;
  /** Where tokens are kept (sealed): the service's event store. A memory store of its own by default. */
  readonly state?: ProviderState;
}

const refuse = (code: string, message: string) => E.left(invalid(code, message));

const check = (details: CardDetails, now: Date): E.Either<DomainError, string> => {
  const digits = normalizeCardNumber(details.number);
  const brand = brandOf(digits);
  if (!/^\d+$/.test(digits) || !hasValidLength(digits, brand) || !passesLuhn(digits)) {
    return refuse('invalid_card_number', 'the card number is not valid');
  }
  if (!isValidExpiryMonth(details.expMonth) || !Number.isInteger(details.expYear) || details.expYear < 0) {
    return refuse('invalid_expiry', 'the expiry month must be 1 to 12 and the year a whole number');
  }
  if (isExpired(details.expMonth, details.expYear, now)) return refuse('card_expired', 'the card has expired');
  if (isTooFarAhead(details.expYear, now)) return refuse('invalid_expiry', 'the expiry year is too far in the future');
  if (!new RegExp(`^\\d{${cvcLengthOf(brand)}}$`).test(details.cvc)) {
    return refuse('invalid_cvc', `the security code must be ${cvcLengthOf(brand)} digits`);
  }
  return E.right(digits);
};

/**
 * The sandbox vault: checks a card as an issuer would (Luhn, length, expiry on the injected
 * clock, security code) and keeps only the token's display details, its test behaviour, its
 * owner and expiry, sealed in the token's stream (named by the token's hash). It never keeps
 * the number: nothing in the sandbox needs it after tokenization. A token pays one charge: the
 * charge claims it by appending `SandboxCardTokenUsed` at the token's revision.
 */
export class SandboxCardVault implements CardVaultPort {
  private readonly faults: SandboxFaults;
  private readonly streams: ProviderStreams;

  constructor(private readonly options: SandboxCardVaultOptions) {
    this.faults = options.faults ?? new SandboxFaults();
    this.streams = new ProviderStreams(options.state ?? memoryProviderState(), 'cards', options.clock);
  }

  async tokenizeCard(details: CardDetails, owner?: CardTokenOwner): Promise<E.Either<DomainError, CardToken>> {
    const failure = this.faults.failureOf('cards', 'tokenizeCard');
    if (failure) return E.left(failure);
    const now = this.options.clock.now();
    const checked = check(details, now);
    if (E.isLeft(checked)) return checked;
    const digits = checked.right;
    const card: VaultedCard = {
      token: `tok_${this.options.ids.uuid()}`,
      brand: brandOf(digits),
      last4: last4Of(digits),
      expMonth: details.expMonth,
      expYear: fullExpiryYear(details.expYear),
      expiresAt: new Date(now.getTime() + CARD_TOKEN_LIFETIME_MS).toISOString(),
      behaviour: behaviourOfCard(digits),
      ...(owner && { owner }),
    };
    return this.streams.guard(async () => {
      const stream = cardTokenStream(card.token);
      await this.streams.create(stream, [{ type: CARD_TOKENIZED, data: this.streams.seal(stream, card) }]);
      const { behaviour: _behaviour, owner: _owner, ...token } = card;
      return E.right(token);
    });
  }

  /**
   * The processor's side of the vault: what a token stands for, never the number. Throws when
   * the store cannot be reached (the processor answers that as its own outage).
   */
  async cardOf(token: string): Promise<VaultedCard | undefined> {
    return (await this.recordOf(token))?.card;
  }

  /**
   * Claims the token for the charge `chargeId` of `owner` and answers its card: once claimed,
   * only that charge (its retries) may use it. Left `card_token_invalid` for a token unknown
   * or another owner's, `card_token_used`, `card_token_expired`. Throws on the store's outage.
   */
  async use(
    token: string,
    owner: CardTokenOwner | undefined,
    chargeId: string,
  ): Promise<E.Either<DomainError, VaultedCard>> {
    for (let attempt = 1; ; attempt++) {
      const record = await this.recordOf(token);
      if (!record) return E.left(tokenRefusal('unknown'));
      const use = tokenUseOf(record, owner, chargeId, this.options.clock.now());
      if (use === 'held') return E.right(record.card);
      if (use !== 'free') return E.left(tokenRefusal(use));
      const stream = cardTokenStream(token);
      try {
        const data = this.streams.seal(stream, { chargeId });
        await this.streams.append(stream, [{ type: CARD_TOKEN_USED, data }], record.revision);
        return E.right(record.card);
      } catch (error) {
        // The only other write to a token is another charge's claim: read again, it is held or used.
        if (!(error instanceof WrongExpectedRevisionError) || attempt > 1) throw error;
      }
    }
  }

  private async recordOf(token: string): Promise<TokenRecord | undefined> {
    if (!isPrefixedUuid('tok', token)) return undefined;
    const stream = cardTokenStream(token);
    return foldToken(this.streams, stream, await this.streams.read(stream));
  }
}
