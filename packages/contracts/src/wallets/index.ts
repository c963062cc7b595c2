export * from './wallet-requests.js';
export * from './wallet-resource.js';
export * from './transfer-requests.js';
export * from './transfer-resource.js';
export * from './balances.js';
export * from './signatures.js';
export * from './signers.js';
export * from './send-transaction.js';
