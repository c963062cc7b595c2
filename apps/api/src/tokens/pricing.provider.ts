import type { Provider } from '@nestjs/common';
import { type PricingPort, SandboxPricing } from '@paykit/providers';
import { resolveTokenLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';

/** The pricing port (`PricingPort`): what tokens cost and which can be bought; the orders area prices quotes with it. */
export const PRICING = Symbol('Pricing');

/** The sandbox price table of the deployment's environment; any spelling of a known token is priced. */
export const pricingProvider: Provider = {
  provide: PRICING,
  useFactory: (config: AppConfig): PricingPort =>
    new SandboxPricing({
      environment: config.APP_ENV,
      canonicalTokenLocator: (locator) => {
        const resolved = resolveTokenLocator(locator, config.APP_ENV);
        return E.isRight(resolved) ? resolved.right.locator : undefined;
      },
    }),
  inject: [APP_CONFIG],
};
