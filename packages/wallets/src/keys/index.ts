export * from './secret-box.js';
export * from './key-pair.js';
export * from './custodial-key.js';
