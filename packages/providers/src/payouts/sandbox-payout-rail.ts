import * as E from 'fp-ts/lib/Either.js';
import { domainError, invalid, type Clock, type DomainError, type IdGenerator } from '@paykit/kernel';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { fingerprintOf, IdempotencyLedger } from '../idempotency/idempotency-ledger.js';
import { canonicalAmount, parseFiatAmount } from '../money/amount.js';
import type { BankAccountVaultPort } from './bank-account-vault-port.js';
import type { CreatePayoutRequest, Payout, PayoutRailPort } from './payout-port.js';
import { behaviourOfAccount, type SandboxAccountBehaviour } from './test-accounts.js';

export interface SandboxPayoutRailOptions {
  readonly vault: BankAccountVaultPort;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly faults?: SandboxFaults;
  /** From acceptance to leaving for the bank network (default one minute). */
  readonly sendDelayMs?: number;
  /** From sending to settling in the account, or being returned (default fifteen minutes). */
  readonly settlementDelayMs?: number;
}

export const DEFAULT_SEND_DELAY_MS = 60_000;
export const DEFAULT_SETTLEMENT_DELAY_MS = 15 * 60_000;

interface PayoutRecord {
  readonly payout: Omit<Payout, 'status'>;
  readonly behaviour: SandboxAccountBehaviour;
  readonly sendsAt: number;
  readonly settlesAt: number;
}

const ACCOUNT_CLOSED = { code: 'account_closed', message: 'The receiving bank returned the payout: the account is closed' };

/**
 * The sandbox payout rail: a payout is pending, then sent, then settled, each step after a
 * configurable delay on the injected clock; magic account numbers fail or never settle (see
 * `behaviourOfAccount`). The status is computed when asked, so moving a ManualClock is all a
 * test does to settle a payout.
 */
export class SandboxPayoutRail implements PayoutRailPort {
  private readonly payouts = new Map<string, PayoutRecord>();
  private readonly keys = new IdempotencyLedger();
  private readonly faults: SandboxFaults;

  constructor(private readonly options: SandboxPayoutRailOptions) {
    this.faults = options.faults ?? new SandboxFaults();
  }

  async createPayout(request: CreatePayoutRequest): Promise<E.Either<DomainError, Payout>> {
    const failure = this.faults.failureOf('payouts', 'createPayout');
    if (failure) return E.left(failure);
    const amount = parseFiatAmount(request.amount, request.currency);
    if (E.isLeft(amount)) return amount;
    if (request.reference.trim() === '') return E.left(invalid('invalid_reference', 'a payout needs a reference'));
    const key = request.idempotencyKey ?? request.reference;
    const fingerprint = fingerprintOf(request.paymentMethodToken, canonicalAmount(amount.right), request.currency, request.reference);
    const earlier = this.keys.lookup(key, fingerprint);
    if (E.isLeft(earlier)) return earlier;
    const earlierPayout = earlier.right === undefined ? undefined : this.payouts.get(earlier.right);
    if (earlierPayout) return E.right(this.view(earlierPayout));
    const account = await this.options.vault.describeBankAccount(request.paymentMethodToken);
    if (E.isLeft(account)) {
      return account.left.kind === 'not_found'
        ? E.left(invalid('payment_method_token_invalid', 'the payment method token is not known to the payout rail'))
        : account;
    }
    if (account.right.currency !== request.currency) {
      return E.left(
        invalid('currency_mismatch', `the bank account is paid in ${account.right.currency}, not ${request.currency}`),
      );
    }
    const now = this.options.clock.now().getTime();
    const sendsAt = now + (this.options.sendDelayMs ?? DEFAULT_SEND_DELAY_MS);
    const record: PayoutRecord = {
      payout: {
        payoutId: `po_${this.options.ids.uuid()}`,
        amount: { amount: canonicalAmount(amount.right), currency: request.currency },
        reference: request.reference,
        accountSuffix: account.right.accountSuffix,
        createdAt: new Date(now).toISOString(),
      },
      behaviour: behaviourOfAccount(account.right.accountSuffix),
      sendsAt,
      settlesAt: sendsAt + (this.options.settlementDelayMs ?? DEFAULT_SETTLEMENT_DELAY_MS),
    };
    this.payouts.set(record.payout.payoutId, record);
    this.keys.record(key, fingerprint, record.payout.payoutId);
    return E.right(this.view(record));
  }

  async getPayout(payoutId: string): Promise<E.Either<DomainError, Payout>> {
    const failure = this.faults.failureOf('payouts', 'getPayout');
    if (failure) return E.left(failure);
    const record = this.payouts.get(payoutId);
    return record
      ? E.right(this.view(record))
      : E.left(domainError('not_found', 'payout_not_found', 'no payout has this id'));
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
