export * from './list-tokens.js';
