import * as E from 'fp-ts/lib/Either.js';
import {
  conflict,
  Decimal,
  domainError,
  invalid,
  type Clock,
  type DomainError,
  type IdGenerator,
  type Money,
} from '@paykit/kernel';
import { providerUnavailable } from '../faults/provider-errors.js';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { fingerprintOf, IdempotencyLedger } from '../idempotency/idempotency-ledger.js';
import { canonicalAmount, parseFiatAmount } from '../money/amount.js';
import { isExpired } from './card-expiry.js';
import type {
  CardProcessorPort,
  CardRefund,
  Charge,
  ChargeFacts,
  ChargeRequest,
  DeclineCode,
  RefundRequest,
} from './card-processor-port.js';
import { declineMessage, declineOf } from './declines.js';
import type { SandboxCardVault, VaultedCard } from './sandbox-card-vault.js';

export type VerificationOutcome = 'succeeded' | 'failed';

export interface SandboxCardProcessorOptions {
  readonly vault: SandboxCardVault;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly faults?: SandboxFaults;
  /** Where the cardholder completes a verification step; the API's sandbox page, say. */
  readonly verificationUrl?: (verificationId: string) => string;
}

const DEFAULT_VERIFICATION_URL = (id: string) => `https://sandbox.paykit.invalid/card-verifications/${id}`;

const chargeNotFound = () => domainError('not_found', 'charge_not_found', 'no charge has this id');

/**
 * The sandbox processor, like a processor's test mode: the vaulted card's test number
 * decides the answer (see TEST_CARDS); expiry is checked again on the injected clock at
 * charge time; charges and refunds are idempotent by key.
 */
export class SandboxCardProcessor implements CardProcessorPort {
  private readonly charges = new Map<string, Charge>();
  private readonly refunded = new Map<string, Decimal>();
  private readonly refunds = new Map<string, CardRefund>();
  private readonly verifications = new Map<string, string>();
  private readonly chargeKeys = new IdempotencyLedger();
  private readonly refundKeys = new IdempotencyLedger();
  private readonly faults: SandboxFaults;

  constructor(private readonly options: SandboxCardProcessorOptions) {
    this.faults = options.faults ?? new SandboxFaults();
  }

  async charge(request: ChargeRequest): Promise<E.Either<DomainError, Charge>> {
    const failure = this.faults.failureOf('cards', 'charge');
    if (failure) return E.left(failure);
    const amount = parseFiatAmount(request.amount, request.currency);
    if (E.isLeft(amount)) return amount;
    const fingerprint = fingerprintOf(request.token, canonicalAmount(amount.right), request.currency);
    const earlier = this.chargeKeys.lookup(request.idempotencyKey, fingerprint);
    if (E.isLeft(earlier)) return earlier;
    const earlierCharge = earlier.right === undefined ? undefined : this.charges.get(earlier.right);
    if (earlierCharge) return E.right(earlierCharge);
    const card = this.options.vault.cardOf(request.token);
    if (!card) return E.left(invalid('card_token_invalid', 'the card token is not known to the processor'));
    if (card.behaviour === 'processor-error') {
      return E.left(providerUnavailable('cards', 'The card processor failed to process the charge'));
    }
    const charge = this.decide(card, { amount: canonicalAmount(amount.right), currency: request.currency });
    this.charges.set(charge.chargeId, charge);
    this.chargeKeys.record(request.idempotencyKey, fingerprint, charge.chargeId);
    return E.right(charge);
  }

  async getCharge(chargeId: string): Promise<E.Either<DomainError, Charge>> {
    const failure = this.faults.failureOf('cards', 'getCharge');
    if (failure) return E.left(failure);
    const charge = this.charges.get(chargeId);
    return charge ? E.right(charge) : E.left(chargeNotFound());
  }

