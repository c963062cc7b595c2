import type { WalletEvent } from './events.js';
import type { Wallet } from './types.js';

export type WalletState =
  | { readonly status: 'none' }
  /** `removedSigners` remembers removals so that repeating one is harmless. */
  | { readonly status: 'created'; readonly wallet: Wallet; readonly removedSigners: readonly string[] };

/** Smart wallets created before v2 have no accountIndex: their address was derived from the seed alone. */
const upcastWallet = (wallet: Wallet): Wallet =>
  wallet.accountIndex === undefined && wallet.creationSeed !== undefined
    ? { ...wallet, accountIndex: wallet.creationSeed }
    : wallet;

export const initialWalletState = (): WalletState => ({ status: 'none' });

export const evolveWallet = (state: WalletState, event: WalletEvent): WalletState => {
  switch (event.type) {
    case 'WalletCreated':
      return { status: 'created', wallet: upcastWallet(event.data), removedSigners: [] };
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
      return { ...state, wallet, removedSigners: state.removedSigners.filter((removed) => removed !== locator) };
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
      };
      return { ...state, wallet, removedSigners: [...state.removedSigners, locator] };
    }
  }
};
