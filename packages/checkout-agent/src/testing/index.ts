// Test helpers for code that drives the runner (this package's tests and the API's): not used in production.
export * from './gate.js';
export * from './card-network-server.js';
