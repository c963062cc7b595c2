import type { Provider } from '@nestjs/common';
import type { Clock } from '@paykit/kernel';
import { CoinbasePricing, CoinbaseSpotPrices, type PricingPort, SandboxPricing } from '@paykit/providers';
import { resolveTokenLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../config/config.js';
import { priceSourceSettingsOf } from '../config/price-source-config.js';
import { APP_CONFIG, CLOCK } from '../infrastructure/tokens.js';

/** The pricing port (`PricingPort`): what tokens cost and which can be bought; the orders area prices quotes with it. */
export const PRICING = Symbol('Pricing');

/**
 * The price source PRICE_SOURCE names: Coinbase's spot prices (ADR 0912), or the sandbox price
 * table of the deployment's environment; any spelling of a known token is priced.
 */
export const pricingProvider: Provider = {
  provide: PRICING,
  useFactory: (config: AppConfig, clock: Clock): PricingPort => {
    const canonicalTokenLocator = (locator: string) => {
      const resolved = resolveTokenLocator(locator, config.APP_ENV);
      return E.isRight(resolved) ? resolved.right.locator : undefined;
    };
    const settings = priceSourceSettingsOf(config);
    if (settings.kind === 'coinbase') {
      const prices = new CoinbaseSpotPrices({ ...settings, clock });
      return new CoinbasePricing({ environment: config.APP_ENV, prices, canonicalTokenLocator });
    }
    return new SandboxPricing({ environment: config.APP_ENV, canonicalTokenLocator });
  },
  inject: [APP_CONFIG, CLOCK],
};
