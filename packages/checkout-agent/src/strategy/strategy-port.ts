import type {
  BlockedCode,
  CheckoutRunInput,
  FailureReason,
  InputAction,
  InputInteraction,
  Receipt,
} from '@paykit/checkout-runs';
import type { DomainError, Money } from '@paykit/kernel';
import type * as E from 'fp-ts/lib/Either.js';
import type { Page } from 'playwright-core';
import type { RunnerLogger } from '../logger.js';
import type { PaymentAllowance } from '../payment/allowance.js';
import type { SafeHttp } from '../safety/safe-http.js';

/**
 * Who buys and where it ships (the API's buyer profile; extra fields are ignored). Never card
 * details: `paymentToken` is a card-vault token, when the profile's owner has one.
 */
export interface BuyerProfile {
  readonly name?: { readonly first: string; readonly last: string };
  readonly contact?: { readonly email?: string; readonly phone?: string };
  readonly shipping?: {
    readonly addressLines: readonly string[];
    readonly locality: string;
    readonly administrativeAreaCode?: string;
    readonly postalCode?: string;
    readonly countryCode: string;
  };
  readonly paymentToken?: string;
}

/** The user's answer to a question, as the run recorded it. */
export interface InputAnswerView {
  readonly action: InputAction;
  readonly value?: unknown;
  readonly text?: string;
  /** A protected answer: a reference to the secret held outside the event stream. */
  readonly secretRef?: string;
}

/** What declaring a payment gave: go ahead, or stop because the total is above maxCost. */
export type PaymentStart =
  | { readonly kind: 'started'; readonly attemptId: string; readonly totalInMaxCostCurrency: string }
  | { readonly kind: 'over_max_cost'; readonly totalInMaxCostCurrency: string; readonly maxCost: Money }
  /** The total could not be converted into maxCost's currency: nothing can be compared, nothing is paid. */
  | { readonly kind: 'not_priced'; readonly message: string };

export interface PaymentToken {
  readonly token: string;
  /** The vault / processor the token belongs to. */
  readonly provider: string;
  /** What may be shown of the card behind the token (delegate_payment's `display_*` fields), when known. */
  readonly card?: {
    readonly brand: string;
    readonly last4: string;
    readonly expMonth: number;
    readonly expYear: number;
  };
  /** The run's payment allowance in the currency asked for (see `paymentToken`). */
  readonly allowance?: PaymentAllowance;
}

export interface VirtualCard {
  readonly number: string; // digits only
  readonly expMonth: number; // 1-12
  readonly expYear: number; // four digits
  readonly cvc: string;
  readonly cardholderName: string; // the buyer's name, or the project's name
  readonly brand: 'visa' | 'mastercard';
  readonly last4: string;
}
export interface CardAuthorization {
  readonly authorizationId: string;
  readonly amount: Money; // decimal string + ISO currency (uppercase)
  readonly merchant: { readonly name: string; readonly url: string };
  readonly approved: boolean;
  readonly declineCode?: CardDeclineCode;
  readonly at: string; // ISO time
}
export type CardDeclineCode =
  | 'over_cap'
  | 'merchant_mismatch'
  | 'card_closed'
  | 'already_authorized'
  | 'card_expired'
  | 'incorrect_cvc'
  | 'currency_mismatch'
  | 'unknown_card';

/**
 * What a strategy may do on its run. Every method that changes the run may throw `RunStopped`
 * (cancelled, ended elsewhere, lease lost, runner stopped): a strategy must let it propagate,
 * after cleaning up at the merchant if it wants to (see `isRunStopped`).
 */
export interface StrategyContext {
  readonly runId: string;
  readonly input: CheckoutRunInput;
  /** The buyer profile the run names, or null when it names none. */
  readonly buyer: BuyerProfile | null;
  /** Guarded HTTP: every URL and redirect passes the URL guard. */
  readonly http: SafeHttp;
  /** Aborted when this runner stops working on the run (killed, lease lost). */
  readonly signal: AbortSignal;
  readonly logger: RunnerLogger;
  /**
   * Records a step (with the key of its screenshot in the blob store, when one was taken).
   * Between steps the run is re-read: a cancel, a spent budget or a lost lease stop it here.
   */
  step(action: string, url: string, screenshotRef?: string): Promise<void>;
  /** Narrates to the user (an agent message). */
  tell(text: string): Promise<void>;
  /** Asks the user (`requiredAction`) and waits for the answer. */
  ask(question: string, interaction: InputInteraction): Promise<InputAnswerView>;
  /**
   * How an amount seen before checkout (a product's price) compares with maxCost, converted the
   * way `startPayment` converts totals. Records nothing; `unknown` when it cannot be converted.
   */
  compareWithMaxCost(amount: Money): Promise<'within' | 'above' | 'unknown'>;
  /**
   * A card-vault token to pay with; fetched before `startPayment`, so a vault outage pays nothing.
   * With `allowanceIn` (the merchant's currency) it carries the run's allowance: maxCost in that
   * currency and an expiry, for a token delegated to the merchant (docs/adr/0252).
   */
  paymentToken(allowanceIn?: string): Promise<E.Either<DomainError, PaymentToken>>;
  /**
   * Declares the payment of `total` (the merchant's final total, in its currency) before any
   * money moves. The run converts it into maxCost's currency and the domain refuses it above
   * maxCost. From `started` until an outcome (or `paymentNotCharged`), an unconfirmed ending is
   * `reconciliation_required`.
   */
  startPayment(total: Money): Promise<PaymentStart>;
  /** The declared payment took nothing (refused before capture). */
  paymentNotCharged(attemptId: string): Promise<void>;
  /**
   * The virtual card issued for the payment `startPayment` accepted (attemptId): capped at the
   * declared total, in its currency, locked to the merchant's site, one authorization, closed when
   * the run ends. Issued on the first call, the same card after. Its details go into card fields
   * only: never into a step, message, log, prompt or picture.
   */
  virtualCard(attemptId: string): Promise<E.Either<DomainError, VirtualCard>>;
  /** What the card's issuer saw for this payment: each authorization, approved or declined. */
  cardAuthorizations(attemptId: string): Promise<readonly CardAuthorization[]>;
  /**
   * The run's browser page is open: from now until the run ends it is the run's live view (the
   * snapshot's `browser`). A no-op where no live view is configured.
   */
  attachBrowser(page: Page): Promise<void>;
}

export type StrategyOutcome =
  | { readonly kind: 'succeeded'; readonly summary: string; readonly receipt: Receipt | null }
  | { readonly kind: 'blocked'; readonly code: BlockedCode; readonly summary: string }
  | { readonly kind: 'failed'; readonly reason: FailureReason; readonly detail: string };

/** A checkout a strategy has recognised it can carry out at the run's merchant. */
export interface PreparedCheckout {
  run(context: StrategyContext): Promise<StrategyOutcome>;
}

/**
 * One way of checking out: the agentic-checkout API today, a browser flow and a model-driven
 * one later. Strategies are tried in order; the first that recognises the merchant runs.
 */
export interface CheckoutStrategy {
  readonly name: string;
  /** Looks at the merchant (it may record steps); null when this strategy cannot check out there. */
  recognise(context: StrategyContext): Promise<PreparedCheckout | null>;
}

/** Finds the buyer profile a run names (the API looks it up by id under the run's owner). */
export type BuyerProfileSource = (run: {
  readonly runId: string;
  readonly projectId: string;
  readonly owner: string;
  readonly input: CheckoutRunInput;
}) => Promise<BuyerProfile | null>;

export const noBuyerProfiles: BuyerProfileSource = async () => null;
