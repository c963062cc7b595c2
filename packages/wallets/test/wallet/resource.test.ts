import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { walletDecider } from '../../src/wallet/decider.js';
import { toWalletResource } from '../../src/wallet/resource.js';
import type { WalletCommand } from '../../src/wallet/commands.js';
import { NOW } from '../support/fixtures.js';
import { createWallet, EVM_ADMIN, keys, P256_KEY, STAGING_EVM_CHAINS } from './fixtures.js';

const DEVICE_LOCATOR =
  'device:BGsX0fLhLEJH+Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT+NC4v4af5uO5+tKfA+eFivOM1drMV7Oy7ZAaDe/UfU=';

const spec = DeciderSpecification.for(walletDecider);
const stateAfter = (command: WalletCommand) => {
  const state = fold(walletDecider, spec.given([]).when(command).events());
  if (state.status !== 'created') throw new Error('not created');
  return state;
};

describe('toWalletResource', () => {
  it('shows an EVM smart wallet in the spec shape, with signer locators and no keys', () => {
    const state = stateAfter(
      createWallet(
        {
          chainType: 'evm',
          owner: 'x:alice',
          alias: 'ops',
          config: {
            adminSigner: { type: 'external-wallet', address: EVM_ADMIN },
            delegatedSigners: [
              {
                signer: 'api-key',
                scopes: [
                  { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '5', interval: 60 } },
                ],
                expiresAt: '2027-01-01T00:00:00Z',
              },
              { signer: { type: 'passkey', id: 'cred', name: 'Key', publicKey: P256_KEY } },
            ],
          },
        },
        { 'api-key': keys.apiKeyEvm },
      ),
    );
    const resource = toWalletResource(state);
    const [apiKey, passkey] = state.wallet.delegatedSigners;
    expect(resource).toEqual({
      chainType: 'evm',
      type: 'smart',
      address: state.wallet.address,
      config: {
        adminSigner: { type: 'external-wallet', address: EVM_ADMIN, locator: `external-wallet:${EVM_ADMIN}` },
        delegatedSigners: [
          {
            type: 'api-key',
            address: apiKey?.signer.address,
            locator: `api-key:${apiKey?.signer.address}`,
            scopes: [
              { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '5', interval: 60 } },
            ],
            expiresAt: '2027-01-01T00:00:00.000Z',
            chains: STAGING_EVM_CHAINS,
          },
          {
            type: 'passkey',
            id: 'cred',
            name: 'Key',
            publicKey: P256_KEY,
            address: passkey?.signer.address,
            locator: 'passkey:cred',
            scopes: [],
            chains: STAGING_EVM_CHAINS,
          },
        ],
      },
      owner: 'x:alice',
      createdAt: NOW,
      alias: 'ops',
    });
    expect(JSON.stringify(resource)).not.toContain('encrypted');
    expect(JSON.stringify(resource)).not.toContain(keys.apiKeyEvm.encryptedSecretKey.ciphertext);
  });

  it('shows an MPC wallet with an empty config and no owner or alias when none was given', () => {
    const state = stateAfter(createWallet({ chainType: 'aptos' }, { wallet: keys.walletEd25519 }));
    expect(toWalletResource(state.wallet)).toStrictEqual({
      chainType: 'aptos',
      type: 'mpc',
      address: state.wallet.address,
      config: {},
      createdAt: NOW,
    });
    expect(typeof toWalletResource(state).createdAt).toBe('number');
  });

  it('shows a device signer with its name, and with no name key at all when it has none', () => {
    const deviceResource = (signer: { type: 'device'; publicKey: typeof P256_KEY; name?: string }) => {
      const state = stateAfter(
        createWallet({
          chainType: 'evm',
          config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN }, delegatedSigners: [{ signer }] },
        }),
      );
      const [device] = state.wallet.delegatedSigners;
      return { resource: toWalletResource(state).config.delegatedSigners?.[0], address: device?.signer.address };
    };
    const expected = (address: string | undefined) => ({
      type: 'device',
      publicKey: P256_KEY,
      address,
      locator: DEVICE_LOCATOR,
      scopes: [],
      chains: STAGING_EVM_CHAINS,
    });
    const named = deviceResource({ type: 'device', publicKey: P256_KEY, name: 'Laptop' });
    expect(named.resource).toStrictEqual({ ...expected(named.address), name: 'Laptop' });
    const unnamed = deviceResource({ type: 'device', publicKey: P256_KEY });
    expect(unnamed.resource).toStrictEqual(expected(unnamed.address));
  });
});
