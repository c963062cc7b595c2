import { problemsOf } from '../config.js';
import { priceSourceSettingsOf } from '../price-source-config.js';
import type { ProductionParty } from './production-party.js';

/** Token prices quotes are made on: Coinbase spot prices (docs/adr/0912). */
export const pricingParty: ProductionParty = {
  name: 'pricing',
  problems: (config) =>
    config.PRICE_SOURCE === 'coinbase'
      ? problemsOf(() => priceSourceSettingsOf(config))
      : ['PRICE_SOURCE: must be coinbase: the sandbox quotes a fixed market'],
  example: { PRICE_SOURCE: 'coinbase' },
};
