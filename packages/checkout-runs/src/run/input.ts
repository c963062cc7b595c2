import type { Money } from '@paykit/kernel';

/**
 * The run's input exactly as the API accepted it, after normalisation (countryCode trimmed
 * and uppercased). Echoed unchanged in every snapshot, so optional fields stay absent.
 */
export interface CheckoutRunInput {
  readonly constraints: { readonly maxCost: Money };
  readonly request: { readonly startUrl: string; readonly task?: string };
  readonly merchantGuidance?: string;
  readonly buyerProfileId?: string;
  readonly browser?: {
    readonly profileId?: string;
    readonly location?: { readonly type: 'country'; readonly countryCode: string };
  };
}

/** The max-cost amount shape of the spec: what the payment guard compares against. */
export const MAX_COST_SHAPE = { maxIntegerDigits: 15, maxFractionDigits: 6 } as const;
export const CURRENCY_CODE = /^[A-Z]{3}$/;
