export * from './evm.js';
export * from './solana.js';
export * from './aptos.js';
export * from './sui.js';
export * from './stellar.js';
export * from './by-chain-type.js';
export * from './smart-account-index.js';
