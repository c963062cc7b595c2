import { DeciderSpecification } from '@paykit/kernel/testing';
import { evmSmartAccountAddress } from '../../src/addresses/evm.js';
import { walletDecider } from '../../src/wallet/decider.js';
import type { WalletEvent } from '../../src/wallet/events.js';
import { toWalletResource } from '../../src/wallet/resource.js';
import type { CreateWalletRequest, Wallet } from '../../src/wallet/types.js';
import { EVM_ADMIN, SOLANA_ADMIN, createWallet } from './fixtures.js';

const spec = DeciderSpecification.for(walletDecider);

const addressOf = (request: CreateWalletRequest, projectId?: string): string => {
  const [event] = spec
    .given([])
    .when(createWallet(request, {}, 'staging', projectId))
    .events();
  return (event?.data as Wallet).address;
};

/** Every way two smart wallets with one admin signer differ by the spec's rules. */
const variants = (chainType: 'evm' | 'solana', admin: string) => {
  const base = { chainType, type: 'smart', config: { adminSigner: { type: 'external-wallet', address: admin } } };
  return [
    { name: 'no owner, no alias', request: base },
    { name: 'owner a', request: { ...base, owner: 'email:a@example.com' } },
    { name: 'owner b', request: { ...base, owner: 'email:b@example.com' } },
    { name: 'owner a, alias x', request: { ...base, owner: 'email:a@example.com', alias: 'x' } },
    { name: 'alias x', request: { ...base, alias: 'x' } },
    { name: 'seed 1', request: { ...base, config: { ...base.config, creationSeed: '1' } } },
    {
      name: 'owner a, seed 1',
      request: { ...base, owner: 'email:a@example.com', config: { ...base.config, creationSeed: '1' } },
    },
    { name: 'userId owner', request: { ...base, owner: 'userId:a@example.com' } },
  ] as const;
};

describe.each([
  ['evm', EVM_ADMIN],
  ['solana', SOLANA_ADMIN],
] as const)('%s smart wallets with one admin signer', (chainType, admin) => {
  it('get a distinct address for every owner, alias, seed and project', () => {
    const addresses = variants(chainType, admin).map(({ request }) => addressOf(request as CreateWalletRequest));
    const otherProject = addressOf(variants(chainType, admin)[1].request as CreateWalletRequest, 'project-2');
    expect(new Set([...addresses, otherProject]).size).toBe(addresses.length + 1);
  });

  it('get the same address again for the same identity (owner spelled differently, seed 0 implied)', () => {
    const [first, second] = [
      { owner: 'email:A@Example.com' },
      {
        owner: 'email:a@example.com',
        config: { adminSigner: { type: 'external-wallet', address: admin }, creationSeed: '0' },
      },
    ].map((extra) =>
      addressOf({
        chainType,
        config: { adminSigner: { type: 'external-wallet', address: admin } },
        ...extra,
      } as CreateWalletRequest),
    );
    expect(second).toBe(first);
  });
});

describe('wallets created before v2 (the address was derived from admin signer and seed alone)', () => {
  const legacy: Wallet = {
    walletId: 'wallet-1',
    environment: 'staging',
    chainType: 'evm',
    walletType: 'smart',
    address: evmSmartAccountAddress(EVM_ADMIN, 3n),
    owner: 'email:a@example.com',
    createdAt: 0,
    adminSigner: { type: 'external-wallet', address: EVM_ADMIN, locator: `external-wallet:${EVM_ADMIN}` },
    delegatedSigners: [],
    creationSeed: '3',
    custodialKeys: {},
  };
  const events: WalletEvent[] = [{ type: 'WalletCreated', data: legacy }];

  it('keep their address, and read with the seed as their account index', () => {
    const state = events.reduce(walletDecider.evolve, walletDecider.initialState());
    expect(state.status === 'created' && state.wallet).toMatchObject({ address: legacy.address, accountIndex: '3' });
    expect(state.status === 'created' && toWalletResource(state).address).toBe(legacy.address);
  });

  it('are answered as they are when created again', () => {
    spec
      .given(events)
      .when(
        createWallet({
          chainType: 'evm',
          owner: 'email:a@example.com',
          config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN }, creationSeed: '3' },
        }),
      )
      .thenNothingHappened();
  });
});
