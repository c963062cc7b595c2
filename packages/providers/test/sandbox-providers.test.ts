import { quoteOrder } from '@paykit/orders';
import { createSandboxProviders } from '../src/index.js';
import { clockAt, ids, KEY, leftOf, rightOf } from './support.js';

describe('createSandboxProviders', () => {
  const providers = () => {
    const clock = clockAt();
    return {
      clock,
      ...createSandboxProviders({ environment: 'staging', clock, ids: ids('wired'), encryptionKey: KEY }),
    };
  };

  it('wires an onramp: price, quote, tokenize, charge', async () => {
    const { pricing, cardVault, cardProcessor } = providers();
    const price = rightOf(await pricing.priceOf({ itemLocator: 'base-sepolia:usdxm', currency: 'usd' }));
    const quote = rightOf(
      quoteOrder({
        price,
        execution: { mode: 'exact-in', amount: '50', maxSlippageBps: '500' },
        quotedAt: '2026-01-01T00:00:00Z',
        ttlSeconds: 300,
      }),
    );
    const card = rightOf(
      await cardVault.tokenizeCard({ number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '314' }),
    );
    const charge = rightOf(
      await cardProcessor.charge({
        token: card.token,
        amount: quote.totalPrice.amount,
        currency: 'usd',
        idempotencyKey: 'order-1',
      }),
    );
    expect([charge.status, charge.amount.amount]).toEqual(['succeeded', '50']);
  });

  it('wires an offramp: tokenize the account, pay out, settle', async () => {
    const { clock, bankAccountVault, payoutRail } = providers();
    const account = rightOf(
      await bankAccountVault.tokenizeBankAccount({ accountNumber: '55550000', routingNumber: '110000000' }),
    );
    const payout = rightOf(
      await payoutRail.createPayout({
        paymentMethodToken: account.token,
        amount: '99',
        currency: 'usd',
        reference: 'order-2',
      }),
    );
    clock.advance(24 * 3_600_000);
    expect(rightOf(await payoutRail.getPayout(payout.payoutId)).status).toBe('settled');
  });

  it('shares one fault plan across every party', async () => {
    const { faults, pricing, kyc } = providers();
    faults.inject({ operation: '*', kind: 'unavailable', times: 2 });
    expect(leftOf(await pricing.priceOf({ itemLocator: 'solana:sol', currency: 'usd' })).kind).toBe('unavailable');
    expect(leftOf(await kyc.startInquiry({ userId: 'u' })).kind).toBe('unavailable');
    expect(rightOf(await kyc.startInquiry({ userId: 'u' })).status).toBe('approved');
  });
});
