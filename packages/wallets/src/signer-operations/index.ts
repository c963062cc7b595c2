export * from './model.js';
export * from './decider.js';
export * from './resource.js';
export * from './transaction.js';
