import type { ChainType, WalletType } from '../chains/chain-type.js';
import type { WalletState } from './state.js';
import type { DelegatedSigner, DelegatedSignerChains, Signer, TransferScope, Wallet } from './types.js';

/** A signer as the API shows it: every field of the signer; custodial keys never appear. */
export type SignerResource = Signer;

export type DelegatedSignerResource = Signer & {
  readonly scopes: readonly TransferScope[];
  readonly expiresAt?: string;
  readonly chains: DelegatedSignerChains;
};

/** The spec's Wallet resource. `config` is empty for MPC wallets, which have no signers. */
export interface WalletResource {
  readonly chainType: ChainType;
  readonly type: WalletType;
  readonly address: string;
  readonly config: {
    readonly adminSigner?: SignerResource;
    readonly delegatedSigners?: readonly DelegatedSignerResource[];
  };
  readonly owner?: string;
  readonly createdAt: number;
  readonly alias?: string;
}

const signerResource = (signer: Signer): SignerResource => {
  switch (signer.type) {
    case 'external-wallet':
    case 'server':
    case 'api-key':
      return { type: signer.type, address: signer.address, locator: signer.locator };
    case 'email':
      return { type: 'email', email: signer.email, address: signer.address, locator: signer.locator };
    case 'phone':
      return { type: 'phone', phone: signer.phone, address: signer.address, locator: signer.locator };
    case 'passkey':
      return {
        type: 'passkey',
        id: signer.id,
        name: signer.name,
        publicKey: { x: signer.publicKey.x, y: signer.publicKey.y },
        address: signer.address,
        locator: signer.locator,
      };
    case 'device': {
      const device = {
        type: 'device' as const,
        publicKey: { x: signer.publicKey.x, y: signer.publicKey.y },
        address: signer.address,
        locator: signer.locator,
      };
      return signer.name === undefined ? device : { ...device, name: signer.name };
    }
  }
};

/** A delegated signer as the wallet resource and `GET .../signers/{signer}` show it. */
export const toDelegatedSignerResource = ({
  signer,
  scopes,
  expiresAt,
  chains,
}: DelegatedSigner): DelegatedSignerResource => ({
  ...signerResource(signer),
  scopes,
  ...(expiresAt === undefined ? {} : { expiresAt }),
  chains,
});

/** Maps a wallet (or the state holding one) to the response body of create and get wallet. */
export const toWalletResource = (source: Wallet | Extract<WalletState, { status: 'created' }>): WalletResource => {
  const wallet = 'status' in source ? source.wallet : source;
  const config = wallet.adminSigner
    ? {
        adminSigner: signerResource(wallet.adminSigner),
        delegatedSigners: wallet.delegatedSigners.map(toDelegatedSignerResource),
      }
    : {};
  return {
    chainType: wallet.chainType,
    type: wallet.walletType,
    address: wallet.address,
    config,
    ...(wallet.owner === undefined ? {} : { owner: wallet.owner }),
    createdAt: wallet.createdAt,
    ...(wallet.alias === undefined ? {} : { alias: wallet.alias }),
  };
};
