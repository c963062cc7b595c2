export { CoinbasePricing, type CoinbasePricingOptions } from './coinbase-pricing.js';
export { COINBASE_API_VERSION, CoinbaseSpotPrices, type CoinbaseSpotPricesOptions } from './coinbase-spot-prices.js';
