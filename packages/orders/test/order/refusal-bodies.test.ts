import type { DomainError } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { orderDecider, type OrderCommand, type OrderEvent } from '../../src/index.js';
import {
  AFTER_EXPIRY,
  DEPOSIT_ADDRESS,
  DEPOSIT_TX,
  EXPIRES_AT,
  LATER,
  MEMO,
  ONRAMP_EXECUTION,
  ORDER_ID,
  PAYER,
  PAYMENT_ID,
  PAYMENT_METHOD_ID,
  TRANSFER_ID,
  cardStarted,
  cardSucceeded,
  createOfframp,
  createOnramp,
  deliveryFailed,
  offrampCreated,
  onrampCreated,
  onrampDeliveryStarted,
  onrampQuote,
  paidOnramp,
  quoteFor,
  tokenPrice,
} from '../fixtures.js';

// The API turns a refusal into its error body `{ error, message, code, parameters }`: clients
// branch on the code and read the parameters, people read the message. So each refusal is held
// to all three: its kind (the status), its code, exactly its parameters, and a message that
// says what was wrong and names the values it refers to.

const spec = DeciderSpecification.for(orderDecider);

interface Refusal {
  readonly kind: DomainError['kind'];
  readonly code: string;
  readonly parameters?: Record<string, unknown>;
  /** What the message must say: the values it names, or the rule it states. */
  readonly says: readonly (string | RegExp)[];
}

const expectRefusal = (given: readonly OrderEvent[], command: OrderCommand, expected: Refusal) =>
  spec
    .given(given)
    .when(command)
    .thenFails((error) => {
      const { says, ...body } = expected;
      expect({ kind: error.kind, code: error.code, parameters: error.parameters }).toEqual(body);
      for (const part of says) {
        if (typeof part === 'string') expect(error.message).toContain(part);
        else expect(error.message).toMatch(part);
      }
    });

const authorize = (data: Partial<{ paymentId: string; amount: string; now: string }> = {}): OrderCommand => ({
  type: 'AuthorizeCardPayment',
  data: {
    paymentId: data.paymentId ?? PAYMENT_ID,
    amount: { amount: data.amount ?? onrampQuote.totalPrice.amount, currency: 'usd' },
    now: data.now ?? LATER,
  },
});
const cardResult = (paymentId: string, outcome: 'succeeded' | 'declined'): OrderCommand => ({
  type: 'RecordCardPaymentResult',
  data: { paymentId, at: LATER, outcome },
});
const deposit = (receivedAt = LATER): OrderCommand => ({
  type: 'RecordCryptoDeposit',
  data: {
    chain: 'base-sepolia',
    txId: DEPOSIT_TX,
    amount: '250',
    currency: 'usdc',
    memo: MEMO,
    from: PAYER,
    to: DEPOSIT_ADDRESS,
    receivedAt,
  },
});
const startDelivery = (data: { deliveryId?: string; executionPrice?: string; lineItemIndex?: number } = {}) =>
  ({
    type: 'StartDelivery',
    data: { deliveryId: TRANSFER_ID, executionPrice: '2500', startedAt: LATER, ...data },
  }) as OrderCommand;
const completeDelivery = (deliveryId = TRANSFER_ID): OrderCommand => ({
  type: 'CompleteDelivery',
  data: {
    deliveryId,
    txId: '0xdelivery01',
    token: { contractAddress: '0x4444444444444444444444444444444444444444', symbol: 'TT', decimals: 18 },
    completedAt: LATER,
  },
});
const refund = (amount: string, reference = 're_1'): OrderCommand => ({
  type: 'Refund',
  data: { amount: { amount, currency: 'usd' }, reason: 'delivery-failed', reference, refundedAt: LATER },
});
const refunded: OrderEvent = {
  type: 'OrderPaymentRefunded',
  data: {
    orderId: ORDER_ID,
    amount: { amount: '100', currency: 'usd' },
    method: 'card',
    reason: 'delivery-failed',
    reference: 're_1',
    refundedAt: LATER,
  },
};
const needsKyc = onrampCreated({ kyc: { required: true, standing: 'unverified' } });
const inquiry = { provider: 'persona', inquiryId: 'inq_1', sessionToken: 'sess_1', environmentId: 'env_sandbox' };
const kycDecided: OrderEvent[] = [
  needsKyc,
  { type: 'OrderKycInquiryStarted', data: { orderId: ORDER_ID, inquiry } },
  {
    type: 'OrderKycOutcomeRecorded',
    data: { orderId: ORDER_ID, inquiryId: 'inq_1', outcome: 'approved', recordedAt: LATER },
  },
];
const total = `${onrampQuote.totalPrice.amount} usd`;

