import * as E from 'fp-ts/lib/Either.js';
import { invalid, type Clock, type DomainError, type IdGenerator } from '@paykit/kernel';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { isPrefixedUuid } from '../state/derived-ids.js';
import { memoryProviderState, type ProviderState } from '../state/provider-state.js';
import { ProviderStreams } from '../state/provider-streams.js';
import { CARD_TOKENIZED, cardTokenStream } from './card-records.js';
import { fullExpiryYear, isExpired, isTooFarAhead, isValidExpiryMonth } from './card-expiry.js';
import { brandOf, cvcLengthOf, hasValidLength, last4Of, normalizeCardNumber, passesLuhn } from './card-number.js';
import type { CardDetails, CardToken, CardVaultPort } from './card-vault-port.js';
import { behaviourOfCard, type SandboxCardBehaviour } from './test-cards.js';

/** What the sandbox processor knows of a token when it is charged. */
export interface VaultedCard extends CardToken {
  readonly behaviour: SandboxCardBehaviour;
}

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
 * clock, security code) and keeps only the token's display details and its test behaviour,
 * sealed in the token's stream. It never keeps the number: nothing in the sandbox needs it
 * after tokenization.
 */
export class SandboxCardVault implements CardVaultPort {
  private readonly faults: SandboxFaults;
  private readonly streams: ProviderStreams;

  constructor(private readonly options: SandboxCardVaultOptions) {
    this.faults = options.faults ?? new SandboxFaults();
    this.streams = new ProviderStreams(options.state ?? memoryProviderState(), 'cards', options.clock);
  }

  async tokenizeCard(details: CardDetails): Promise<E.Either<DomainError, CardToken>> {
    const failure = this.faults.failureOf('cards', 'tokenizeCard');
    if (failure) return E.left(failure);
    const checked = check(details, this.options.clock.now());
    if (E.isLeft(checked)) return checked;
    const digits = checked.right;
    const card: VaultedCard = {
      token: `tok_${this.options.ids.uuid()}`,
      brand: brandOf(digits),
      last4: last4Of(digits),
      expMonth: details.expMonth,
      expYear: fullExpiryYear(details.expYear),
      behaviour: behaviourOfCard(digits),
    };
    return this.streams.guard(async () => {
      const stream = cardTokenStream(card.token);
      await this.streams.create(stream, [{ type: CARD_TOKENIZED, data: this.streams.seal(stream, card) }]);
      const { behaviour: _behaviour, ...token } = card;
      return E.right(token);
    });
  }

  /**
   * The processor's side of the vault: what a token stands for, never the number. Throws when
   * the store cannot be reached (the processor answers that as its own outage).
   */
  async cardOf(token: string): Promise<VaultedCard | undefined> {
    if (!isPrefixedUuid('tok', token)) return undefined;
    const stream = cardTokenStream(token);
    const [tokenized] = await this.streams.read(stream);
    return tokenized ? this.streams.open<VaultedCard>(stream, tokenized.data) : undefined;
  }
}
