export * from './transfer-transaction.js';
export * from './transfer-of-transaction.js';
