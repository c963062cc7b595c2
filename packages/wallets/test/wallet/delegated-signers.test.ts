import { DeciderSpecification } from '@paykit/kernel/testing';
import * as E from 'fp-ts/lib/Either.js';
import type { AddDelegatedSigner, WalletCommand } from '../../src/wallet/commands.js';
import { walletDecider } from '../../src/wallet/decider.js';
import {
  delegatedSignerAddition,
  delegatedSignerRemoval,
  registrationApprover,
} from '../../src/wallet/delegated-signers.js';
import { signerGeneration } from '../../src/wallet/state.js';
import type { WalletEvent } from '../../src/wallet/events.js';
import type { Wallet } from '../../src/wallet/types.js';
import { NOW } from '../support/fixtures.js';
import {
  addDelegatedSigner,
  createWallet,
  EVM_ADMIN,
  EVM_OTHER,
  keys,
  P256_KEY,
  removeDelegatedSigner,
  SOLANA_ADMIN,
  STELLAR_ADMIN,
  STAGING_EVM_CHAINS,
  WALLET_ID,
} from './fixtures.js';
import { walletAfter, walletOf } from './wallet-of.js';

const spec = DeciderSpecification.for(walletDecider);
const evmSmartCreated: readonly WalletEvent[] = spec
  .given([])
  .when(createWallet({ chainType: 'evm', config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN } } }))
  .events();
const evmMpcCreated = spec
  .given([])
  .when(createWallet({ chainType: 'evm', type: 'mpc' }, { wallet: keys.walletEvm }))
  .events();

const OTHER_SIGNER = `external-wallet:${EVM_OTHER}`;
const scoped = {
  signer: `external-wallet:${EVM_OTHER.toLowerCase()}`,
  scopes: [{ type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '25', interval: 3600 } }],
  expiresAt: '2026-06-01T00:00:00Z',
};

const added = (): WalletEvent => ({
  type: 'DelegatedSignerAdded',
  data: {
    walletId: WALLET_ID,
    delegatedSigner: {
      signer: { type: 'external-wallet', address: EVM_OTHER, locator: OTHER_SIGNER },
      scopes: [
        { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '25', interval: 3600 } },
      ],
      chains: STAGING_EVM_CHAINS,
      expiresAt: '2026-06-01T00:00:00.000Z',
    },
    addedAt: NOW,
  },
});

describe('AddDelegatedSigner', () => {
  it('adds a scoped signer with its expiry to a smart wallet', () => {
    spec.given(evmSmartCreated).when(addDelegatedSigner(scoped)).then([added()]);
  });

  it('keeps the key of a custodial signer with the event', () => {
    const [event] = spec
      .given(evmSmartCreated)
      .when(addDelegatedSigner({ signer: 'api-key' }, { 'api-key': keys.apiKeyEvm }))
      .events();
    expect(event?.type === 'DelegatedSignerAdded' && event.data.custodialKey).toEqual(keys.apiKeyEvm);
  });

  it('does nothing when the same grant is repeated, and refuses a different grant to the same signer', () => {
    spec
      .given([...evmSmartCreated, added()])
      .when(addDelegatedSigner(scoped))
      .thenNothingHappened();
    spec
      .given([...evmSmartCreated, added()])
      .when(addDelegatedSigner({ ...scoped, expiresAt: '2026-07-01T00:00:00Z' }))
      .thenFails({ kind: 'conflict', code: 'signer_already_exists' });
  });

  it('treats a repeated api-key signer as the same signer although its new key differs', () => {
    const first = spec
      .given(evmSmartCreated)
      .when(addDelegatedSigner({ signer: 'api-key' }, { 'api-key': keys.apiKeyEvm }))
      .events();
    spec
      .given([...evmSmartCreated, ...first])
      .when(addDelegatedSigner({ signer: { type: 'api-key' } }, { 'api-key': keys.walletEvm }))
      .thenNothingHappened();
  });

  it('refuses the admin signer', () => {
    spec
      .given(evmSmartCreated)
      .when(addDelegatedSigner({ signer: { type: 'external-wallet', address: EVM_ADMIN } }))
      .thenFails({
        kind: 'conflict',
        code: 'signer_already_exists',
        message: `external-wallet:${EVM_ADMIN} is the admin signer of this wallet`,
      });
  });

  it('refuses MPC wallets, and device signers there with their own code', () => {
    spec
      .given(evmMpcCreated)
      .when(addDelegatedSigner({ signer: OTHER_SIGNER }))
      .thenFails({
        kind: 'invalid',
        code: 'delegated_signers_not_supported',
        message: 'evm mpc wallets take no delegated signers',
      });
    spec
      .given(evmMpcCreated)
      .when(addDelegatedSigner({ signer: { type: 'device', publicKey: P256_KEY } }))
      .thenFails({
        kind: 'invalid',
        code: 'DEVICE_SIGNER_NOT_SUPPORTED',
        message: 'signer: device signers are not supported on evm mpc wallets',
      });
  });

  it('names the field of an invalid request', () => {
    spec
      .given(evmSmartCreated)
      .when(addDelegatedSigner({ signer: OTHER_SIGNER, expiresAt: '2026-03-01T11:59:59Z' }))
      .thenFails({ code: 'invalid_delegated_signer', message: 'expiresAt: 2026-03-01T11:59:59Z is not in the future' });
  });

  it.each<[string, unknown, string]>([
    ['no request at all', undefined, 'body: must be an object with a signer'],
    ['a null request', null, 'body: must be an object with a signer'],
    ['a request without signer', {}, 'body: must be an object with a signer'],
    ['scopes that are not an array', { signer: OTHER_SIGNER, scopes: {} }, 'scopes: must be an array'],
    ['a null scope', { signer: OTHER_SIGNER, scopes: [null] }, 'scopes[0]: must be an object'],
    [
      'a scope written as a bare token locator',
      { signer: OTHER_SIGNER, scopes: ['base-sepolia:usdc'] },
      'scopes[0]: must be an object',
    ],
    [
      'a scope without token locator',
      { signer: OTHER_SIGNER, scopes: [{ type: 'transfer' }] },
      'scopes[0].tokenLocator: is required',
    ],
    [
      'a null spending limit',
      { signer: OTHER_SIGNER, scopes: [{ type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: null }] },
      'scopes[0].spendingLimit: must be { amount, interval }',
    ],
    [
      'a spending limit written as an amount alone',
      { signer: OTHER_SIGNER, scopes: [{ type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: '25' }] },
      'scopes[0].spendingLimit: must be { amount, interval }',
    ],
  ])('refuses %s, naming the field, without throwing', (_case, request, message) => {
    spec
      .given(evmSmartCreated)
      .when(addDelegatedSigner(request as never))
      .thenFails({ kind: 'invalid', code: 'invalid_delegated_signer', message });
  });

  it('refuses a wallet that does not exist', () => {
    spec
      .given([])
      .when(addDelegatedSigner({ signer: OTHER_SIGNER }))
      .thenFails({ kind: 'not_found' });
  });
});

