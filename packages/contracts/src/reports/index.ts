export * from './reconciliation.js';
