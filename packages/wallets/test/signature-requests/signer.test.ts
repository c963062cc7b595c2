import * as E from 'fp-ts/lib/Either.js';
import { signatureSignerOf } from '../../src/signature-requests/signer.js';
import { EVM_ADMIN, EVM_OTHER, keys } from '../wallet/fixtures.js';
import { walletOf } from '../wallet/wallet-of.js';

const DELEGATED = `external-wallet:${EVM_OTHER}`;
const smart = walletOf(
  {
    chainType: 'evm',
    config: {
      adminSigner: { type: 'external-wallet', address: EVM_ADMIN },
      delegatedSigners: [{ signer: DELEGATED }, { signer: 'api-key' }],
    },
  },
  { 'api-key': keys.apiKeyEvm },
);
const mpc = walletOf({ chainType: 'evm', type: 'mpc' }, { wallet: keys.walletEvm });

describe('signatureSignerOf: who a signature request asks to sign', () => {
  it('is an MPC wallet itself, which takes no signer', () => {
    expect(signatureSignerOf(mpc, undefined)).toEqual(
      E.right({ type: 'wallet', address: mpc.address, locator: `wallet:${mpc.address}` }),
    );
    expect(signatureSignerOf(mpc, DELEGATED)).toEqual(
      E.left(
        expect.objectContaining({
          kind: 'invalid',
          code: 'invalid_signer',
          message: 'params.signer: evm mpc wallets are signed by the service; omit signer',
        }),
      ),
    );
  });

  it("is a smart wallet's admin by default, or the signer of its own the request names, in any spelling", () => {
    expect(signatureSignerOf(smart, undefined)).toEqual(
      E.right({ type: 'external-wallet', address: EVM_ADMIN, locator: `external-wallet:${EVM_ADMIN}` }),
    );
    expect(signatureSignerOf(smart, DELEGATED.toLowerCase())).toEqual(
      E.right({ type: 'external-wallet', address: EVM_OTHER, locator: DELEGATED }),
    );
    const apiKey = smart.delegatedSigners[1]!.signer;
    expect(signatureSignerOf(smart, 'api-key')).toEqual(
      E.right({ type: 'api-key', address: apiKey.address, locator: apiKey.locator }),
    );
  });

  it('refuses a signer the wallet does not have', () => {
    expect(signatureSignerOf(smart, `external-wallet:0x${'3'.repeat(40)}`)).toEqual(
      E.left({
        kind: 'forbidden',
        code: 'signer_not_authorized',
        message: `params.signer: external-wallet:0x${'3'.repeat(40)} is not a signer of this wallet`,
      }),
    );
  });
});
