import { Decimal } from '@paykit/kernel';
import { priceDelivery, quoteOrder } from '@paykit/orders';
import { SandboxFaults, SandboxPricing } from '../../src/index.js';
import { leftOf, rightOf } from '../support.js';

const staging = (faults?: SandboxFaults) => new SandboxPricing({ environment: 'staging', ...(faults && { faults }) });
const production = new SandboxPricing({ environment: 'production' });

describe('SandboxPricing: onramp prices', () => {
  it('prices a staging token in usd with card fees, network fee and sales tax', async () => {
    expect(rightOf(await staging().priceOf({ itemLocator: 'base-sepolia:usdxm', currency: 'usd' }))).toEqual({
      itemLocator: 'base-sepolia:usdxm',
      itemDecimals: 6,
      currency: 'usd',
      currencyDecimals: 2,
      unitPrice: '1',
      fees: [
        { type: 'service-fee', rateBps: '150', fixed: '0.3' },
        { type: 'network-fee', fixed: '0.05' },
      ],
      salesTaxRate: '0.0725',
    });
  });

  it('converts prices and fixed fees into eur and gbp, rounding fees up to the cent', async () => {
    const eur = rightOf(await staging().priceOf({ itemLocator: 'ethereum-sepolia:eth', currency: 'eur' }));
    expect([eur.unitPrice, eur.fees, eur.salesTaxRate, eur.itemDecimals]).toEqual([
      '2760',
      [
        { type: 'service-fee', rateBps: '150', fixed: '0.28' },
        { type: 'network-fee', fixed: '1.38' },
      ],
      '0',
      18,
    ]);
    const gbp = rightOf(await staging().priceOf({ itemLocator: 'solana:sol', currency: 'gbp' }));
    expect([gbp.unitPrice, gbp.fees.map((fee) => fee.fixed), gbp.itemDecimals]).toEqual(['118.5', ['0.24', '0.04'], 9]);
  });

  it('prices usdc in staging as the test stablecoin, echoing the locator asked for', async () => {
    const entry = rightOf(await staging().priceOf({ itemLocator: 'polygon-amoy:usdc', currency: 'usd' }));
    expect([entry.itemLocator, entry.itemDecimals, entry.unitPrice]).toEqual(['polygon-amoy:usdc', 6, '1']);
  });

  it('prices main-network tokens in production only', async () => {
    expect(rightOf(await production.priceOf({ itemLocator: 'base:usdc', currency: 'usd' })).unitPrice).toBe('1');
    expect(rightOf(await production.priceOf({ itemLocator: 'polygon:pol', currency: 'usd' })).unitPrice).toBe('0.5');
    const error = leftOf(await production.priceOf({ itemLocator: 'base-sepolia:eth', currency: 'usd' }));
    expect(error).toMatchObject({
      kind: 'invalid',
      code: 'token_not_supported',
      parameters: { tokenLocator: 'base-sepolia:eth' },
    });
    expect(leftOf(await staging().priceOf({ itemLocator: 'base:eth', currency: 'usd' })).code).toBe(
      'token_not_supported',
    );
    expect(leftOf(await production.priceOf({ itemLocator: 'base:usdxm', currency: 'usd' })).code).toBe(
      'token_not_supported',
    );
  });

  it.each([
    'solana:doge',
    'mars:eth',
    'base-sepolia',
    'base-sepolia:eth:1',
    'base-sepolia:0x0000000000000000000000000000000000000001',
  ])('answers token_not_supported for %p', async (itemLocator) => {
    expect(leftOf(await staging().priceOf({ itemLocator, currency: 'usd' })).code).toBe('token_not_supported');
  });

  it('refuses a payment currency that is not fiat', async () => {
    const error = leftOf(await staging().priceOf({ itemLocator: 'solana:sol', currency: 'usdc' }));
    expect(error).toMatchObject({ kind: 'invalid', code: 'currency_not_supported', parameters: { currency: 'usdc' } });
    expect(leftOf(await staging().priceOf({ itemLocator: 'solana:sol', currency: 'jpy' })).code).toBe(
      'currency_not_supported',
    );
  });

  it('prices other spellings of a token through the injected canonical locator', async () => {
    const address = 'base-sepolia:0xDc701122B8afFF800A94b86c03D2222D10efbA90';
    const pricing = new SandboxPricing({
      environment: 'staging',
      canonicalTokenLocator: (locator) => (locator === address ? 'base-sepolia:usdxm' : undefined),
    });
    const entry = rightOf(await pricing.priceOf({ itemLocator: address, currency: 'usd' }));
    expect([entry.itemLocator, entry.itemDecimals]).toEqual([address, 6]);
  });

  it('gives entries every quote can be built on', async () => {
    const pricing = staging();
    for (const item of rightOf(await pricing.supportedItems())) {
      for (const currency of item.currencies) {
        const entry = rightOf(await pricing.priceOf({ itemLocator: item.itemLocator, currency }));
        const quote = quoteOrder({
          price: entry,
          execution: { mode: 'exact-in', amount: '100', maxSlippageBps: '500' },
          quotedAt: '2026-01-01T00:00:00Z',
          ttlSeconds: 300,
        });
        expect(rightOf(quote).totalPrice).toEqual({ amount: '100', currency });
      }
    }
  });
});

