import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { fromMinorUnits } from '../../cards/stripe/minor-units.js';
import { providerInvalidResponse } from '../../faults/provider-errors.js';
import type { Payout, PayoutStatus } from '../payout-port.js';

export const REFERENCE_KEY = 'paykit_reference';

/** Stripe's payout statuses as ours: a canceled payout never reaches the account, like a returned one. */
const STATUSES: Readonly<Record<string, PayoutStatus>> = {
  pending: 'pending',
  in_transit: 'sent',
  paid: 'settled',
  failed: 'failed',
  canceled: 'failed',
};

const isoOf = (seconds: number): string => new Date(seconds * 1000).toISOString();

/**
 * A Stripe `payout` (its destination expanded) as ours; `upstream_invalid` when it is not one.
 * Stripe gives the arrival date, not the time each step happened: `settledAt` and `failedAt` are
 * that date; a returned payout names Stripe's failure code (`account_closed`, `no_account`, ...).
 */
export const payoutOf = (value: unknown): E.Either<DomainError, Payout> => {
  const payout = value as Partial<Record<string, unknown>> | null;
  const { id, status, amount, currency, created, metadata, destination } = payout ?? {};
  const mapped = typeof status === 'string' ? STATUSES[status] : undefined;
  const reference = (metadata as Record<string, unknown> | undefined)?.[REFERENCE_KEY];
  const last4 = (destination as { last4?: unknown } | null | undefined)?.last4;
  if (
    payout?.['object'] !== 'payout' ||
    typeof id !== 'string' ||
    mapped === undefined ||
    typeof amount !== 'number' ||
    typeof currency !== 'string' ||
    typeof created !== 'number'
  ) {
    return E.left(providerInvalidResponse('payouts', 'The payout rail answered with something that is not a payout'));
  }
  const arrival = typeof payout['arrival_date'] === 'number' ? isoOf(payout['arrival_date']) : isoOf(created);
  const code = payout['failure_code'];
  return E.right({
    payoutId: id,
    status: mapped,
    amount: fromMinorUnits(amount, currency),
    reference: typeof reference === 'string' ? reference : '',
    accountSuffix: typeof last4 === 'string' ? last4 : '',
    createdAt: isoOf(created),
    ...(mapped !== 'pending' && { sentAt: isoOf(created) }),
    ...(mapped === 'settled' && { settledAt: arrival }),
    ...(mapped === 'failed' && {
      failedAt: arrival,
      failureReason: {
        code: typeof code === 'string' ? code : String(status),
        message:
          typeof payout['failure_message'] === 'string' ? payout['failure_message'] : 'The payout did not arrive',
      },
    }),
  });
};
