/**
 * The name orders/create/recipient-buyer.ts still imports the wallet loader by; WalletDirectory
 * replaced WalletRepository (issue 16). Remove once that import names WalletDirectory.
 */
export { WalletDirectory as WalletRepository, type StoredWallet } from './wallet-directory.js';