describe('refusals name what was wrong (the error body a client reads)', () => {
  it.each<[string, readonly OrderEvent[], OrderCommand, Refusal]>([
    [
      'placing an order twice names the order',
      [onrampCreated()],
      createOnramp(),
      { kind: 'conflict', code: 'order_already_exists', parameters: { orderId: ORDER_ID }, says: [ORDER_ID] },
    ],
    [
      'a card payment on an offramp order',
      [offrampCreated()],
      authorize(),
      { kind: 'invalid', code: 'payment_method_mismatch', says: ['not paid by card'] },
    ],
    [
      'a crypto deposit on a card order',
      [onrampCreated()],
      deposit(),
      { kind: 'invalid', code: 'payment_method_mismatch', says: ['not paid by a crypto deposit'] },
    ],
    [
      'a second card attempt names the payment status',
      [onrampCreated(), cardStarted()],
      authorize({ paymentId: 'pay_0002' }),
      {
        kind: 'conflict',
        code: 'payment_not_allowed',
        parameters: { paymentStatus: 'in-progress' },
        says: ['in-progress'],
      },
    ],
    [
      'a payment on a paid order',
      paidOnramp(),
      authorize({ paymentId: 'pay_0002' }),
      { kind: 'conflict', code: 'payment_already_received', says: ['already been paid'] },
    ],
    [
      'a payment after the quote expired names the expiry',
      [onrampCreated()],
      authorize({ now: AFTER_EXPIRY }),
      {
        kind: 'conflict',
        code: 'quote_expired',
        parameters: { expiresAt: EXPIRES_AT },
        says: [EXPIRES_AT, 'new quote'],
      },
    ],
    [
      'another amount than the quoted total names both',
      [onrampCreated()],
      authorize({ amount: '99.99' }),
      {
        kind: 'invalid',
        code: 'payment_amount_mismatch',
        parameters: { expected: total, actual: '99.99 usd' },
        says: [total, '99.99 usd'],
      },
    ],
    [
      'expiring a valid quote names its expiry',
      [onrampCreated()],
      { type: 'ExpireQuote', data: { now: LATER } },
      { kind: 'conflict', code: 'quote_not_expired', parameters: { expiresAt: EXPIRES_AT }, says: [EXPIRES_AT] },
    ],
    [
      're-quoting an order whose quote is valid',
      [onrampCreated()],
      { type: 'Requote', data: { quote: quoteFor(tokenPrice, ONRAMP_EXECUTION, AFTER_EXPIRY) } },
      { kind: 'conflict', code: 'order_not_in_quote_phase', says: ['quote expired'] },
    ],
    [
      'an identity check the order does not need',
      [onrampCreated()],
      { type: 'StartKycInquiry', data: { inquiry } },
      { kind: 'conflict', code: 'kyc_not_required', says: ['identity check'] },
    ],
    [
      'a second identity check outcome',
      kycDecided,
      { type: 'RecordKycOutcome', data: { inquiryId: 'inq_1', outcome: 'declined', recordedAt: LATER } },
      { kind: 'conflict', code: 'kyc_already_decided', says: ['already been decided'] },
    ],
    [
      'a result for another card attempt names the attempt',
      [onrampCreated(), cardStarted()],
      cardResult('pay_other', 'succeeded'),
      { kind: 'invalid', code: 'unknown_payment_attempt', parameters: { paymentId: 'pay_other' }, says: ['pay_other'] },
    ],
    [
      'contradicting a final card result names the attempt',
      [onrampCreated(), cardStarted(), cardSucceeded()],
      cardResult(PAYMENT_ID, 'declined'),
      { kind: 'conflict', code: 'payment_attempt_finished', parameters: { paymentId: PAYMENT_ID }, says: [PAYMENT_ID] },
    ],
    [
      'a new receipt email once payment started',
      [onrampCreated(), cardStarted()],
      { type: 'ProvideReceiptEmail', data: { receiptEmail: 'other@example.com' } },
      { kind: 'conflict', code: 'payment_details_locked', says: ['payment has started'] },
    ],
    [
      'a malformed receipt email names the field',
      [onrampCreated({ payment: { method: 'card', currency: 'usd' } })],
      { type: 'ProvideReceiptEmail', data: { receiptEmail: 'x@' } },
      { kind: 'invalid', code: 'invalid_receipt_email', says: ['receiptEmail'] },
    ],
    [
      'a delivery of an unpaid order names the payment status',
      [onrampCreated()],
      startDelivery(),
      {
        kind: 'conflict',
        code: 'delivery_not_allowed',
        parameters: { paymentStatus: 'awaiting-payment' },
        says: ['awaiting-payment'],
      },
    ],
    [
      'a line item the order does not have names its index',
      paidOnramp(),
      startDelivery({ lineItemIndex: 1 }),
      { kind: 'invalid', code: 'unknown_line_item', parameters: { lineItemIndex: '1' }, says: ['line item 1'] },
    ],
    [
      'a delivery of a failed line item',
      [...paidOnramp(), deliveryFailed()],
      startDelivery({ deliveryId: 'transfer-2' }),
      { kind: 'conflict', code: 'delivery_already_finished', says: ['already been delivered or failed'] },
    ],
    [
      'a second delivery while one is under way',
      [...paidOnramp(), onrampDeliveryStarted()],
      startDelivery({ deliveryId: 'transfer-2' }),
      { kind: 'conflict', code: 'delivery_already_started', says: ['already under way'] },
    ],
    [
      'completing a delivery that never started',
      paidOnramp(),
      completeDelivery(),
      { kind: 'conflict', code: 'delivery_not_started', says: ['no delivery'] },
    ],
    [
      'completing another delivery names it',
      [...paidOnramp(), onrampDeliveryStarted()],
      completeDelivery('transfer-2'),
      { kind: 'invalid', code: 'unknown_delivery', parameters: { deliveryId: 'transfer-2' }, says: ['transfer-2'] },
    ],
    [
      'an onramp delivery without its execution price',
      paidOnramp(),
      startDelivery({ executionPrice: undefined }),
      { kind: 'invalid', code: 'execution_price_required', says: ['unit price'] },
    ],
    [
      'completing an onramp delivery without its transaction',
      [...paidOnramp(), onrampDeliveryStarted()],
      { type: 'CompleteDelivery', data: { deliveryId: TRANSFER_ID, completedAt: LATER } },
      { kind: 'invalid', code: 'tx_id_required', says: ['transaction id'] },
    ],
    [
      'refunding an unpaid order names the payment status',
      [onrampCreated()],
      refund('100'),
      { kind: 'conflict', code: 'refund_not_allowed', says: ['nothing was paid', 'awaiting-payment'] },
    ],
    [
      'refunding an order whose delivery did not fail',
      [...paidOnramp(), onrampDeliveryStarted()],
      refund('100'),
      { kind: 'conflict', code: 'refund_not_allowed', says: ['delivery failed'] },
    ],
    [
      'a second, different refund',
      [...paidOnramp(), deliveryFailed(), refunded],
      refund('100', 're_2'),
      { kind: 'conflict', code: 'already_refunded', says: ['already been refunded'] },
    ],
    [
      'a partial refund names the payment and the amount asked',
      [...paidOnramp(), deliveryFailed()],
      refund('50'),
      {
        kind: 'invalid',
        code: 'refund_amount_mismatch',
        parameters: { expected: '100 usd', actual: '50 usd' },
        says: ['100 usd', '50 usd'],
      },
    ],
    [
      'a malformed time names its field',
      [onrampCreated()],
      { type: 'ExpireQuote', data: { now: 'soon' } },
      { kind: 'invalid', code: 'invalid_timestamp', says: [/^now must be an ISO 8601 timestamp$/] },
    ],
    [
      'a deposit with a malformed time names its field',
      [offrampCreated()],
      deposit('block 12'),
      { kind: 'invalid', code: 'invalid_timestamp', says: [/^receivedAt must be/] },
    ],
    [
      'an order with a malformed creation time names its field',
      [],
      createOnramp({ createdAt: 'now' }),
      { kind: 'invalid', code: 'invalid_timestamp', says: [/^createdAt must be/] },
    ],
    [
      'a card payment with a malformed time names its field',
      [onrampCreated()],
      authorize({ now: 'noon' }),
      { kind: 'invalid', code: 'invalid_timestamp', says: [/^now must be an ISO 8601 timestamp$/] },
    ],
    [
      'an identity check outcome with a malformed time names its field',
      [needsKyc, { type: 'OrderKycInquiryStarted', data: { orderId: ORDER_ID, inquiry } }],
      { type: 'RecordKycOutcome', data: { inquiryId: 'inq_1', outcome: 'approved', recordedAt: 'today' } },
      { kind: 'invalid', code: 'invalid_timestamp', says: [/^recordedAt must be an ISO 8601 timestamp$/] },
    ],
    [
      'a crypto payer without its deposit transaction',
      [offrampCreated()],
      { type: 'ProvideCryptoPayer', data: { payerAddress: PAYER, serializedTransaction: '' } },
      { kind: 'invalid', code: 'invalid_payer', says: ['needs an address and its deposit transaction'] },
    ],
    [
      "a payer's balance in another currency names the one required",
      [offrampCreated()],
      {
        type: 'RecordPayerFunds',
        data: { balance: { amount: '300', currency: 'usd' }, gasSufficient: true, checkedAt: LATER },
      },
      { kind: 'invalid', code: 'balance_currency_mismatch', says: ['must be in usdc'] },
    ],
    [
      "a payer's balance that is not a decimal",
      [offrampCreated()],
      {
        type: 'RecordPayerFunds',
        data: { balance: { amount: 'lots', currency: 'usdc' }, gasSufficient: true, checkedAt: LATER },
      },
      { kind: 'invalid', code: 'invalid_amount', says: ['balance must be a decimal string'] },
    ],
    [
      'an execution price that is not positive names the field',
      paidOnramp(),
      startDelivery({ executionPrice: '0' }),
      { kind: 'invalid', code: 'invalid_execution_price', says: ['executionPrice must be a positive decimal'] },
    ],
  ])('%s', (_, given, command, expected) => {
    expectRefusal(given, command, expected);
  });
});

