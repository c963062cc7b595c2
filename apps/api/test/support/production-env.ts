/**
 * Production with the sandbox named for each party that has no default there (ADR 0900): for
 * tests of production behaviour that take no card payment, card, KYC, payout or live price.
 */
export const PRODUCTION_WITH_SANDBOXES = {
  APP_ENV: 'production',
  CARD_PROCESSOR: 'sandbox',
  CARD_ISSUER: 'sandbox',
  KYC_PROVIDER: 'sandbox',
  PAYOUT_RAIL: 'sandbox',
  PRICE_SOURCE: 'sandbox',
} as const;
