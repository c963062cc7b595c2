import { WrongExpectedRevisionError } from '@paykit/event-store';
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
import { canonicalAmount, parseFiatAmount } from '../money/amount.js';
import { derivedUuid, isPrefixedUuid, requestFingerprint, sha256Hex } from '../state/derived-ids.js';
import { memoryProviderState, type ProviderState } from '../state/provider-state.js';
import { ProviderStreams } from '../state/provider-streams.js';
import { isExpired } from './card-expiry.js';
import type {
  CardProcessorPort,
  CardRefund,
  Charge,
  ChargeFacts,
  ChargeRequest,
  RefundRequest,
} from './card-processor-port.js';
import {
  CHARGE_CREATED,
  CHARGE_REFUNDED,
  CHARGE_VERIFIED,
  chargeStream,
  foldCharge,
  VERIFICATION_OPENED,
  verificationStream,
  type ChargeState,
} from './card-records.js';
import { declinedCharge, declineOf } from './declines.js';
import type { SandboxCardVault, VaultedCard } from './sandbox-card-vault.js';

export type VerificationOutcome = 'succeeded' | 'failed';

export interface SandboxCardProcessorOptions {
  readonly vault: SandboxCardVault;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly faults?: SandboxFaults;
  /** Where the cardholder completes a verification step; the API's sandbox page, say. */
  readonly verificationUrl?: (verificationId: string) => string;
  /** Where charges are kept (sealed): the service's event store. A memory store of its own by default. */
  readonly state?: ProviderState;
}

const DEFAULT_VERIFICATION_URL = (id: string) => `https://sandbox.paykit.invalid/card-verifications/${id}`;

/** Concurrent writers to one charge (another instance verifying or refunding) retry this often. */
const MAX_ATTEMPTS = 5;

const chargeNotFound = () => domainError('not_found', 'charge_not_found', 'no charge has this id');
const verificationNotFound = () => domainError('not_found', 'verification_not_found', 'no verification has this id');
const keyReused = () =>
  conflict('idempotency_key_reused', 'this idempotency key was used before with different parameters');
const noKey = () => invalid('invalid_idempotency_key', 'an idempotency key is required');

/**
 * The sandbox processor, like a processor's test mode: the vaulted card's test number
 * decides the answer (see TEST_CARDS); expiry is checked again on the injected clock at
 * charge time. Each charge is a stream named by its idempotency key (docs/adr/0432): the
 * append at `no_stream` is the key's claim and the charge at once, so a retry, after a restart
 * or on another instance, finds the first charge instead of making a second. A token pays one
 * charge of its owner, before it expires (docs/adr/0102): the charge claims it in the vault
 * first, and a retry of that charge holds the claim. Refunds and the cardholder's verification
 * are appended to the charge's stream at the revision read.
 */
export class SandboxCardProcessor implements CardProcessorPort {
  private readonly faults: SandboxFaults;
  private readonly streams: ProviderStreams;

  constructor(private readonly options: SandboxCardProcessorOptions) {
    this.faults = options.faults ?? new SandboxFaults();
    this.streams = new ProviderStreams(options.state ?? memoryProviderState(), 'cards', options.clock);
  }

  async charge(request: ChargeRequest): Promise<E.Either<DomainError, Charge>> {
    const failure = this.faults.failureOf('cards', 'charge');
    if (failure) return E.left(failure);
    const amount = parseFiatAmount(request.amount, request.currency);
    if (E.isLeft(amount)) return amount;
    if (request.idempotencyKey.trim() === '') return E.left(noKey());
    const fingerprint = requestFingerprint(request.token, canonicalAmount(amount.right), request.currency);
    const chargeId = `ch_${derivedUuid('charge', request.idempotencyKey)}`;
    return this.streams.guard(async () => {
      const earlier = await this.load(chargeId);
      if (earlier) return earlier.fingerprint === fingerprint ? E.right(earlier.charge) : E.left(keyReused());
      // The token's claim comes first: of two charges with one token, one charges.
      const used = await this.options.vault.use(request.token, request.owner, chargeId);
      if (E.isLeft(used)) return used;
      const card = used.right;
      if (card.behaviour === 'processor-error') {
        return E.left(providerUnavailable('cards', 'The card processor failed to process the charge'));
      }
      const charge = await this.decide(chargeId, card, {
        amount: canonicalAmount(amount.right),
        currency: request.currency,
      });
      const stream = chargeStream(chargeId);
      if (
        await this.streams.create(stream, [
          { type: CHARGE_CREATED, data: this.streams.seal(stream, { charge, fingerprint }) },
        ])
      ) {
        return E.right(charge);
      }
      // Another call with the same key (another instance) charged first: that charge is the answer.
      const winner = await this.load(chargeId);
      return winner?.fingerprint === fingerprint ? E.right(winner.charge) : E.left(keyReused());
    });
  }

  async getCharge(chargeId: string): Promise<E.Either<DomainError, Charge>> {
    const failure = this.faults.failureOf('cards', 'getCharge');
    if (failure) return E.left(failure);
    return this.streams.guard(async () => {
      const state = await this.load(chargeId);
      return state ? E.right(state.charge) : E.left(chargeNotFound());
    });
  }

  async refund(request: RefundRequest): Promise<E.Either<DomainError, CardRefund>> {
    const failure = this.faults.failureOf('cards', 'refund');
    if (failure) return E.left(failure);
    return this.streams.guard(() => this.onCharge(request.chargeId, (state) => this.decideRefund(state, request)));
  }

