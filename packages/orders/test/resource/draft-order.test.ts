import * as E from 'fp-ts/lib/Either.js';
import { getOrThrow } from '@paykit/kernel';
import { draftOrder, type DraftOrderInput } from '../../src/index.js';
import { createOfframp, createOnramp } from '../fixtures.js';

const draftInput = ({ data }: ReturnType<typeof createOnramp>): DraftOrderInput => ({
  orderId: data.orderId,
  createdAt: data.createdAt,
  buyer: data.buyer,
  payment: data.payment,
  lineItems: data.lineItems,
  recipient: data.recipient,
  quote: data.quote,
});

describe('draftOrder', () => {
  it('quotes an onramp order with payment.status draft in the quote phase', () => {
    const resource = getOrThrow(draftOrder(draftInput(createOnramp())));
    expect(resource.phase).toBe('quote');
    expect(resource.payment).toEqual({
      status: 'draft',
      method: 'card',
      currency: 'usd',
      totalPaid: { amount: '100', currency: 'usd' },
      receiptEmail: 'buyer@example.com',
    });
    expect(resource.quote.totalPrice).toEqual({ amount: '100', currency: 'usd' });
    expect(resource.lineItems[0]!.quote.quantityRange.upperBound).toBe('0.036648');
  });

  it('quotes an offramp order without deposit instructions or an identity check', () => {
    const resource = getOrThrow(draftOrder(draftInput(createOfframp())));
    expect(resource.payment).toEqual({
      status: 'draft',
      method: 'base-sepolia',
      currency: 'usdc',
      totalPaid: { amount: '250', currency: 'usdc' },
      receiptEmail: 'seller@example.com',
    });
    expect(resource.lineItems[0]!.quantity).toBe(247.52);
  });

  it('applies the same rules as a placed order', () => {
    const twoItems = draftInput(createOnramp());
    const result = draftOrder({ ...twoItems, lineItems: [...twoItems.lineItems, ...twoItems.lineItems] });
    expect(E.isLeft(result) && result.left.code).toBe('invalid_line_items');
    const withEmail = draftOrder({ ...twoItems, recipient: { walletAddress: '0x1', email: 'a@b.co' } });
    expect(E.isLeft(withEmail) && withEmail.left.code).toBe('recipient_email_not_supported');
    const offramp = draftInput(createOfframp());
    const inEuros = draftOrder({ ...offramp, recipient: { ...offramp.recipient, payoutCurrency: 'eur' } });
    expect(E.isLeft(inEuros) && inEuros.left.code).toBe('currency_mismatch');
  });
});
