export * from './types.js';
export * from './commands.js';
export * from './events.js';
export * from './state.js';
export * from './decider.js';
export * from './resource.js';
export * from './delegated-transfer.js';
export * from './signer-authority.js';
export * from './identity.js';
export {
  custodialHolderOf,
  custodialKeysNeeded,
  custodialKeysNeededForSigner,
  holdsWalletKey,
  WALLET_KEY,
  type KeyRequest,
} from './custodial-keys.js';
export { DEVICE_SIGNER_NOT_SUPPORTED } from './signer-input.js';
export { newWalletOf } from './create-wallet.js';
export {
  delegatedSignerAddition,
  delegatedSignerRemoval,
  registrationApprover,
  type DelegatedSignerAddition,
} from './delegated-signers.js';
export { SERVICE_HELD_SIGNERS, signerLocatorOf, signersOf } from './wallet-signers.js';
export * from './transfer-approvals.js';
