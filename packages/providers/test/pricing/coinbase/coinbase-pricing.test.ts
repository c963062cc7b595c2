import { ManualClock } from '@paykit/kernel';
import { CoinbasePricing, CoinbaseSpotPrices, type CoinbaseSpotPricesOptions } from '../../../src/index.js';
import { CoinbaseMock } from '../../support/coinbase-mock/coinbase-mock.js';
import { leftOf, rightOf } from '../../support.js';

const MAX_AGE_MS = 30_000;

let mock: CoinbaseMock;

beforeAll(async () => {
  mock = await CoinbaseMock.start();
});

// Fails when a request was not the operation recorded from Coinbase's API reference.
afterAll(() => mock.close());

const pricing = (options: Partial<CoinbaseSpotPricesOptions> = {}) => {
  const clock = new ManualClock('2026-01-01T00:00:00.000Z');
  const prices = new CoinbaseSpotPrices({
    apiBase: mock.url,
    clock,
    maxAgeMs: MAX_AGE_MS,
    timeoutMs: 2_000,
    ...options,
  });
  return { clock, pricing: new CoinbasePricing({ environment: 'production', prices }) };
};

describe('Coinbase spot prices against the recorded API reference', () => {
  it('prices a token at its spot price in the currency asked, with our fee schedule', async () => {
    mock.setPrice('ETH-EUR', '2780.55');
    const entry = rightOf(await pricing().pricing.priceOf({ itemLocator: 'base:eth', currency: 'eur' }));
    expect(entry).toMatchObject({
      itemLocator: 'base:eth',
      currency: 'eur',
      unitPrice: '2780.55',
      itemDecimals: 18,
      currencyDecimals: 2,
    });
    expect(entry.fees.map((fee) => fee.type)).toEqual(['service-fee', 'network-fee']);
    expect(mock.requests.at(-1)).toEqual({ path: '/v2/prices/ETH-EUR/spot', status: 200 });
  });

  it('prices a payout in fiat at the inverse of the stablecoin’s price, in its decimals', async () => {
    mock.setPrice('USDC-USD', '0.9998');
    const entry = rightOf(await pricing().pricing.priceOf({ itemLocator: 'fiat:usd', currency: 'usdc' }));
    expect(entry).toMatchObject({ unitPrice: '1.000201', itemDecimals: 2, currencyDecimals: 6 });
  });

  it('uses a price until it is MAX_AGE old and never after: then it asks again', async () => {
    mock.setPrice('SOL-USD', '150.10');
    const { clock, pricing: source } = pricing();
    const ask = () => source.priceOf({ itemLocator: 'solana:sol', currency: 'usd' });
    const before = mock.requests.length;
    expect(rightOf(await ask()).unitPrice).toBe('150.1');
    mock.setPrice('SOL-USD', '151.20');
    clock.advance(MAX_AGE_MS);
    expect(rightOf(await ask()).unitPrice).toBe('150.1');
    expect(mock.requests.length).toBe(before + 1);
    clock.advance(1);
    expect(rightOf(await ask()).unitPrice).toBe('151.2');
    expect(mock.requests.length).toBe(before + 2);
  });

  it('answers 503 rather than a stale price when the source is down', async () => {
    mock.setPrice('APT-USD', '8.02');
    const { clock, pricing: source } = pricing();
    const ask = () => source.priceOf({ itemLocator: 'aptos:apt', currency: 'usd' });
    rightOf(await ask());
    clock.advance(MAX_AGE_MS + 1);
    mock.fail('server-error');
    expect(leftOf(await ask())).toMatchObject({ kind: 'unavailable', code: 'provider_unavailable' });
  });

  it('answers no answer within the timeout as provider_timeout', async () => {
    mock.setPrice('SUI-USD', '3.1');
    mock.fail('timeout');
    const { pricing: source } = pricing({ timeoutMs: 150 });
    expect(leftOf(await source.priceOf({ itemLocator: 'sui:sui', currency: 'usd' }))).toMatchObject({
      kind: 'unavailable',
      code: 'provider_timeout',
    });
  });

  it.each(['not-json', 'wrong-shape'] as const)('answers a %s answer as upstream_invalid', async (fault) => {
    mock.setPrice('XLM-USD', '0.12');
    mock.fail(fault);
    expect(leftOf(await pricing().pricing.priceOf({ itemLocator: 'stellar:xlm', currency: 'usd' }))).toMatchObject({
      kind: 'upstream_invalid',
      code: 'provider_invalid_response',
    });
  });

  it('answers a pair Coinbase does not know as upstream_invalid, and refuses what we do not list before asking', async () => {
    expect(leftOf(await pricing().pricing.priceOf({ itemLocator: 'polygon:pol', currency: 'gbp' })).kind).toBe(
      'upstream_invalid',
    );
    const before = mock.requests.length;
    expect(leftOf(await pricing().pricing.priceOf({ itemLocator: 'base:doge', currency: 'usd' })).code).toBe(
      'token_not_supported',
    );
    expect(leftOf(await pricing().pricing.priceOf({ itemLocator: 'base:eth', currency: 'jpy' })).code).toBe(
      'currency_not_supported',
    );
    expect(mock.requests.length).toBe(before);
  });
});
