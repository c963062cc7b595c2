import * as E from 'fp-ts/lib/Either.js';
import { conflict, domainError, invalid, type Clock, type DomainError } from '@paykit/kernel';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { canonicalAmount, parseFiatAmount } from '../money/amount.js';
import { derivedUuid, isPrefixedUuid, requestFingerprint } from '../state/derived-ids.js';
import { memoryProviderState, type ProviderState } from '../state/provider-state.js';
import { ProviderStreams } from '../state/provider-streams.js';
import type { BankAccountVaultPort } from './bank-account-vault-port.js';
import type { CreatePayoutRequest, Payout, PayoutRailPort } from './payout-port.js';
import { behaviourOfAccount, type SandboxAccountBehaviour } from './test-accounts.js';

export interface SandboxPayoutRailOptions {
  readonly vault: BankAccountVaultPort;
  readonly clock: Clock;
  readonly faults?: SandboxFaults;
  /** From acceptance to leaving for the bank network (default one minute). */
  readonly sendDelayMs?: number;
  /** From sending to settling in the account, or being returned (default fifteen minutes). */
  readonly settlementDelayMs?: number;
  /** Where payouts are kept (sealed): the service's event store. A memory store of its own by default. */
  readonly state?: ProviderState;
}

export const DEFAULT_SEND_DELAY_MS = 60_000;
export const DEFAULT_SETTLEMENT_DELAY_MS = 15 * 60_000;

const PAYOUT_CREATED = 'SandboxPayoutCreated';

const payoutStream = (payoutId: string): string => `sandboxPayout-${payoutId}`;

/** Sealed in `SandboxPayoutCreated`: everything its status follows from, with the clock. */
interface PayoutRecord {
  readonly payout: Omit<Payout, 'status'>;
  readonly behaviour: SandboxAccountBehaviour;
  readonly sendsAt: number;
  readonly settlesAt: number;
  readonly fingerprint: string;
}

const ACCOUNT_CLOSED = {
  code: 'account_closed',
  message: 'The receiving bank returned the payout: the account is closed',
};

const notFound = () => domainError('not_found', 'payout_not_found', 'no payout has this id');
const keyReused = () =>
  conflict('idempotency_key_reused', 'this idempotency key was used before with different parameters');

/**
 * The sandbox payout rail: a payout is pending, then sent, then settled, each step after a
 * configurable delay on the injected clock; magic account numbers fail or never settle (see
 * `behaviourOfAccount`). A payout is one stream named by its idempotency key, appended at
 * `no_stream` (docs/adr/0432), holding when it sends and settles: its status is computed from
 * those facts and the clock whenever asked, so a restart, or another instance, simply resumes.
 */
export class SandboxPayoutRail implements PayoutRailPort {
  private readonly faults: SandboxFaults;
  private readonly streams: ProviderStreams;

  constructor(private readonly options: SandboxPayoutRailOptions) {
    this.faults = options.faults ?? new SandboxFaults();
    this.streams = new ProviderStreams(options.state ?? memoryProviderState(), 'payouts', options.clock);
  }

  async createPayout(request: CreatePayoutRequest): Promise<E.Either<DomainError, Payout>> {
    const failure = this.faults.failureOf('payouts', 'createPayout');
    if (failure) return E.left(failure);
    const amount = parseFiatAmount(request.amount, request.currency);
    if (E.isLeft(amount)) return amount;
    if (request.reference.trim() === '') return E.left(invalid('invalid_reference', 'a payout needs a reference'));
    const key = request.idempotencyKey ?? request.reference;
    if (key.trim() === '') return E.left(invalid('invalid_idempotency_key', 'an idempotency key is required'));
    const fingerprint = requestFingerprint(
      request.paymentMethodToken,
      canonicalAmount(amount.right),
      request.currency,
      request.reference,
    );
    const payoutId = `po_${derivedUuid('payout', key)}`;
    return this.streams.guard(async () => {
      const earlier = await this.load(payoutId);
      if (earlier) return earlier.fingerprint === fingerprint ? E.right(this.view(earlier)) : E.left(keyReused());
      const account = await this.options.vault.describeBankAccount(request.paymentMethodToken);
      if (E.isLeft(account)) {
        return account.left.kind === 'not_found'
          ? E.left(invalid('payment_method_token_invalid', 'the payment method token is not known to the payout rail'))
          : account;
      }
      if (account.right.currency !== request.currency) {
        return E.left(
          invalid(
            'currency_mismatch',
            `the bank account is paid in ${account.right.currency}, not ${request.currency}`,
          ),
        );
      }
      const now = this.options.clock.now().getTime();
      const sendsAt = now + (this.options.sendDelayMs ?? DEFAULT_SEND_DELAY_MS);
      const record: PayoutRecord = {
        payout: {
          payoutId,
          amount: { amount: canonicalAmount(amount.right), currency: request.currency },
          reference: request.reference,
          accountSuffix: account.right.accountSuffix,
          createdAt: new Date(now).toISOString(),
        },
        behaviour: behaviourOfAccount(account.right.accountSuffix),
        sendsAt,
        settlesAt: sendsAt + (this.options.settlementDelayMs ?? DEFAULT_SETTLEMENT_DELAY_MS),
        fingerprint,
      };
      const stream = payoutStream(payoutId);
      if (await this.streams.create(stream, [{ type: PAYOUT_CREATED, data: this.streams.seal(stream, record) }])) {
        return E.right(this.view(record));
      }
      // The same key was paid out first by another call (another instance): that payout is the answer.
      const winner = await this.load(payoutId);
      return winner?.fingerprint === fingerprint ? E.right(this.view(winner)) : E.left(keyReused());
    });
  }

  async getPayout(payoutId: string): Promise<E.Either<DomainError, Payout>> {
    const failure = this.faults.failureOf('payouts', 'getPayout');
    if (failure) return E.left(failure);
    return this.streams.guard(async () => {
      const record = await this.load(payoutId);
      return record ? E.right(this.view(record)) : E.left(notFound());
    });
  }

  private async load(payoutId: string): Promise<PayoutRecord | undefined> {
    if (!isPrefixedUuid('po', payoutId)) return undefined;
    const stream = payoutStream(payoutId);
    const [created] = await this.streams.read(stream);
    return created ? this.streams.open<PayoutRecord>(stream, created.data) : undefined;
  }

  private view(record: PayoutRecord): Payout {
    const now = this.options.clock.now().getTime();
    if (now < record.sendsAt) return { ...record.payout, status: 'pending' };
    const sent = { ...record.payout, sentAt: new Date(record.sendsAt).toISOString() };
    if (now < record.settlesAt || record.behaviour === 'never-settle') return { ...sent, status: 'sent' };
    const at = new Date(record.settlesAt).toISOString();
    return record.behaviour === 'account-closed'
      ? { ...sent, status: 'failed', failedAt: at, failureReason: ACCOUNT_CLOSED }
      : { ...sent, status: 'settled', settledAt: at };
  }
}
