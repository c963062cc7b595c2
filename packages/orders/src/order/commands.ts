import type { Money } from '@paykit/kernel';
import type { ExecutionParametersInput } from '../quote/execution-parameters.js';
import type { Quote } from '../quote/quote.js';
import type {
  CardVerification,
  DepositInstructions,
  KycOutcome,
  KycPreparation,
  KycStanding,
  LineItemMetadata,
} from './model.js';

interface Command<Type extends string, Data> {
  readonly type: Type;
  readonly data: Data;
}

/** A line item as the client sent it, plus the catalogue metadata the handler resolved. */
export interface LineItemInput {
  readonly tokenLocator?: string;
  readonly currencyLocator?: string;
  readonly executionParameters: ExecutionParametersInput;
  readonly metadata: LineItemMetadata;
}

export interface OrderRequest {
  readonly locale?: string;
  readonly payment: {
    readonly method: string;
    readonly currency: string;
    readonly payerAddress?: string;
    readonly receiptEmail?: string;
  };
  readonly lineItems: readonly LineItemInput[];
  readonly recipient: {
    readonly walletAddress?: string;
    readonly email?: string;
    readonly paymentMethodId?: string;
    /** Offramp: the currency the saved payment method is paid out in (the line item must be in it). */
    readonly payoutCurrency?: string;
    readonly locator?: string;
  };
  /** The user the recipient wallet (onramp) or the caller (offramp) resolved to. */
  readonly buyer: { readonly userLocator: string };
}

/** What a quote needs, stored or not: the request, its price, an id and a time. */
export interface DraftOrderInput extends OrderRequest {
  readonly orderId: string;
  readonly createdAt: string;
  /** Priced outside (see quoteOrder) from the request's normalized execution parameters. */
  readonly quote: Quote;
}

export type CreateOrder = Command<
  'CreateOrder',
  DraftOrderInput & {
    /** sha256 of the client secret handed to the client; the secret itself is never stored. */
    readonly clientSecretHash: string;
    /**
     * The buyer's standing and the amount up to which no identity check is needed (in the
     * payment currency). Without a threshold, or in another currency, a check is always needed.
     */
    readonly kyc: { readonly standing: KycStanding; readonly noKycThreshold?: Money };
    /** Offramp: where to deposit, and the payer's ready-to-sign transaction when the payer is known. */
    readonly deposit?: DepositInstructions & { readonly serializedTransaction?: string };
  }
>;

export type ExpireQuote = Command<'ExpireQuote', { readonly now: string }>;
export type Requote = Command<'Requote', { readonly quote: Quote }>;

export type StartKycInquiry = Command<'StartKycInquiry', { readonly inquiry: KycPreparation }>;
export type RecordKycOutcome = Command<
  'RecordKycOutcome',
  { readonly inquiryId: string; readonly outcome: KycOutcome; readonly recordedAt: string }
>;

export type ProvideReceiptEmail = Command<'ProvideReceiptEmail', { readonly receiptEmail: string }>;
export type ProvideCryptoPayer = Command<
  'ProvideCryptoPayer',
  { readonly payerAddress: string; readonly serializedTransaction: string }
>;
export type RecordPayerFunds = Command<
  'RecordPayerFunds',
  { readonly balance: Money; readonly gasSufficient: boolean; readonly checkedAt: string }
>;

export type AuthorizeCardPayment = Command<
  'AuthorizeCardPayment',
  {
    /** Our id for this attempt, also the processor's idempotency key. */
    readonly paymentId: string;
    readonly amount: Money;
    /** Display details from the processor's token; never a card number. */
    readonly card?: { readonly brand: string; readonly last4: string };
    readonly now: string;
  }
>;
export type RecordCardPaymentResult = Command<
  'RecordCardPaymentResult',
  {
    readonly paymentId: string;
    readonly at: string;
    /** The processor's charge id, kept so the charge can be read again and refunded. */
    readonly chargeId?: string;
  } & (
    | { readonly outcome: 'succeeded' }
    | { readonly outcome: 'declined'; readonly message?: string }
    | { readonly outcome: 'requires-verification'; readonly verification: CardVerification }
  )
>;

/** A deposit as the chain gateway observed it (already final); `receivedAt` is its block time. */
export type RecordCryptoDeposit = Command<
  'RecordCryptoDeposit',
  {
    readonly chain: string;
    readonly txId: string;
    readonly amount: string;
    readonly currency: string;
    readonly memo: string;
    readonly from?: string;
    readonly to?: string;
    readonly receivedAt: string;
  }
>;

export type StartDelivery = Command<
  'StartDelivery',
  {
    readonly lineItemIndex?: number;
    /** The token transfer id (onramp) or the payout id (offramp). */
    readonly deliveryId: string;
    /** Onramp: the unit price the delivery executes at, in the quote's currency. */
    readonly executionPrice?: string;
    readonly rail?: string;
    readonly startedAt: string;
  }
>;
export type CompleteDelivery = Command<
  'CompleteDelivery',
  {
    readonly lineItemIndex?: number;
    readonly deliveryId: string;
    /** Onramp: the transfer's transaction and the token's on-chain description. */
    readonly txId?: string;
    readonly token?: {
      readonly contractAddress?: string;
      readonly tokenId?: string;
      readonly mintHash?: string;
      readonly symbol?: string;
      readonly decimals: number;
    };
    readonly completedAt: string;
  }
>;
export type FailDelivery = Command<
  'FailDelivery',
  { readonly lineItemIndex?: number; readonly code: string; readonly message: string; readonly failedAt: string }
>;

export type Refund = Command<
  'Refund',
  { readonly amount: Money; readonly reason: string; readonly reference: string; readonly refundedAt: string }
>;

export type OrderCommand =
  | CreateOrder
  | ExpireQuote
  | Requote
  | StartKycInquiry
  | RecordKycOutcome
  | ProvideReceiptEmail
  | ProvideCryptoPayer
  | RecordPayerFunds
  | AuthorizeCardPayment
  | RecordCardPaymentResult
  | RecordCryptoDeposit
  | StartDelivery
  | CompleteDelivery
  | FailDelivery
  | Refund;
