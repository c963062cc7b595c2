import { ManualClock } from '@paykit/kernel';
import { cardFieldErrors, passesLuhn } from '../src/payments/card.js';
import { createTestPaymentGateway, TEST_CARDS } from '../src/payments/gateway.js';
import { formatUsd, toDecimalString } from '../src/pricing/money.js';
import { taxOn } from '../src/pricing/tax.js';

describe('money and tax', () => {
  it('formats minor units for pages and for structured data', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(5)).toBe('$0.05');
    expect(toDecimalString(2500)).toBe('25.00');
  });

  it('rounds tax half up to the cent at the destination rate', () => {
    expect(taxOn(5400, { country: 'US', state: 'CA' })).toBe(392); // 391.5
    expect(taxOn(8900, { country: 'US', state: 'CA' })).toBe(645); // 645.25
    expect(taxOn(1000, { country: 'US', state: 'OR' })).toBe(0);
    expect(taxOn(1000, { country: 'US', state: 'ZZ' })).toBe(50);
    expect(taxOn(1000, { country: 'DE' })).toBe(190);
  });
});

describe('test cards and tokens', () => {
  const clock = new ManualClock('2026-11-21T00:00:00Z');

  it('accepts the documented test cards and rejects bad numbers and past expiry dates', () => {
    expect(passesLuhn(TEST_CARDS.approved)).toBe(true);
    expect(passesLuhn(TEST_CARDS.declined)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(cardFieldErrors({ card_number: '4242 4242 4242 4242', card_expiry: '11/26' }, clock)).toEqual({});
    expect(cardFieldErrors({ card_number: '4242', card_expiry: '10/26' }, clock)).toEqual({
      card_number: 'Your card number is invalid.',
      card_expiry: 'Enter a valid expiry date (MM/YY).',
    });
  });

  it('follows the token convention: "decline" declines, other tok_ tokens pay, anything else is invalid', async () => {
    const gateway = createTestPaymentGateway();
    const pay = (token: string) =>
      gateway.authorize({
        method: { kind: 'token', token, provider: 'paykit' },
        amount: 100,
        currency: 'USD',
        reference: 'cs_1',
      });
    expect(await pay('tok_visa')).toEqual({ outcome: 'approved', paymentId: 'pay_000001' });
    expect((await pay('tok_card_DECLINED')).outcome).toBe('declined');
    expect((await pay('pm_123')).outcome).toBe('invalid');
  });
});