describe('delegatedSignerAddition: what AddDelegatedSigner would make of a wallet, before a handler asks its admin', () => {
  const additionTo = (events: readonly WalletEvent[], command: ReturnType<typeof addDelegatedSigner>) =>
    delegatedSignerAddition(walletAfter(events), command as AddDelegatedSigner);

  it('is the signer the decider adds, when the wallet does not have it', () => {
    const [event] = spec.given(evmSmartCreated).when(addDelegatedSigner(scoped)).events();
    const delegatedSigner = event?.type === 'DelegatedSignerAdded' ? event.data.delegatedSigner : undefined;
    expect(additionTo(evmSmartCreated, addDelegatedSigner(scoped))).toEqual(
      E.right({ present: false, delegatedSigner }),
    );
  });

  it('is the signer the wallet has, when the decider would do nothing (an api-key signer named again with a new key)', () => {
    const first = spec
      .given(evmSmartCreated)
      .when(addDelegatedSigner({ signer: 'api-key' }, { 'api-key': keys.apiKeyEvm }))
      .events();
    const again = addDelegatedSigner({ signer: { type: 'api-key' } }, { 'api-key': keys.walletEvm });
    spec
      .given([...evmSmartCreated, ...first])
      .when(again)
      .thenNothingHappened();
    const [held] = walletAfter([...evmSmartCreated, ...first]).delegatedSigners;
    expect(additionTo([...evmSmartCreated, ...first], again)).toEqual(
      E.right({ present: true, delegatedSigner: held }),
    );
  });

  it('is the refusal the decider gives', () => {
    const admin = addDelegatedSigner({ signer: { type: 'external-wallet', address: EVM_ADMIN } });
    spec.given(evmSmartCreated).when(admin).thenFails({ kind: 'conflict', code: 'signer_already_exists' });
    expect(additionTo(evmSmartCreated, admin)).toEqual(
      E.left(expect.objectContaining({ kind: 'conflict', code: 'signer_already_exists' })),
    );
  });
});

describe('registrationApprover: who approves a delegated signer added after creation', () => {
  it("is an EVM smart wallet's admin", () => {
    const wallet = walletOf({
      chainType: 'evm',
      config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN } },
    });
    expect(registrationApprover(wallet)).toEqual(E.right(wallet.adminSigner));
  });

  it('is nobody for an MPC wallet', () => {
    expect(registrationApprover(walletOf({ chainType: 'evm', type: 'mpc' }, { wallet: keys.walletEvm }))).toEqual(
      E.left(
        expect.objectContaining({
          code: 'delegated_signers_not_supported',
          message: 'evm mpc wallets take no delegated signers',
        }),
      ),
    );
  });

  it("is a Solana or Stellar smart wallet's admin too (ADR 0448)", () => {
    const solana = walletOf({
      chainType: 'solana',
      config: { adminSigner: { type: 'external-wallet', address: SOLANA_ADMIN } },
    });
    expect(registrationApprover(solana)).toEqual(E.right(solana.adminSigner));
    const stellar = walletOf(
      { chainType: 'stellar', config: { adminSigner: { type: 'external-wallet', address: STELLAR_ADMIN } } },
      { wallet: keys.walletEd25519 },
    );
    expect(registrationApprover(stellar)).toEqual(E.right(stellar.adminSigner));
  });
});

