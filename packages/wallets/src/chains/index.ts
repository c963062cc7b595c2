export * from './chain-type.js';
export * from './registry.js';
export * from './tokens.js';
