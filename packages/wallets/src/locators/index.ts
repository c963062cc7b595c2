export * from './owner.js';
export * from './alias.js';
export * from './wallet-locator.js';
export * from './token-locator.js';
export * from './signer-locator.js';
