import { normalizeSignerLocator } from '../locators/signer-locator.js';
import type { Signer, Wallet } from './types.js';

/** Signers whose keys the service holds: it signs for them, so they add no approval to wait for. */
export const SERVICE_HELD_SIGNERS: ReadonlySet<Signer['type']> = new Set<Signer['type']>(['api-key', 'email', 'phone']);

/** The wallet's signers: its admin, then its delegated signers. */
export const signersOf = (wallet: Wallet): Signer[] => [
  ...(wallet.adminSigner ? [wallet.adminSigner] : []),
  ...wallet.delegatedSigners.map((delegated) => delegated.signer),
];

/** A signer named in a request: `api-key` alone names the wallet's api-key signer, whose address only the service knows. */
export const signerLocatorOf = (wallet: Wallet, text: string): string =>
  text === 'api-key'
    ? (signersOf(wallet).find((signer) => signer.type === 'api-key')?.locator ?? text)
    : normalizeSignerLocator(wallet.chainType, text);
