export * from './transfer-transaction.js';
