export * from './country-codes.js';
export * from './vocabulary.js';
export * from './run-input.js';
export * from './run-snapshot.js';
export * from './run-list.js';
export * from './messages.js';
export * from './buyer-profiles.js';
export * from './browser-profiles.js';
