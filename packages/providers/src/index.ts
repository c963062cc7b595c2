export * from './environment.js';

// Failure injection shared by the sandboxes, and the errors of an outside party.
export * from './faults/provider-errors.js';
export * from './faults/sandbox-faults.js';
export * from './faults/parse-fault-rules.js';

// AES-256-GCM, for stores that keep secrets at rest.
export * from './encryption/aes-gcm.js';

export * from './money/amount.js';

// Pricing: the price table quotes are computed from.
export * from './pricing/pricing-port.js';
export * from './pricing/sandbox-pricing.js';
// The sandbox market's figures, for the test-mode page (ADR 0815).
export { FIAT_TERMS, OFFRAMP_SERVICE_FEE, ONRAMP_SERVICE_FEE } from './pricing/fee-schedule.js';
export { ASSETS as SANDBOX_ASSETS, CHAINS as SANDBOX_PRICED_CHAINS } from './pricing/market-data.js';
export { tokenNotSupported } from './pricing/resolve-item.js';
// The production source: Coinbase's spot prices, with a staleness limit (docs/adr/0912).
export * from './pricing/coinbase/index.js';

// Cards: the vault that tokenizes card details, and the processor that charges tokens.
export * from './cards/card-number.js';
export * from './cards/card-vault-port.js';
export * from './cards/card-processor-port.js';
export * from './cards/test-cards.js';
export * from './cards/sandbox-card-vault.js';
export * from './cards/sandbox-card-processor.js';
export * from './cards/card-webhooks-port.js';
// The production processor: Stripe's PaymentIntents and webhooks (docs/adr/0900).
export * from './cards/stripe/index.js';

// Card issuing: a virtual card per agent checkout, its spending controls and the network's authorization decision.
export * from './card-issuing/card-issuing-port.js';
export * from './card-issuing/card-network.js';
export * from './card-issuing/merchant-origin.js';
export * from './card-issuing/authorization-decision.js';
export { SANDBOX_ISSUER_BIN, isSandboxIssuerNumber } from './card-issuing/card-numbers.js';
export {
  type IssuedCardCommand,
  type IssuedCardEvent,
  type IssuedCardState,
  issuedCardDecider,
} from './card-issuing/issued-card-decider.js';
export { ISSUED_CARD_STREAM_PREFIX } from './card-issuing/issued-card-streams.js';
export * from './card-issuing/sandbox-card-issuer.js';
export * from './card-issuing/stripe/index.js';

// KYC: identity checks.
export * from './kyc/kyc-port.js';
export * from './kyc/sandbox-outcome.js';
export * from './kyc/sandbox-kyc.js';
// The production provider: Stripe Identity's verification sessions and webhooks (docs/adr/0910).
export * from './kyc/stripe-identity/index.js';

// Payouts: the bank-account vault and the payout rail.
export * from './payouts/bank-account-vault-port.js';
export * from './payouts/payout-port.js';
export * from './payouts/test-accounts.js';
export * from './payouts/sandbox-bank-account-vault.js';
export * from './payouts/sandbox-payout-rail.js';
// The production rail: Stripe payouts to a connected account's bank account (docs/adr/0911).
export * from './payouts/stripe/index.js';

// Blob storage for identity documents.
export * from './blobs/blob-store-port.js';
export * from './blobs/memory-blob-store.js';
export * from './blobs/file-blob-store.js';
export { EventStoreBlobStore, type EventStoreBlobStoreOptions, blobStream } from './blobs/event-store-blob-store.js';
export { importBlobFiles, openEventStoreBlobStore } from './blobs/legacy-blob-files.js';

// Where the sandboxes keep what they hold: the event store the service runs on.
export * from './state/provider-state.js';

export * from './sandbox-providers.js';

// Chains: balances, transfers, receipts, deposits and the staging faucet (sandbox ledger, EVM JSON-RPC).
export * from './chains/index.js';
