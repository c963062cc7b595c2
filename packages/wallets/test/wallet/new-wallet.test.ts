import { DeciderSpecification } from '@paykit/kernel/testing';
import * as E from 'fp-ts/lib/Either.js';
import type { CreateWallet } from '../../src/wallet/commands.js';
import { newWalletOf } from '../../src/wallet/create-wallet.js';
import { walletDecider } from '../../src/wallet/decider.js';
import { EVM_ADMIN, createWallet, keys } from './fixtures.js';

const spec = DeciderSpecification.for(walletDecider);

describe('newWalletOf: the wallet a create makes, before a handler writes it', () => {
  it.each([
    [
      'an EVM smart wallet',
      createWallet({ chainType: 'evm', config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN } } }),
    ],
    [
      'a Sui MPC wallet',
      createWallet({ chainType: 'sui', owner: 'email:a@example.com' }, { wallet: keys.walletEd25519 }),
    ],
  ])('is the wallet the decider creates on an empty stream: %s', (_kind, command) => {
    const [created] = spec.given([]).when(command).events();
    expect(newWalletOf(command as CreateWallet)).toEqual(E.right(created?.data));
  });

  it('is the refusal the decider gives', () => {
    const command = createWallet({ chainType: 'bitcoin' });
    let refusal: unknown;
    spec
      .given([])
      .when(command)
      .thenFails((error) => (refusal = error));
    expect(newWalletOf(command as CreateWallet)).toEqual(E.left(refusal));
    expect(refusal).toMatchObject({ kind: 'invalid', code: 'invalid_wallet_request' });
  });
});