describe('RemoveDelegatedSigner', () => {
  const removed: WalletEvent = {
    type: 'DelegatedSignerRemoved',
    data: { walletId: WALLET_ID, locator: OTHER_SIGNER, removedAt: NOW },
  };

  it('removes a signer named by its locator in any spelling', () => {
    spec
      .given([...evmSmartCreated, added()])
      .when(removeDelegatedSigner(OTHER_SIGNER.toLowerCase()))
      .then([removed]);
  });

  it('does nothing when the signer was already removed, and refuses one that never was a signer', () => {
    spec
      .given([...evmSmartCreated, added(), removed])
      .when(removeDelegatedSigner(OTHER_SIGNER))
      .thenNothingHappened();
    spec.given(evmSmartCreated).when(removeDelegatedSigner(OTHER_SIGNER)).thenFails({ kind: 'not_found' });
    spec.given([]).when(removeDelegatedSigner(OTHER_SIGNER)).thenFails({ kind: 'not_found' });
  });

  it('refuses to remove the admin signer', () => {
    spec
      .given([...evmSmartCreated, added()])
      .when(removeDelegatedSigner(`external-wallet:${EVM_ADMIN.toLowerCase()}`))
      .thenFails({ kind: 'invalid', code: 'admin_signer_not_removable' });
  });

  it('spends an approval made for an earlier generation of the signer: it neither re-adds nor removes again', () => {
    const withGeneration = (command: WalletCommand, generation: number): WalletCommand =>
      ({ ...command, data: { ...command.data, generation } }) as WalletCommand;
    const reAdded = { ...added(), data: { ...added().data, addedAt: NOW + 1 } } as WalletEvent;
    spec
      .given([...evmSmartCreated, added(), removed])
      .when(withGeneration(addDelegatedSigner(scoped, {}, NOW + 1), 0))
      .thenNothingHappened();
    spec
      .given([...evmSmartCreated, added(), removed])
      .when(withGeneration(addDelegatedSigner(scoped, {}, NOW + 1), 1))
      .then([reAdded]);
    spec
      .given([...evmSmartCreated, added(), removed, reAdded])
      .when(withGeneration(removeDelegatedSigner(OTHER_SIGNER), 0))
      .thenNothingHappened();
    spec
      .given([...evmSmartCreated, added(), removed, reAdded])
      .when(withGeneration(removeDelegatedSigner(OTHER_SIGNER), 1))
      .then([removed]);
  });

  it("counts each signer's removals: the generation its next registration and removal belong to (ADR 0449)", () => {
    const history = [
      ...evmSmartCreated,
      added(),
      removed,
      added(),
      { ...removed, data: { ...removed.data, removedAt: NOW + 1 } },
    ];
    const wallet = walletAfter(history);
    expect(signerGeneration(wallet, OTHER_SIGNER)).toBe(2);
    expect(signerGeneration(wallet, `external-wallet:${EVM_ADMIN}`)).toBe(0);
    expect(delegatedSignerRemoval(wallet, OTHER_SIGNER)).toEqual(E.right({ locator: OTHER_SIGNER, present: false }));
    expect(delegatedSignerRemoval(walletAfter([...evmSmartCreated, added()]), OTHER_SIGNER)).toEqual(
      E.right({ locator: OTHER_SIGNER, present: true }),
    );
  });

  it('folds into a wallet without the signer or its key, and a signer can be added again', () => {
    const withKey = spec
      .given(evmSmartCreated)
      .when(addDelegatedSigner({ signer: 'api-key' }, { 'api-key': keys.apiKeyEvm }))
      .events();
    const locator = withKey[0]?.type === 'DelegatedSignerAdded' ? withKey[0].data.delegatedSigner.signer.locator : '';
    const removal = spec
      .given([...evmSmartCreated, ...withKey])
      .when(removeDelegatedSigner(locator))
      .events();
    const history = [...evmSmartCreated, ...withKey, ...removal];
    const state = history.reduce(walletDecider.evolve, walletDecider.initialState());
    expect(state.status === 'created' && state.wallet).toMatchObject<Partial<Wallet>>({
      delegatedSigners: [],
      custodialKeys: {},
    });
    spec
      .given(history)
      .when(addDelegatedSigner({ signer: 'api-key' }, { 'api-key': keys.apiKeyEvm }))
      .then(withKey);
  });
});
