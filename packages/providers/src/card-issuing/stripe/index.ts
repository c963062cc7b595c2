export { type CardholderBilling, StripeCardIssuer, type StripeCardIssuerOptions } from './stripe-card-issuer.js';
export {
  type AuthorizationRequestAnswer,
  type AuthorizationWebhookAnswer,
  StripeAuthorizationRequests,
  type StripeAuthorizationRequestsOptions,
} from './stripe-authorization-requests.js';
