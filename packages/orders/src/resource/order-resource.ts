import type { Money } from '@paykit/kernel';
import type { FailureReason } from '../quote/delivery-price.js';
import type { ExecutionMode } from '../quote/execution-parameters.js';
import type { QuantityRange } from '../quote/quote.js';
import type { ChargesResource } from './charges.js';
import type {
  CardVerification,
  DeliveredToken,
  DeliveryStatus,
  KycPreparation,
  LineItemMetadata,
} from '../order/model.js';
import type { OrderPhase, PaymentStatus, QuoteStatus } from '../order/status.js';

/** The spec's Order resource, as the API returns it. */
export interface OrderResource {
  readonly orderId: string;
  readonly phase: OrderPhase;
  readonly locale: string;
  readonly lineItems: readonly LineItemResource[];
  readonly quote: {
    readonly status: QuoteStatus;
    readonly quotedAt: string;
    readonly expiresAt: string;
    readonly totalPrice: Money;
  };
  readonly payment: PaymentResource;
}

export interface LineItemResource {
  readonly chain?: string;
  readonly metadata: LineItemMetadata;
  readonly quote: {
    readonly status: QuoteStatus;
    readonly charges: ChargesResource;
    readonly totalPrice: Money;
    readonly quantityRange: QuantityRange;
  };
  readonly executionMode: ExecutionMode;
  readonly executionParams: { readonly mode: ExecutionMode; readonly amount: string };
  /** A JSON number as the spec says; the exact string is in quantityRange and delivery.tokens. */
  readonly quantity: number;
  /**
   * Token items: the spec's "mint function arguments plus a quantity". Tokens bought here are
   * delivered by transfer, not minted, so there are no arguments: the quantity, exact (ADR 0111).
   */
  readonly callData?: { readonly quantity: string };
  readonly maxSlippageBps?: string;
  readonly delivery: DeliveryResource;
}

export interface DeliveryResource {
  readonly status: DeliveryStatus;
  readonly rail?: string;
  readonly completedAt?: string;
  readonly recipient: {
    readonly locator?: string;
    readonly email?: string;
    readonly walletAddress?: string;
    readonly paymentMethodId?: string;
  };
  readonly txId?: string;
  readonly tokens?: readonly DeliveredToken[];
  readonly failureReason?: FailureReason;
}

export interface CryptoPaymentPreparation {
  readonly chain: string;
  readonly payerAddress: string;
  readonly serializedTransaction: string;
  /** Where the deposit goes, for payers that send the transfer themselves (with the memo) instead of broadcasting serializedTransaction. */
  readonly depositAddress: string;
  readonly transactionParameters: { readonly amount: string; readonly memo: string };
}

/** Exactly one kind of preparation at a time: what the payer must do next. */
export type PaymentPreparation =
  CryptoPaymentPreparation | { readonly kyc: KycPreparation } | { readonly cardVerification: CardVerification };

export interface PaymentResource {
  readonly status: PaymentStatus;
  readonly method: string;
  readonly currency: string;
  /**
   * What the buyer pays for the order, in the payment currency (the list's currency filter
   * matches its currency): the quote's total until a payment is received, then the amount received.
   */
  readonly totalPaid: Money;
  readonly preparation?: PaymentPreparation;
  readonly received?: {
    readonly chain?: string;
    readonly txId?: string;
    readonly amount: string;
    readonly currency: string;
  };
  readonly refunded?: Money;
  readonly receiptEmail?: string;
  readonly failureReason?: FailureReason;
}
