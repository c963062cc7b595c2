import * as E from 'fp-ts/lib/Either.js';
import { Decimal, formatDecimal, invalid, parseDecimal, type DomainError } from '@paykit/kernel';
import { parseIsoTimestamp } from '@paykit/kernel';

/** At most `limit` spent by one user within any rolling `windowHours`, in one currency. */
export interface PurchaseLimitPolicy {
  readonly limit: string;
  readonly currency: string;
  readonly windowHours: number;
}

/** A purchase that counts toward the limit, in the policy's currency. */
export interface RecentPurchase {
  readonly amount: string;
  readonly at: string;
}

export interface PurchaseLimitInput {
  readonly policy: PurchaseLimitPolicy;
  /** The purchase being attempted, in the policy's currency. */
  readonly amount: string;
  readonly recentPurchases: readonly RecentPurchase[];
  readonly now: string;
}

export interface PurchaseAllowed {
  /** What is left to spend in the window after this purchase. */
  readonly remainingAmount: string;
}

const HOUR_MS = 3_600_000;

/**
 * Refuses a purchase that would take the user's spend within the rolling window above the
 * limit. The error is `invalid` (HTTP 400): the spec's order endpoints answer business
 * refusals with a 400 body, and this one is fixed by sending a smaller amount, not by
 * retrying the same request. hoursUntilReset is how long until every purchase now in the
 * window has left it (the full limit is back), rounded up to whole hours; remainingAmount is
 * what may be spent right now. All four parameters are strings.
 */
export const checkPurchaseLimit = (input: PurchaseLimitInput): E.Either<DomainError, PurchaseAllowed> => {
  const now = parseIsoTimestamp(input.now);
  const amount = parseDecimal(input.amount);
  const limit = parseDecimal(input.policy.limit);
  const purchases = input.recentPurchases.flatMap((purchase) => {
    const parsed = { amount: parseDecimal(purchase.amount), at: parseIsoTimestamp(purchase.at) };
    return parsed.amount && parsed.at !== null ? [{ amount: parsed.amount, at: parsed.at }] : [];
  });
  if (
    now === null ||
    !amount ||
    !limit ||
    purchases.length !== input.recentPurchases.length ||
    !(input.policy.windowHours > 0)
  ) {
    return E.left(
      invalid('invalid_purchase_limit_input', 'the purchase limit check needs decimal amounts and ISO times'),
    );
  }
  const windowMs = input.policy.windowHours * HOUR_MS;
  const inWindow = purchases.filter((purchase) => purchase.at > now - windowMs);
  const spent = inWindow.reduce((sum, purchase) => sum.add(purchase.amount), new Decimal(0));
  const remaining = Decimal.max(limit.sub(spent), 0);
  if (amount.lte(remaining)) return E.right({ remainingAmount: formatDecimal(remaining.sub(amount)) });
  const latest = inWindow.reduce((max, purchase) => Math.max(max, purchase.at), -Infinity);
  return E.left(
    purchaseLimitExceeded({
      policy: input.policy,
      amount,
      remaining,
      resetsAt: latest === -Infinity ? null : latest + windowMs,
      now,
    }),
  );
};

/** Where the buyer's limit stands when a purchase does not fit: what is left, and when the whole limit is back. */
export interface PurchaseLimitStanding {
  readonly policy: PurchaseLimitPolicy;
  /** The purchase refused. */
  readonly amount: Decimal;
  readonly remaining: Decimal;
  /** When every purchase now in the window has left it (ms since the epoch); null when none is in it. */
  readonly resetsAt: number | null;
  readonly now: number;
}

/**
 * The refusal of a purchase above what is left of the limit: `single_purchase_exceeded` (400)
 * with amount, limit, hoursUntilReset (rounded up to whole hours) and remainingAmount, all strings.
 */
export const purchaseLimitExceeded = ({
  policy,
  amount,
  remaining,
  resetsAt,
  now,
}: PurchaseLimitStanding): DomainError => {
  const untilReset = resetsAt === null ? 0 : Math.max(0, Math.ceil((resetsAt - now) / HOUR_MS));
  const limit = formatDecimal(new Decimal(policy.limit));
  return invalid(
    'single_purchase_exceeded',
    `This purchase of ${formatDecimal(amount)} ${policy.currency} exceeds the limit of ` +
      `${limit} ${policy.currency} per ${policy.windowHours} hours; ` +
      `${formatDecimal(remaining)} can be spent now`,
    {
      amount: formatDecimal(amount),
      limit,
      hoursUntilReset: String(untilReset),
      remainingAmount: formatDecimal(remaining),
    },
  );
};
