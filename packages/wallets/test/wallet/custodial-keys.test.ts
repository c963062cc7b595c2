import { custodialKeysNeeded, custodialKeysNeededForSigner } from '../../src/wallet/custodial-keys.js';
import { EVM_ADMIN, SOLANA_ADMIN } from './fixtures.js';

describe('custodialKeysNeeded', () => {
  it('asks for the wallet key of MPC and Stellar wallets, on their curve', () => {
    expect(custodialKeysNeeded({ chainType: 'evm', type: 'mpc' })).toEqual([{ holder: 'wallet', curve: 'secp256k1' }]);
    expect(custodialKeysNeeded({ chainType: 'sui' })).toEqual([{ holder: 'wallet', curve: 'ed25519' }]);
    expect(
      custodialKeysNeeded({ chainType: 'stellar', config: { adminSigner: { type: 'external-wallet', address: 'G' } } }),
    ).toEqual([{ holder: 'wallet', curve: 'ed25519' }]);
    expect(
      custodialKeysNeeded({
        chainType: 'evm',
        config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN } },
      }),
    ).toEqual([]);
  });

  it('asks once per api-key, email and phone signer, in either notation', () => {
    expect(
      custodialKeysNeeded({
        chainType: 'solana',
        config: {
          adminSigner: { type: 'api-key' },
          delegatedSigners: [
            { signer: 'email:Bob@Example.com' },
            { signer: { type: 'phone', phone: '+14155550123' } },
            { signer: 'api-key' },
            { signer: `external-wallet:${SOLANA_ADMIN}` },
          ],
        },
      }),
    ).toEqual([
      { holder: 'api-key', curve: 'ed25519' },
      { holder: 'email:bob@example.com', curve: 'ed25519' },
      { holder: 'phone:+14155550123', curve: 'ed25519' },
    ]);
    expect(custodialKeysNeededForSigner('evm', { signer: { type: 'email', email: 'a@b.co' } })).toEqual([
      { holder: 'email:a@b.co', curve: 'secp256k1' },
    ]);
  });

  it('asks for nothing when the request is malformed (decide reports why)', () => {
    expect(custodialKeysNeeded({ chainType: 'btc' })).toEqual([]);
    expect(custodialKeysNeeded({ chainType: 'evm', type: 'hot' })).toEqual([]);
  });

  it('skips a delegated entry that is not an object: decide refuses it', () => {
    expect(
      custodialKeysNeeded({
        chainType: 'evm',
        config: { adminSigner: { type: 'api-key' }, delegatedSigners: [null as never, { signer: 'api-key' }] },
      }),
    ).toEqual([{ holder: 'api-key', curve: 'secp256k1' }]);
  });
});
