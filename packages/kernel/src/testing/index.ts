export * from './decider-spec.js';
export * from './refusal.js';
