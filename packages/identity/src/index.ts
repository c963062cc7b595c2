export * from './common/calendar-date.js';
export * from './common/field-error.js';
export * from './common/user-locator.js';

// Identity documents: types, the data URI check, one current document per user and type.
export * from './documents/document-types.js';
export * from './documents/document-content.js';
export * from './documents/events.js';
export * from './documents/decider.js';

// Users: details (personal data, sealed in events), identity verification, eligibility.
export * from './users/user-details.js';
export * from './users/events.js';
export * from './users/decider.js';
export * from './users/eligibility.js';

// External wallets linked to a user by a signed challenge.
export * from './linked-wallets/challenge.js';
export * from './linked-wallets/ownership-proof.js';
export * from './linked-wallets/events.js';
export * from './linked-wallets/decider.js';

// Saved payout bank accounts.
export * from './payment-methods/events.js';
export * from './payment-methods/decider.js';
