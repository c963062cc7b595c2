import type { ChainType, WalletType } from '../chains/chain-type.js';
import { formatOwner } from '../locators/owner.js';
import type { WalletLocator } from '../locators/wallet-locator.js';
import type { Wallet } from './types.js';

interface Identity {
  readonly owner?: string;
  readonly chainType: ChainType;
  readonly walletType: WalletType;
  readonly alias?: string;
}

/**
 * A project holds at most one wallet per owner, chain type, wallet type and alias; wallets
 * without owner are told apart by alias. The key is what the handler claims (a stream appended
 * at no_stream) when creating, and what it looks up when resolving a locator. Neither owners nor
 * aliases can contain "/", so keys cannot collide. Undefined when the wallet has neither.
 */
export const walletIdentityKey = ({ owner, chainType, walletType, alias }: Identity): string | undefined =>
  owner === undefined && alias === undefined ? undefined : `${owner ?? ''}/${chainType}/${walletType}/${alias ?? ''}`;

export const identityKeyOfWallet = (wallet: Wallet): string | undefined => walletIdentityKey(wallet);

/**
 * The identity key a locator names. Address locators are looked up by address instead, and
 * `me:` locators must first be resolved with resolveMeLocator: both give undefined.
 */
export const identityKeyOfLocator = (locator: WalletLocator): string | undefined => {
  switch (locator.kind) {
    case 'owner':
      return walletIdentityKey({ ...locator, owner: formatOwner(locator.owner) });
    case 'alias':
      return walletIdentityKey(locator);
    case 'address':
    case 'me':
      return undefined;
  }
};
