export * from './decider.js';
export * from './envelope.js';
export * from './errors.js';
export * from './decimal.js';
export * from './clock.js';
export * from './ids.js';
export * from './iso-timestamp.js';
export * from './budget/budget.js';