describe('an order request refused names the field at fault', () => {
  const onramp = createOnramp().data;
  const offramp = createOfframp().data;

  it.each<[string, OrderCommand, Refusal]>([
    [
      'an email recipient on onramp',
      createOnramp({ recipient: { walletAddress: onramp.recipient.walletAddress, email: 'a@example.com' } }),
      { kind: 'invalid', code: 'recipient_email_not_supported', says: ['recipient.email', 'recipient.walletAddress'] },
    ],
    [
      'no wallet on onramp',
      createOnramp({ recipient: {} }),
      { kind: 'invalid', code: 'recipient_wallet_required', says: ['recipient.walletAddress'] },
    ],
    [
      'a payment method as the onramp recipient',
      createOnramp({ recipient: { ...onramp.recipient, paymentMethodId: PAYMENT_METHOD_ID } }),
      { kind: 'invalid', code: 'invalid_recipient', says: ['recipient.paymentMethodId'] },
    ],
    [
      'no payout method on offramp',
      createOfframp({ recipient: {} }),
      { kind: 'invalid', code: 'recipient_payment_method_required', says: ['recipient.paymentMethodId'] },
    ],
    [
      'an email recipient on offramp',
      createOfframp({ recipient: { ...offramp.recipient, email: 'a@example.com' } }),
      { kind: 'invalid', code: 'invalid_recipient', says: ['recipient.paymentMethodId only'] },
    ],
    [
      'a currency locator on an onramp line item',
      createOnramp({ lineItems: [{ ...onramp.lineItems[0]!, currencyLocator: 'fiat:usd' }] }),
      { kind: 'invalid', code: 'invalid_token_locator', says: ['tokenLocator', 'chain:address'] },
    ],
    [
      'a token locator on an offramp line item',
      createOfframp({ lineItems: [{ ...offramp.lineItems[0]!, tokenLocator: 'base-sepolia:0x44' }] }),
      { kind: 'invalid', code: 'invalid_currency_locator', says: ['currencyLocator', 'fiat:<currency>'] },
    ],
    [
      'a payout method whose currency is unknown',
      createOfframp({ recipient: { paymentMethodId: PAYMENT_METHOD_ID } }),
      { kind: 'invalid', code: 'payout_currency_required', says: ['currency of its payment method'] },
    ],
    [
      'an offramp without deposit instructions',
      createOfframp({ deposit: undefined }),
      { kind: 'invalid', code: 'deposit_instructions_required', says: ['deposit address and memo'] },
    ],
    [
      'a payer without its deposit transaction',
      createOfframp({ deposit: { address: DEPOSIT_ADDRESS, memo: MEMO } }),
      { kind: 'invalid', code: 'serialized_transaction_required', says: ["payer's deposit transaction"] },
    ],
    [
      'two line items',
      createOnramp({ lineItems: [onramp.lineItems[0]!, onramp.lineItems[0]!] }),
      { kind: 'invalid', code: 'invalid_line_items', says: ['an onramp order takes exactly one line item'] },
    ],
    [
      'a receipt email that is not one',
      createOnramp({ payment: { ...onramp.payment, receiptEmail: 'buyer@' } }),
      { kind: 'invalid', code: 'invalid_receipt_email', says: ['payment.receiptEmail must be an email address'] },
    ],
    [
      'a payer address on a card order',
      createOnramp({ payment: { ...onramp.payment, payerAddress: PAYER } }),
      { kind: 'invalid', code: 'invalid_payer_address', says: ['payment.payerAddress', 'crypto payments only'] },
    ],
  ])('%s', (_, command, expected) => {
    expectRefusal([], command, expected);
  });
});

