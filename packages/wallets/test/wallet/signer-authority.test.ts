import * as E from 'fp-ts/lib/Either.js';
import { actingSigner, checkSignerUse } from '../../src/wallet/signer-authority.js';
import { NOW } from '../support/fixtures.js';
import { EVM_ADMIN, EVM_OTHER } from './fixtures.js';
import { walletOf } from './wallet-of.js';

const ADMIN = `external-wallet:${EVM_ADMIN}`;
const UNSCOPED = `external-wallet:${EVM_OTHER}`;
const SCOPED = `server:0x${'1'.repeat(40)}`;
const HOUR = 3_600_000;
const scopes = [
  { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '1', interval: 86400 } },
  { type: 'transfer', tokenLocator: 'base-sepolia:eth' },
];
const wallet = walletOf({
  chainType: 'evm',
  config: {
    adminSigner: { type: 'external-wallet', address: EVM_ADMIN },
    delegatedSigners: [
      { signer: UNSCOPED, expiresAt: new Date(NOW + HOUR).toISOString() },
      { signer: SCOPED, scopes },
    ],
  },
});
const TYPED_DATA = { kind: 'signature', type: 'typed-data' } as const;
const APPROVE_CALL = { kind: 'transaction', description: 'approve' } as const;

describe('actingSigner: the signer as it may act now', () => {
  it('is the admin always, and a delegated signer until its expiry', () => {
    expect(actingSigner(wallet, ADMIN, NOW + 100 * HOUR)).toEqual(
      E.right({ role: 'admin', signer: wallet.adminSigner }),
    );
    expect(actingSigner(wallet, UNSCOPED, NOW + HOUR - 1)).toMatchObject(E.right({ role: 'delegated' }));
    expect(actingSigner(wallet, UNSCOPED, NOW + HOUR)).toEqual(
      E.left({
        kind: 'forbidden',
        code: 'delegated_signer_expired',
        message: `${UNSCOPED} expired at ${new Date(NOW + HOUR).toISOString()}`,
      }),
    );
  });

  it('refuses a signer the wallet does not have, named as the request wrote it', () => {
    expect(actingSigner(wallet, 'server:0x2', NOW, 'params.signer: server:0X2')).toEqual(
      E.left({
        kind: 'forbidden',
        code: 'signer_not_authorized',
        message: 'params.signer: server:0X2 is not a signer of this wallet',
      }),
    );
  });
});

describe('checkSignerUse: signatures and raw transactions (ADR 0453)', () => {
  it('lets the admin and a delegated signer without scopes sign and send anything', () => {
    for (const use of [TYPED_DATA, APPROVE_CALL]) {
      expect(E.isRight(checkSignerUse(wallet, ADMIN, use, NOW))).toBe(true);
      expect(E.isRight(checkSignerUse(wallet, UNSCOPED, use, NOW))).toBe(true);
    }
  });

  it('refuses a delegated signer with transfer scopes, naming what its scopes allow', () => {
    expect(checkSignerUse(wallet, SCOPED, TYPED_DATA, NOW)).toEqual(
      E.left({
        kind: 'forbidden',
        code: 'signer_scope_exceeded',
        message: `${SCOPED} may only transfer base-sepolia:usdc (at most 1 every 86400 seconds), base-sepolia:eth; its scopes allow no typed-data signatures`,
        parameters: { scopes, requested: 'typed-data' },
      }),
    );
    expect(checkSignerUse(wallet, SCOPED, APPROVE_CALL, NOW)).toMatchObject(
      E.left({
        code: 'signer_scope_exceeded',
        message: expect.stringMatching(/its scopes allow no other transactions \(approve\)$/),
        parameters: { requested: 'transaction' },
      }),
    );
  });

  it('refuses an expired delegated signer before looking at its scopes', () => {
    expect(checkSignerUse(wallet, UNSCOPED, TYPED_DATA, NOW + HOUR)).toMatchObject(
      E.left({ code: 'delegated_signer_expired' }),
    );
  });
});
