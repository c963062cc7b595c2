// Builders of generated event histories for tests of read models and reports.
export * from './order-history.js';