  /**
   * Sandbox only: the cardholder's answer to a verification step, as the issuer's page
   * would give it. Repeating the same answer is harmless; changing it is refused.
   */
  async completeVerification(
    verificationId: string,
    outcome: VerificationOutcome,
  ): Promise<E.Either<DomainError, Charge>> {
    return this.streams.guard(async () => {
      if (!isPrefixedUuid('vrf', verificationId)) return E.left(verificationNotFound());
      const stream = verificationStream(sha256Hex(verificationId));
      const [opened] = await this.streams.read(stream);
      if (!opened) return E.left(verificationNotFound());
      const { chargeId } = this.streams.open<{ chargeId: string }>(stream, opened.data);
      return this.onCharge(chargeId, (state) => this.decideVerification(state, verificationId, outcome));
    });
  }

  private async load(chargeId: string): Promise<ChargeState | undefined> {
    if (!isPrefixedUuid('ch', chargeId)) return undefined;
    const stream = chargeStream(chargeId);
    return foldCharge(this.streams, stream, await this.streams.read(stream));
  }

  /** Reads the charge, decides, appends at the revision read; a concurrent write makes it read and decide again. */
  private async onCharge<A>(
    chargeId: string,
    decide: (
      state: ChargeState,
    ) => E.Either<DomainError, { readonly answer: A; readonly event?: { type: string; record: unknown } }>,
  ): Promise<E.Either<DomainError, A>> {
    const stream = chargeStream(chargeId);
    for (let attempt = 1; ; attempt++) {
      const state = await this.load(chargeId);
      if (!state) return E.left(chargeNotFound());
      const decided = decide(state);
      if (E.isLeft(decided) || !decided.right.event)
        return E.map((decision: { answer: A }) => decision.answer)(decided);
      const { type, record } = decided.right.event;
      try {
        await this.streams.append(stream, [{ type, data: this.streams.seal(stream, record) }], state.revision);
        return E.right(decided.right.answer);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private decideRefund(state: ChargeState, request: RefundRequest) {
    const { charge } = state;
    if (charge.status !== 'succeeded') {
      return E.left(conflict('charge_not_refundable', `a ${charge.status} charge cannot be refunded`));
    }
    const remaining = new Decimal(charge.amount.amount).sub(state.refunded);
    const amount =
      request.amount === undefined ? E.right(remaining) : parseFiatAmount(request.amount, charge.amount.currency);
    if (E.isLeft(amount)) return amount;
    if (request.idempotencyKey.trim() === '') return E.left(noKey());
    const fingerprint = requestFingerprint(
      charge.chargeId,
      request.amount === undefined ? 'rest' : canonicalAmount(amount.right),
    );
    const keyHash = sha256Hex(request.idempotencyKey);
    const earlier = state.refunds.get(keyHash);
    if (earlier) return earlier.fingerprint === fingerprint ? E.right({ answer: earlier.refund }) : E.left(keyReused());
    if (amount.right.lte(0) || amount.right.gt(remaining)) {
      return E.left(
        conflict(
          'refund_exceeds_charge',
          `at most ${canonicalAmount(remaining)} ${charge.amount.currency} can be refunded`,
          {
            remainingAmount: canonicalAmount(remaining),
          },
        ),
      );
    }
    const refund: CardRefund = {
      refundId: `re_${derivedUuid('refund', `${charge.chargeId}:${request.idempotencyKey}`)}`,
      chargeId: charge.chargeId,
      amount: { amount: canonicalAmount(amount.right), currency: charge.amount.currency },
      status: 'succeeded',
      createdAt: this.options.clock.now().toISOString(),
    };
    return E.right({ answer: refund, event: { type: CHARGE_REFUNDED, record: { refund, keyHash, fingerprint } } });
  }

  private decideVerification(state: ChargeState, verificationId: string, outcome: VerificationOutcome) {
    const { charge } = state;
    if (charge.status !== 'requires-verification') {
      const same = (charge.status === 'succeeded') === (outcome === 'succeeded');
      return same
        ? E.right({ answer: charge })
        : E.left(conflict('verification_already_completed', 'this verification was already completed'));
    }
    // A step opened by an attempt that lost the race for this charge is not this charge's step.
    if (charge.verification.id !== verificationId) return E.left(verificationNotFound());
    const facts: ChargeFacts = {
      chargeId: charge.chargeId,
      amount: charge.amount,
      card: charge.card,
      createdAt: charge.createdAt,
    };
    const completed: Charge =
      outcome === 'succeeded' ? { ...facts, status: 'succeeded' } : declinedCharge(facts, 'authentication_failed');
    return E.right({ answer: completed, event: { type: CHARGE_VERIFIED, record: { charge: completed } } });
  }

  private async decide(chargeId: string, card: VaultedCard, amount: Money): Promise<Charge> {
    const now = this.options.clock.now();
    const facts: ChargeFacts = {
      chargeId,
      amount,
      card: { brand: card.brand, last4: card.last4 },
      createdAt: now.toISOString(),
    };
    if (isExpired(card.expMonth, card.expYear, now)) return declinedCharge(facts, 'expired_card');
    const decline = declineOf(card.behaviour);
    if (decline) return declinedCharge(facts, decline);
    if (card.behaviour !== 'require-verification') return { ...facts, status: 'succeeded' };
    const id = `vrf_${this.options.ids.uuid()}`;
    // Opened before the charge names it: a crash in between leaves a step no charge answers to.
    const stream = verificationStream(sha256Hex(id));
    await this.streams.create(stream, [{ type: VERIFICATION_OPENED, data: this.streams.seal(stream, { chargeId }) }]);
    const url = (this.options.verificationUrl ?? DEFAULT_VERIFICATION_URL)(id);
    return { ...facts, status: 'requires-verification', verification: { id, type: '3ds', url } };
  }
}
