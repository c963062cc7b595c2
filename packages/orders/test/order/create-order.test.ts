import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { orderDecider, paymentStatus, orderPhase, type CreateOrder, type Order } from '../../src/index.js';
import {
  EXPIRES_AT,
  PAYER,
  createOfframp,
  createOnramp,
  offrampCreated,
  onrampCreated,
  quoteFor,
  tokenPrice,
  TOKEN,
  TOKEN_METADATA,
  DEPOSIT_ADDRESS,
  MEMO,
  PAYMENT_METHOD_ID,
} from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);
const orderAfter = (command: CreateOrder): Order => fold(orderDecider, spec.given([]).when(command).events()) as Order;

describe('CreateOrder: onramp', () => {
  it('places a card order with its quote', () => {
    spec.given([]).when(createOnramp()).then([onrampCreated()]);
  });

  it('starts in the payment phase, awaiting payment when no identity check is needed', () => {
    const order = orderAfter(createOnramp());
    expect([orderPhase(order), paymentStatus(order)]).toEqual(['payment', 'awaiting-payment']);
  });

  it('asks for an identity check above the no-KYC threshold', () => {
    const command = createOnramp({
      kyc: { standing: 'unverified', noKycThreshold: { amount: '99.99', currency: 'usd' } },
    });
    spec
      .given([])
      .when(command)
      .then([onrampCreated({ kyc: { required: true, standing: 'unverified' } })]);
    expect(paymentStatus(orderAfter(command))).toBe('requires-kyc');
  });

  it.each([
    ['no threshold', undefined, true],
    ['a threshold in another currency', { amount: '1000', currency: 'eur' }, true],
    ['a total equal to the threshold', { amount: '100', currency: 'usd' }, false],
  ])('with %s, whether an identity check is required', (_, noKycThreshold, required) => {
    const command = createOnramp({ kyc: { standing: 'unverified', ...(noKycThreshold && { noKycThreshold }) } });
    expect(orderAfter(command).payment.kyc.required).toBe(required);
  });

  it.each([
    ['verified', 'awaiting-payment'],
    ['pending-review', 'manual-kyc'],
    ['rejected', 'failed-kyc'],
  ] as const)('a buyer whose standing is %s starts at %s', (standing, status) => {
    const command = createOnramp({ kyc: { standing } });
    expect(paymentStatus(orderAfter(command))).toBe(status);
  });

  it('asks for a receipt email when none was given', () => {
    const command = createOnramp({ payment: { method: 'card', currency: 'usd' } });
    expect(paymentStatus(orderAfter(command))).toBe('requires-email');
  });

  it('accepts exact-out with its own quote and keeps the default locale', () => {
    const execution = { mode: 'exact-out', amount: '0.5', maxSlippageBps: '500' } as const;
    const quote = quoteFor(tokenPrice, execution);
    const command = createOnramp({
      quote,
      locale: 'fr-FR',
      lineItems: [
        { tokenLocator: TOKEN, executionParameters: { mode: 'exact-out', amount: '0.5' }, metadata: TOKEN_METADATA },
      ],
    });
    const [event] = spec.given([]).when(command).events();
    expect(event).toMatchObject({ data: { locale: 'fr-FR', lineItems: [{ execution }], quote } });
  });
});

describe('CreateOrder: offramp', () => {
  it('places a stablecoin order with its deposit instructions', () => {
    spec.given([]).when(createOfframp()).then([offrampCreated()]);
  });

  it('waits for the payer wallet when none was given, without a deposit transaction', () => {
    const command = createOfframp({
      payment: { method: 'base-sepolia', currency: 'usdc' },
      deposit: { address: DEPOSIT_ADDRESS, memo: MEMO },
    });
    const [event] = spec.given([]).when(command).events();
    expect(event).toMatchObject({ data: { deposit: { address: DEPOSIT_ADDRESS, memo: MEMO } } });
    expect(paymentStatus(orderAfter(command))).toBe('requires-crypto-payer-address');
  });

  it('always asks an unverified seller for an identity check when no threshold is set', () => {
    expect(paymentStatus(orderAfter(createOfframp({ kyc: { standing: 'unverified' } })))).toBe('requires-kyc');
  });
});

