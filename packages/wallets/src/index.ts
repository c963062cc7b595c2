export * from './chains/index.js';
export * from './addresses/index.js';
export * from './keys/index.js';
export * from './signatures/index.js';
export * from './locators/index.js';
export * from './wallet/index.js';
export * from './solana/index.js';
export * from './signature-requests/index.js';
