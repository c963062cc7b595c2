export { StripeMock, type RecordedStripeRequest, type StripeFault } from './stripe-mock.js';
export type { AuthenticationOutcome, NextActionKind } from './stripe-account.js';
export { TEST_PAYMENT_METHODS } from './test-payment-methods.js';
export type { NetworkAsk, RequestOutcome } from './issuing-account.js';
export type { IdentityOutcome } from './identity-sessions.js';
export { TEST_BANK_ACCOUNTS } from './bank-payouts.js';
