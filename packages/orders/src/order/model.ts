import type { Money } from '@paykit/kernel';
import type { FailureReason } from '../quote/delivery-price.js';
import type { ExecutionParameters } from '../quote/execution-parameters.js';
import type { LineItemQuote, Quote } from '../quote/quote.js';

export type OrderKind = 'onramp' | 'offramp';

/** The buyer's identity-check standing as the identity service knows it when a command runs. */
export type KycStanding = 'verified' | 'unverified' | 'pending-review' | 'rejected';
export type KycOutcome = 'approved' | 'declined' | 'needs-review';

export const KYC_STANDING_AFTER: Readonly<Record<KycOutcome, KycStanding>> = {
  approved: 'verified',
  declined: 'rejected',
  'needs-review': 'pending-review',
};

export interface KycPreparation {
  readonly provider: string;
  readonly inquiryId: string;
  readonly sessionToken: string;
  readonly environmentId: string;
}

export interface LineItemMetadata {
  readonly name: string;
  readonly description: string;
  readonly imageUrl: string;
}

/** Onramp delivers to `walletAddress`; offramp pays out to `paymentMethodId`. */
export interface Recipient {
  readonly walletAddress?: string;
  readonly paymentMethodId?: string;
  /** How the recipient was named, e.g. a user locator; shown back as delivery.recipient.locator. */
  readonly locator?: string;
}

/** Where an offramp payer sends the stablecoin, and the memo that ties the deposit to the order. */
export interface DepositInstructions {
  readonly address: string;
  readonly memo: string;
}

export interface DeliveredToken {
  readonly locator: string;
  readonly contractAddress?: string;
  readonly tokenId?: string;
  readonly mintHash?: string;
  readonly quantity: string;
  readonly symbol?: string;
  readonly decimals: number;
}

export interface CardVerification {
  readonly type: string;
  readonly url: string;
}

export type CardAttemptState = 'authorizing' | 'requires-verification' | 'declined' | 'succeeded';

export interface CardAttempt {
  readonly paymentId: string;
  /** The processor's charge, once it answered. */
  readonly chargeId?: string;
  readonly amount: Money;
  readonly startedAt: string;
  readonly state: CardAttemptState;
  readonly verification?: CardVerification;
  readonly failureReason?: FailureReason;
}

export interface ReceivedPayment extends Money {
  readonly receivedAt: string;
  readonly chain?: string;
  readonly txId?: string;
  /** The card processor's payment id, for card payments. */
  readonly paymentId?: string;
  readonly chargeId?: string;
}

export interface RefundRecord extends Money {
  readonly reference: string;
  readonly refundedAt: string;
}

export interface PaymentState {
  readonly method: string;
  readonly currency: string;
  readonly receiptEmail?: string;
  readonly payerAddress?: string;
  readonly deposit?: DepositInstructions;
  readonly serializedTransaction?: string;
  readonly kyc: { readonly required: boolean; readonly standing: KycStanding; readonly inquiry?: KycPreparation };
  readonly funds?: { readonly sufficient: boolean; readonly gasSufficient: boolean };
  readonly card?: CardAttempt;
  readonly received?: ReceivedPayment;
  readonly refunded?: RefundRecord;
}

export type DeliveryStatus = 'awaiting-payment' | 'in-progress' | 'completed' | 'failed';

export interface DeliveryState {
  readonly status: DeliveryStatus;
  readonly deliveryId?: string;
  readonly startedAt?: string;
  readonly quantity?: string;
  readonly executionPrice?: string;
  readonly rail?: string;
  readonly txId?: string;
  readonly tokens?: readonly DeliveredToken[];
  readonly completedAt?: string;
  readonly failureReason?: FailureReason;
}

export interface LineItemState {
  /** The token locator (onramp) or the currency locator `fiat:<currency>` (offramp). */
  readonly locator: string;
  readonly chain?: string;
  readonly metadata: LineItemMetadata;
  readonly execution: ExecutionParameters;
  readonly quote: LineItemQuote;
  readonly delivery: DeliveryState;
}

export interface Order {
  readonly orderId: string;
  readonly kind: OrderKind;
  readonly createdAt: string;
  readonly locale: string;
  readonly buyer: { readonly userLocator: string };
  readonly clientSecretHash: string;
  readonly recipient: Recipient;
  readonly quote: Quote & { readonly expired: boolean };
  readonly payment: PaymentState;
  readonly lineItems: readonly LineItemState[];
}

/** No order yet (an empty stream), or the order folded from its events. */
export type OrderState = Order | null;
