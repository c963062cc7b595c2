export * from './message.js';
export * from './evm.js';
export * from './ed25519.js';
export * from './passkey.js';
export * from './webauthn.js';
export * from './smart-account-message.js';
