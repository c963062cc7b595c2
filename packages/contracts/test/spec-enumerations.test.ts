import { AGENT_CHECKOUT_BLOCKED_CODES, AGENT_CHECKOUT_FAILURE_REASONS, IDENTITY_DOCUMENT_TYPES } from '../src/index.js';

// The lists are the domain's; these are the spec's own words, so a change to either shows here.
describe("the wire enumerations are the spec's", () => {
  it.each([
    [
      'failed reasons',
      AGENT_CHECKOUT_FAILURE_REASONS,
      'accounting_unavailable, browser_location_unsupported, browser_session_lost, cancelled, cost_limit, input_expired, model_error, reconciliation_required, runtime_error',
    ],
    [
      'blocked codes',
      AGENT_CHECKOUT_BLOCKED_CODES,
      'merchant.access_blocked, merchant.checkout_error, merchant.fulfillment_unavailable, merchant.human_verification_required, merchant.no_safe_path, merchant.payment_declined, policy.max_cost_exceeded, product.item_unavailable, product.requested_option_unavailable',
    ],
    [
      'document types',
      IDENTITY_DOCUMENT_TYPES,
      'id-idcard-back, id-idcard-front, id-passport, id-residency-permit, proof-of-address, selfie-front, selfie-left, selfie-right, source-of-wealth',
    ],
  ] as const)('%s', (_name, values, spec) => {
    expect([...values].sort()).toEqual(spec.split(', ').sort());
  });
});
