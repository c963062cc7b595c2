export * from './user.js';
export * from './identity-verification.js';
export * from './linked-wallet.js';