describe('a quote that does not fit the order says which rule it breaks', () => {
  const quote = onrampQuote;
  const priced = quote.lineItems[0]!;

  it.each<[string, OrderCommand, string | RegExp]>([
    [
      'expiring when it was quoted',
      createOnramp({ quote: { ...quote, expiresAt: quote.quotedAt } }),
      'quoted before it expires',
    ],
    [
      'an unparseable quote time',
      createOnramp({ quote: { ...quote, quotedAt: 'yesterday' } }),
      'quoted before it expires',
    ],
    ['pricing no line item', createOnramp({ quote: { ...quote, lineItems: [] } }), 'price every line item'],
    [
      'pricing another item for the same amount',
      createOnramp({
        quote: quoteFor(
          { ...tokenPrice, itemLocator: 'base-sepolia:0x5555555555555555555555555555555555555555' },
          ONRAMP_EXECUTION,
        ),
      }),
      'line item 0 prices another item or amount',
    ],
    [
      'pricing the same amount in another mode',
      createOnramp({ quote: quoteFor(tokenPrice, { ...ONRAMP_EXECUTION, mode: 'exact-out' }) }),
      'line item 0 prices another item or amount',
    ],
    [
      'pricing another amount',
      createOnramp({ quote: quoteFor(tokenPrice, { ...ONRAMP_EXECUTION, amount: '99' }) }),
      'line item 0 prices another item or amount',
    ],
    [
      'a line item total in another currency',
      createOnramp({
        quote: { ...quote, lineItems: [{ ...priced, totalPrice: { ...priced.totalPrice, currency: 'eur' } }] },
      }),
      'in the payment currency usd',
    ],
    [
      'a line item unit price in another currency',
      createOnramp({
        quote: { ...quote, lineItems: [{ ...priced, unitPrice: { ...priced.unitPrice, currency: 'eur' } }] },
      }),
      'in the payment currency usd',
    ],
    [
      'a total in another currency',
      createOnramp({ quote: { ...quote, totalPrice: { ...quote.totalPrice, currency: 'eur' } } }),
      'not the sum of its line items',
    ],
    [
      'a total that is not the sum',
      createOnramp({ quote: { ...quote, totalPrice: { ...quote.totalPrice, amount: '99' } } }),
      'not the sum of its line items',
    ],
  ])('%s', (_, command, says) => {
    expectRefusal([], command, { kind: 'invalid', code: 'quote_mismatch', says: [says] });
  });
});