describe('SandboxPricing: offramp prices', () => {
  it('prices fiat in the stablecoin deposited, with a 1% fee and no tax', async () => {
    expect(rightOf(await staging().priceOf({ itemLocator: 'fiat:usd', currency: 'usdc' }))).toEqual({
      itemLocator: 'fiat:usd',
      itemDecimals: 2,
      currency: 'usdc',
      currencyDecimals: 6,
      unitPrice: '1',
      fees: [{ type: 'service-fee', rateBps: '100' }],
      salesTaxRate: '0',
    });
    expect(rightOf(await staging().priceOf({ itemLocator: 'fiat:eur', currency: 'usdxm' })).unitPrice).toBe('1.09');
    expect(rightOf(await production.priceOf({ itemLocator: 'fiat:gbp', currency: 'usdc' })).unitPrice).toBe('1.27');
  });

  it('refuses fiat it does not pay out and stablecoins of the other environment', async () => {
    expect(leftOf(await staging().priceOf({ itemLocator: 'fiat:jpy', currency: 'usdc' })).code).toBe(
      'currency_not_supported',
    );
    expect(leftOf(await production.priceOf({ itemLocator: 'fiat:usd', currency: 'usdxm' })).code).toBe(
      'currency_not_supported',
    );
    expect(leftOf(await staging().priceOf({ itemLocator: 'fiat:usd', currency: 'usd' })).code).toBe(
      'currency_not_supported',
    );
  });
});

