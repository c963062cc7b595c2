import { Injectable } from '@nestjs/common';
import { DomainException, notFound } from '@paykit/kernel';
import { type WalletLocator, identityKeyOfLocator, parseWalletLocator, resolveMeLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import { callerOwner, isVisibleTo } from './caller-owner.js';
import { WalletAddresses } from './wallet-addresses.js';
import { type StoredWallet, WalletDirectory } from './wallet-directory.js';
import { walletIdOfIdentity } from './wallet-ids.js';

/**
 * Wallet locators to wallets. A malformed locator is a 400 naming the wrong part; a well-formed
 * one that matches nothing the caller may see is a 404. Every form costs one index row or one
 * stream read: owner and alias forms name the wallet's id directly (see wallet-ids.ts).
 */
@Injectable()
export class WalletResolver {
  constructor(
    private readonly wallets: WalletDirectory,
    private readonly addresses: WalletAddresses,
  ) {}

  /** The wallet a path names, visible to the caller (client keys: their user's wallets only). */
  async resolve(principal: Principal, text: string): Promise<StoredWallet> {
    const stored = await this.find(principal, parse(text), 'walletLocator');
    if (!stored || !isVisibleTo(principal, stored.projectId, stored.wallet.owner))
      throw new DomainException(notFound());
    return stored;
  }

  /** Any wallet of the caller's project that a parsed locator names (transfer recipients), or null. */
  async find(principal: Principal, locator: WalletLocator, field: string): Promise<StoredWallet | null> {
    const { projectId } = principal;
    let walletId: string | null;
    if (locator.kind === 'address') {
      walletId = await this.addresses.find(projectId, locator.address, locator.chainTypes);
    } else {
      const resolved = locator.kind === 'me' ? resolveMeLocator(locator, callerOwner(principal, field)) : locator;
      const identityKey = identityKeyOfLocator(resolved);
      walletId = identityKey === undefined ? null : walletIdOfIdentity(projectId, identityKey);
    }
    const stored = walletId === null ? null : await this.wallets.load(walletId);
    return stored && stored.projectId === projectId ? stored : null;
  }
}

const parse = (text: string): WalletLocator => {
  const parsed = parseWalletLocator(text);
  if (E.isLeft(parsed)) throw new DomainException(parsed.left);
  return parsed.right;
};
