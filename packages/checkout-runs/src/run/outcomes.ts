import type { Money } from '@paykit/kernel';

/** `failed.reason`, exactly as the spec enumerates it. */
export const FAILURE_REASONS = [
  'accounting_unavailable',
  'browser_location_unsupported',
  'browser_session_lost',
  'cancelled',
  'cost_limit',
  'input_expired',
  'model_error',
  'reconciliation_required',
  'runtime_error',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** `blocked.result.code`, exactly as the spec enumerates it. */
export const BLOCKED_CODES = [
  'merchant.access_blocked',
  'merchant.checkout_error',
  'merchant.fulfillment_unavailable',
  'merchant.human_verification_required',
  'merchant.no_safe_path',
  'merchant.payment_declined',
  'policy.max_cost_exceeded',
  'product.item_unavailable',
  'product.requested_option_unavailable',
] as const;
export type BlockedCode = (typeof BLOCKED_CODES)[number];

export const isFailureReason = (value: string): value is FailureReason =>
  (FAILURE_REASONS as readonly string[]).includes(value);
export const isBlockedCode = (value: string): value is BlockedCode =>
  (BLOCKED_CODES as readonly string[]).includes(value);

export interface Receipt {
  readonly total: Money;
  readonly merchantOrderId?: string;
}

/**
 * What was bought. `authorized` is what the card issuer approved on the run's virtual card (absent
 * when no virtual card paid): the receipt is what the shop says, this is what the card allowed.
 */
export type Purchase =
  | { readonly kind: 'receipt_captured'; readonly receipt: Receipt; readonly authorized?: Money }
  | { readonly kind: 'confirmed_without_receipt'; readonly authorized?: Money };

export interface SucceededResult {
  readonly outcome: 'succeeded';
  readonly summary: string;
  readonly purchase: Purchase;
}

export interface BlockedResult {
  readonly code: BlockedCode;
  readonly outcome: 'blocked';
  readonly summary: string;
}

export interface CancelledResult {
  readonly outcome: 'cancelled';
  readonly summary: string;
}

export type RunResult = SucceededResult | BlockedResult | CancelledResult;

/** result.summary: 1 to 2000 characters (Limits). */
export const SUMMARY_LIMITS = { min: 1, max: 2000 } as const;
