import * as E from 'fp-ts/lib/Either.js';
import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { parseWalletLocator, resolveMeLocator, type WalletLocator } from '../../src/locators/wallet-locator.js';
import { walletDecider } from '../../src/wallet/decider.js';
import { identityKeyOfLocator, identityKeyOfWallet } from '../../src/wallet/identity.js';
import type { CreateWalletRequest } from '../../src/wallet/types.js';
import { createWallet, EVM_ADMIN } from './fixtures.js';

const walletFrom = (request: CreateWalletRequest) => {
  const state = fold(
    walletDecider,
    DeciderSpecification.for(walletDecider).given([]).when(createWallet(request)).events(),
  );
  if (state.status !== 'created') throw new Error('not created');
  return state.wallet;
};
const locator = (text: string): WalletLocator => {
  const parsed = parseWalletLocator(text);
  if (E.isLeft(parsed)) throw new Error(parsed.left.message);
  return parsed.right;
};
const smart = (extra: Partial<CreateWalletRequest>): CreateWalletRequest => ({
  chainType: 'evm',
  config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN } },
  ...extra,
});

describe('wallet identity keys', () => {
  it('gives a wallet and every locator naming it the same key', () => {
    const wallet = walletFrom(smart({ owner: 'email:Alice@Example.com', alias: 'main' }));
    expect(identityKeyOfWallet(wallet)).toBe('email:alice@example.com/evm/smart/main');
    expect(identityKeyOfLocator(locator('email:alice@example.com:evm:alias:main'))).toBe(identityKeyOfWallet(wallet));
    expect(identityKeyOfLocator(locator('email:ALICE@example.com:evm:smart:alias:main'))).toBe(
      identityKeyOfWallet(wallet),
    );
    expect(
      identityKeyOfLocator(
        resolveMeLocator(locator('me:evm:alias:main'), { type: 'email', value: 'alice@example.com' }),
      ),
    ).toBe(identityKeyOfWallet(wallet));
  });

  it('tells apart wallets by type and alias, and ownerless wallets by alias', () => {
    const owned = walletFrom(smart({ owner: 'userId:u1' }));
    // Keys name claimed streams, so their form is stored: an absent alias is an empty segment.
    expect(identityKeyOfWallet(owned)).toBe('userId:u1/evm/smart/');
    expect(identityKeyOfLocator(locator('userId:u1:evm'))).toBe(identityKeyOfWallet(owned));
    expect(identityKeyOfLocator(locator('userId:u1:evm:mpc'))).not.toBe(identityKeyOfWallet(owned));
    expect(identityKeyOfLocator(locator('userId:u1:evm:alias:x'))).not.toBe(identityKeyOfWallet(owned));
    const ownerless = walletFrom(smart({ alias: 'treasury' }));
    expect(identityKeyOfLocator(locator('evm:alias:treasury'))).toBe(identityKeyOfWallet(ownerless));
  });

  it('has no key for wallets without owner or alias, nor for address and unresolved me locators', () => {
    expect(identityKeyOfWallet(walletFrom(smart({})))).toBeUndefined();
    expect(identityKeyOfLocator(locator(EVM_ADMIN))).toBeUndefined();
    expect(identityKeyOfLocator(locator('me:evm'))).toBeUndefined();
  });
});