describe('CreateOrder refusals', () => {
  const onramp = createOnramp().data;
  const offramp = createOfframp().data;
  it.each<[string, CreateOrder, string]>([
    [
      'two onramp line items',
      createOnramp({ lineItems: [...onramp.lineItems, ...onramp.lineItems] }),
      'invalid_line_items',
    ],
    ['no line item', createOnramp({ lineItems: [] }), 'invalid_line_items'],
    [
      'a recipient email',
      createOnramp({ recipient: { walletAddress: '0x1', email: 'a@b.co' } }),
      'recipient_email_not_supported',
    ],
    ['no recipient wallet', createOnramp({ recipient: {} }), 'recipient_wallet_required'],
    [
      'a payout method on onramp',
      createOnramp({ recipient: { walletAddress: '0x1', paymentMethodId: 'p' } }),
      'invalid_recipient',
    ],
    [
      'a payer address on a card order',
      createOnramp({ payment: { ...onramp.payment, payerAddress: PAYER } }),
      'invalid_payer_address',
    ],
    [
      'a malformed receipt email',
      createOnramp({ payment: { method: 'card', currency: 'usd', receiptEmail: 'nope' } }),
      'invalid_receipt_email',
    ],
    [
      'a token locator without an address',
      createOnramp({ lineItems: [{ ...onramp.lineItems[0]!, tokenLocator: 'base-sepolia' }] }),
      'invalid_token_locator',
    ],
    [
      'a currency locator on onramp',
      createOnramp({ lineItems: [{ ...onramp.lineItems[0]!, currencyLocator: 'fiat:usd' }] }),
      'invalid_token_locator',
    ],
    [
      'an offramp to a non-fiat locator',
      createOfframp({ lineItems: [{ ...offramp.lineItems[0]!, currencyLocator: 'crypto:usd' }] }),
      'invalid_currency_locator',
    ],
    [
      'an exact-out offramp',
      createOfframp({
        lineItems: [{ ...offramp.lineItems[0]!, executionParameters: { mode: 'exact-out', amount: '1' } }],
      }),
      'invalid_execution_mode',
    ],
    ['no payout method', createOfframp({ recipient: {} }), 'recipient_payment_method_required'],
    [
      'a payout method whose currency is unknown',
      createOfframp({ recipient: { paymentMethodId: PAYMENT_METHOD_ID } }),
      'payout_currency_required',
    ],
    [
      'a wallet on offramp',
      createOfframp({ recipient: { paymentMethodId: 'p', walletAddress: '0x1' } }),
      'invalid_recipient',
    ],
    ['no deposit instructions', createOfframp({ deposit: undefined }), 'deposit_instructions_required'],
    [
      'a payer without a deposit transaction',
      createOfframp({ deposit: { address: DEPOSIT_ADDRESS, memo: MEMO } }),
      'serialized_transaction_required',
    ],
    [
      'a quote for another amount',
      createOnramp({ quote: quoteFor(tokenPrice, { mode: 'exact-in', amount: '99', maxSlippageBps: '500' }) }),
      'quote_mismatch',
    ],
    [
      'a quote for another tolerance',
      createOnramp({ quote: quoteFor(tokenPrice, { mode: 'exact-in', amount: '100', maxSlippageBps: '100' }) }),
      'quote_mismatch',
    ],
    [
      'a quote in another currency',
      createOnramp({ payment: { ...onramp.payment, currency: 'eur' } }),
      'quote_mismatch',
    ],
    [
      'a quote whose total does not add up',
      createOnramp({ quote: { ...onramp.quote, totalPrice: { amount: '99', currency: 'usd' } } }),
      'quote_mismatch',
    ],
    ['a quote that expired before creation', createOnramp({ createdAt: EXPIRES_AT }), 'quote_expired'],
    ['a malformed creation time', createOnramp({ createdAt: 'now' }), 'invalid_timestamp'],
  ])('refuses %s', (_, command, code) => {
    spec.given([]).when(command).thenFails({ code });
  });

  it("refuses a payout in another currency than the payment method's, naming the line item", () => {
    spec
      .given([])
      .when(createOfframp({ recipient: { paymentMethodId: PAYMENT_METHOD_ID, payoutCurrency: 'eur' } }))
      .thenFails({
        kind: 'invalid',
        code: 'currency_mismatch',
        message: 'lineItems[0].currencyLocator: must be fiat:eur, the currency of the payment method',
        parameters: {
          issues: [
            { path: 'lineItems[0].currencyLocator', message: 'must be fiat:eur, the currency of the payment method' },
          ],
        },
      });
  });

  it('refuses to place an order twice', () => {
    spec.given([onrampCreated()]).when(createOnramp()).thenFails({ kind: 'conflict', code: 'order_already_exists' });
  });
});
