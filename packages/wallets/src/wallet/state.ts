import type { WalletEvent } from './events.js';
import type { Wallet } from './types.js';

export type WalletState =
  | { readonly status: 'none' }
  /** The wallet's signerRemovals remember removals, so that repeating one is harmless. */
  | { readonly status: 'created'; readonly wallet: Wallet };

/** Smart wallets created before v2 have no accountIndex: their address was derived from the seed alone. */
const upcastWallet = (wallet: Wallet): Wallet =>
  wallet.accountIndex === undefined && wallet.creationSeed !== undefined
    ? { ...wallet, accountIndex: wallet.creationSeed }
    : wallet;

/** How many times the wallet removed this signer: the number of its next registration or removal. */
export const signerGeneration = (wallet: Wallet, locator: string): number => wallet.signerRemovals?.[locator] ?? 0;

export const initialWalletState = (): WalletState => ({ status: 'none' });

export const evolveWallet = (state: WalletState, event: WalletEvent): WalletState => {
  switch (event.type) {
    case 'WalletCreated':
      return { status: 'created', wallet: upcastWallet(event.data) };
    case 'DelegatedSignerAdded': {
      if (state.status !== 'created') return state;
      const { delegatedSigner, custodialKey } = event.data;
      const locator = delegatedSigner.signer.locator;
      const wallet: Wallet = {
        ...state.wallet,
        delegatedSigners: [...state.wallet.delegatedSigners, delegatedSigner],
        custodialKeys: custodialKey
          ? { ...state.wallet.custodialKeys, [locator]: custodialKey }
          : state.wallet.custodialKeys,
      };
      return { ...state, wallet };
    }
    case 'DelegatedSignerRemoved': {
      if (state.status !== 'created') return state;
      const { locator } = event.data;
      const custodialKeys = Object.fromEntries(
        Object.entries(state.wallet.custodialKeys).filter(([holder]) => holder !== locator),
      );
      const wallet: Wallet = {
        ...state.wallet,
        delegatedSigners: state.wallet.delegatedSigners.filter((delegated) => delegated.signer.locator !== locator),
        custodialKeys,
        signerRemovals: { ...state.wallet.signerRemovals, [locator]: signerGeneration(state.wallet, locator) + 1 },
      };
      return { ...state, wallet };
    }
  }
};