  async refund(request: RefundRequest): Promise<E.Either<DomainError, CardRefund>> {
    const failure = this.faults.failureOf('cards', 'refund');
    if (failure) return E.left(failure);
    const charge = this.charges.get(request.chargeId);
    if (!charge) return E.left(chargeNotFound());
    if (charge.status !== 'succeeded') {
      return E.left(conflict('charge_not_refundable', `a ${charge.status} charge cannot be refunded`));
    }
    const refundedSoFar = this.refunded.get(charge.chargeId) ?? new Decimal(0);
    const remaining = new Decimal(charge.amount.amount).sub(refundedSoFar);
    const amount = request.amount === undefined ? E.right(remaining) : parseFiatAmount(request.amount, charge.amount.currency);
    if (E.isLeft(amount)) return amount;
    const fingerprint = fingerprintOf(charge.chargeId, request.amount === undefined ? 'rest' : canonicalAmount(amount.right));
    const earlier = this.refundKeys.lookup(request.idempotencyKey, fingerprint);
    if (E.isLeft(earlier)) return earlier;
    const earlierRefund = earlier.right === undefined ? undefined : this.refunds.get(earlier.right);
    if (earlierRefund) return E.right(earlierRefund);
    if (amount.right.lte(0) || amount.right.gt(remaining)) {
      return E.left(
        conflict('refund_exceeds_charge', `at most ${canonicalAmount(remaining)} ${charge.amount.currency} can be refunded`, {
          remainingAmount: canonicalAmount(remaining),
        }),
      );
    }
    const refund: CardRefund = {
      refundId: `re_${this.options.ids.uuid()}`,
      chargeId: charge.chargeId,
      amount: { amount: canonicalAmount(amount.right), currency: charge.amount.currency },
      status: 'succeeded',
      createdAt: this.options.clock.now().toISOString(),
    };
    this.refunds.set(refund.refundId, refund);
    this.refunded.set(charge.chargeId, refundedSoFar.add(amount.right));
    this.refundKeys.record(request.idempotencyKey, fingerprint, refund.refundId);
    return E.right(refund);
  }

  /**
   * Sandbox only: the cardholder's answer to a verification step, as the issuer's page
   * would give it. Repeating the same answer is harmless; changing it is refused.
   */
  completeVerification(verificationId: string, outcome: VerificationOutcome): E.Either<DomainError, Charge> {
    const chargeId = this.verifications.get(verificationId);
    const charge = chargeId === undefined ? undefined : this.charges.get(chargeId);
    if (!charge) return E.left(domainError('not_found', 'verification_not_found', 'no verification has this id'));
    if (charge.status !== 'requires-verification') {
      const same = (charge.status === 'succeeded') === (outcome === 'succeeded');
      return same
        ? E.right(charge)
        : E.left(conflict('verification_already_completed', 'this verification was already completed'));
    }
    const facts: ChargeFacts = { chargeId: charge.chargeId, amount: charge.amount, card: charge.card, createdAt: charge.createdAt };
    const completed: Charge =
      outcome === 'succeeded' ? { ...facts, status: 'succeeded' } : declined(facts, 'authentication_failed');
    this.charges.set(charge.chargeId, completed);
    return E.right(completed);
  }

  private decide(card: VaultedCard, amount: Money): Charge {
    const facts: ChargeFacts = {
      chargeId: `ch_${this.options.ids.uuid()}`,
      amount,
      card: { brand: card.brand, last4: card.last4 },
      createdAt: this.options.clock.now().toISOString(),
    };
    if (isExpired(card.expMonth, card.expYear, this.options.clock.now())) return declined(facts, 'expired_card');
    const decline = declineOf(card.behaviour);
    if (decline) return declined(facts, decline);
    if (card.behaviour !== 'require-verification') return { ...facts, status: 'succeeded' };
    const id = `vrf_${this.options.ids.uuid()}`;
    this.verifications.set(id, facts.chargeId);
    const url = (this.options.verificationUrl ?? DEFAULT_VERIFICATION_URL)(id);
    return { ...facts, status: 'requires-verification', verification: { id, type: '3ds', url } };
  }
}

const declined = (facts: ChargeFacts, code: DeclineCode): Charge => ({
  ...facts,
  status: 'declined',
  declineCode: code,
  failureReason: { code: 'payment-declined', message: declineMessage(code) },
});