describe('SandboxPricing: market moves', () => {
  const onramp = { mode: 'exact-in' as const, amount: '100', maxSlippageBps: '500' };

  it('moves a price in every currency, adding moves up, until reset', async () => {
    const pricing = staging();
    pricing.moveMarket('base-sepolia:eth', 300);
    expect(rightOf(await pricing.priceOf({ itemLocator: 'base-sepolia:eth', currency: 'usd' })).unitPrice).toBe('3090');
    expect(rightOf(await pricing.priceOf({ itemLocator: 'base-sepolia:eth', currency: 'eur' })).unitPrice).toBe(
      '2842.8',
    );
    expect(rightOf(await pricing.priceOf({ itemLocator: 'polygon-amoy:pol', currency: 'usd' })).unitPrice).toBe('0.5');
    pricing.moveMarket('base-sepolia:eth', -1000);
    expect(rightOf(await pricing.priceOf({ itemLocator: 'base-sepolia:eth', currency: 'usd' })).unitPrice).toBe('2781');
    pricing.resetMarket();
    expect(rightOf(await pricing.priceOf({ itemLocator: 'base-sepolia:eth', currency: 'usd' })).unitPrice).toBe('3000');
  });

  it('moves the test stablecoin under either of its names', async () => {
    const pricing = staging();
    pricing.moveMarket('solana:usdc', 100);
    expect(rightOf(await pricing.priceOf({ itemLocator: 'solana:usdxm', currency: 'usd' })).unitPrice).toBe('1.01');
  });

  it('fixes a price in one currency', async () => {
    const pricing = staging();
    pricing.setPrice('fiat:usd', 'usdc', '0.98');
    expect(rightOf(await pricing.priceOf({ itemLocator: 'fiat:usd', currency: 'usdc' })).unitPrice).toBe('0.98');
    expect(rightOf(await pricing.priceOf({ itemLocator: 'fiat:usd', currency: 'usdxm' })).unitPrice).toBe('1');
  });

  it('drives the slippage rule between quote and delivery', async () => {
    const pricing = staging();
    const quoted = rightOf(await pricing.priceOf({ itemLocator: 'base-sepolia:eth', currency: 'usd' }));
    const [lineItem] = rightOf(
      quoteOrder({ price: quoted, execution: onramp, quotedAt: '2026-01-01T00:00:00Z', ttlSeconds: 300 }),
    ).lineItems;
    if (!lineItem) throw new Error('a quote has a line item');
    const deliveryPrice = async () =>
      new Decimal(rightOf(await pricing.priceOf({ itemLocator: 'base-sepolia:eth', currency: 'usd' })).unitPrice);

    pricing.moveMarket('base-sepolia:eth', 400);
    expect(priceDelivery(lineItem, await deliveryPrice()).ok).toBe(true);
    pricing.moveMarket('base-sepolia:eth', 200);
    const failed = priceDelivery(lineItem, await deliveryPrice());
    expect(failed.ok ? 'delivered' : failed.failureReason.code).toBe('slippage-tolerance-exceeded');
  });

  it('refuses moves of unlisted items and impossible moves', () => {
    expect(() => staging().moveMarket('base:eth', 100)).toThrow(RangeError);
    expect(() => staging().moveMarket('base-sepolia:eth', -10_000)).toThrow(RangeError);
    expect(() => staging().moveMarket('base-sepolia:eth', 1.5)).toThrow(RangeError);
    expect(() => staging().setPrice('base-sepolia:eth', 'usd', '0')).toThrow(RangeError);
  });
});

describe('SandboxPricing: catalogue and failures', () => {
  it('lists the native token and the stablecoin of every chain of its environment', async () => {
    const items = rightOf(await staging().supportedItems());
    expect(items).toHaveLength(18);
    expect(items).toContainEqual({
      itemLocator: 'base-sepolia:usdxm',
      itemDecimals: 6,
      currencies: ['usd', 'eur', 'gbp'],
    });
    expect(items).toContainEqual({ itemLocator: 'stellar:xlm', itemDecimals: 7, currencies: ['usd', 'eur', 'gbp'] });
    expect(rightOf(await production.supportedItems()).map((item) => item.itemLocator)).toContain('ethereum:usdc');
  });

  it('answers an outage or a timeout as unavailable', async () => {
    const faults = new SandboxFaults([
      { operation: 'pricing.priceOf', kind: 'timeout', times: 1 },
      { operation: 'pricing.priceOf', kind: 'unavailable', times: 1 },
    ]);
    const pricing = staging(faults);
    const request = { itemLocator: 'solana:sol', currency: 'usd' };
    expect(leftOf(await pricing.priceOf(request))).toMatchObject({ kind: 'unavailable', code: 'provider_timeout' });
    expect(leftOf(await pricing.priceOf(request))).toMatchObject({ kind: 'unavailable', code: 'provider_unavailable' });
    expect(rightOf(await pricing.priceOf(request)).unitPrice).toBe('150');
  });

  it('catches a malformed answer as upstream_invalid', async () => {
    const pricing = staging(new SandboxFaults([{ operation: 'pricing.*', kind: 'malformed' }]));
    expect(leftOf(await pricing.priceOf({ itemLocator: 'solana:sol', currency: 'usd' }))).toMatchObject({
      kind: 'upstream_invalid',
      code: 'invalid_price_table',
    });
    expect(leftOf(await pricing.supportedItems()).kind).toBe('upstream_invalid');
  });
});
