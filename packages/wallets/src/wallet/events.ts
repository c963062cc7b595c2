import type { CustodialKey } from '../keys/custodial-key.js';
import type { DelegatedSigner, Wallet } from './types.js';

export type WalletCreated = { readonly type: 'WalletCreated'; readonly data: Wallet };

export type DelegatedSignerAdded = {
  readonly type: 'DelegatedSignerAdded';
  readonly data: {
    readonly walletId: string;
    readonly delegatedSigner: DelegatedSigner;
    readonly custodialKey?: CustodialKey;
    readonly addedAt: number;
  };
};

export type DelegatedSignerRemoved = {
  readonly type: 'DelegatedSignerRemoved';
  readonly data: { readonly walletId: string; readonly locator: string; readonly removedAt: number };
};

export type WalletEvent = WalletCreated | DelegatedSignerAdded | DelegatedSignerRemoved;
