import * as E from 'fp-ts/lib/Either.js';
import { signatureApprovalRefusal, signatureSignerOf } from '../../src/signature-requests/signer.js';
import type { SignatureRequest } from '../../src/signature-requests/model.js';
import { NOW } from '../support/fixtures.js';
import { EVM_ADMIN, EVM_OTHER, keys } from '../wallet/fixtures.js';
import { walletOf } from '../wallet/wallet-of.js';

const DELEGATED = `external-wallet:${EVM_OTHER}`;
const SCOPED = `server:0x${'4'.repeat(40)}`;
const EXPIRING = `server:0x${'5'.repeat(40)}`;
const HOUR = 3_600_000;
const MESSAGE = { type: 'message', now: NOW };
const smart = walletOf(
  {
    chainType: 'evm',
    config: {
      adminSigner: { type: 'external-wallet', address: EVM_ADMIN },
      delegatedSigners: [
        { signer: DELEGATED },
        { signer: 'api-key' },
        { signer: SCOPED, scopes: [{ type: 'transfer', tokenLocator: 'base-sepolia:usdc' }] },
        { signer: EXPIRING, expiresAt: new Date(NOW + HOUR).toISOString() },
      ],
    },
  },
  { 'api-key': keys.apiKeyEvm },
);
const mpc = walletOf({ chainType: 'evm', type: 'mpc' }, { wallet: keys.walletEvm });

describe('signatureSignerOf: who a signature request asks to sign', () => {
  it('is an MPC wallet itself, which takes no signer', () => {
    expect(signatureSignerOf(mpc, undefined, MESSAGE)).toEqual(
      E.right({ type: 'wallet', address: mpc.address, locator: `wallet:${mpc.address}` }),
    );
    expect(signatureSignerOf(mpc, DELEGATED, MESSAGE)).toEqual(
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
    expect(signatureSignerOf(smart, undefined, MESSAGE)).toEqual(
      E.right({ type: 'external-wallet', address: EVM_ADMIN, locator: `external-wallet:${EVM_ADMIN}` }),
    );
    expect(signatureSignerOf(smart, DELEGATED.toLowerCase(), MESSAGE)).toEqual(
      E.right({ type: 'external-wallet', address: EVM_OTHER, locator: DELEGATED }),
    );
    const apiKey = smart.delegatedSigners[1]!.signer;
    expect(signatureSignerOf(smart, 'api-key', MESSAGE)).toEqual(
      E.right({ type: 'api-key', address: apiKey.address, locator: apiKey.locator }),
    );
  });

  it('refuses a signer the wallet does not have', () => {
    expect(signatureSignerOf(smart, `external-wallet:0x${'3'.repeat(40)}`, MESSAGE)).toEqual(
      E.left({
        kind: 'forbidden',
        code: 'signer_not_authorized',
        message: `params.signer: external-wallet:0x${'3'.repeat(40)} is not a signer of this wallet`,
      }),
    );
  });
});

describe('signatureSignerOf and signatureApprovalRefusal: whether the signer may sign (ADR 0453)', () => {
  const code = (result: E.Either<{ code?: string }, unknown>) => (E.isLeft(result) ? result.left.code : 'right');

  it('refuses a delegated signer with transfer scopes, for messages and typed data alike', () => {
    expect(code(signatureSignerOf(smart, SCOPED, { type: 'typed-data', now: NOW }))).toBe('signer_scope_exceeded');
    expect(code(signatureSignerOf(smart, SCOPED, MESSAGE))).toBe('signer_scope_exceeded');
  });

  it('refuses a delegated signer once it expired, and not a moment before', () => {
    expect(code(signatureSignerOf(smart, EXPIRING, { type: 'typed-data', now: NOW + HOUR - 1 }))).toBe('right');
    expect(code(signatureSignerOf(smart, EXPIRING, { type: 'typed-data', now: NOW + HOUR }))).toBe(
      'delegated_signer_expired',
    );
  });

  const requestOf = (signer: string, extra: Partial<SignatureRequest> = {}): SignatureRequest => ({
    signatureId: 'signature-1',
    walletId: smart.walletId,
    walletAddress: smart.address,
    environment: 'staging',
    walletType: 'smart',
    chain: 'base-sepolia',
    type: 'typed-data',
    params: {},
    signer: { type: 'server', address: signer.slice('server:'.length), locator: signer },
    digest: '0x',
    approvalMessage: '0x',
    createdAt: new Date(NOW).toISOString(),
    ...extra,
  });

  it('checks the awaited signer again at approval: expired or gone, it approves nothing', () => {
    expect(signatureApprovalRefusal(smart, requestOf(EXPIRING), NOW)).toBeNull();
    expect(signatureApprovalRefusal(smart, requestOf(EXPIRING), NOW + HOUR)).toMatchObject({
      kind: 'forbidden',
      code: 'delegated_signer_expired',
    });
    const without = { ...smart, delegatedSigners: smart.delegatedSigners.filter((d) => d.signer.locator !== EXPIRING) };
    expect(signatureApprovalRefusal(without, requestOf(EXPIRING), NOW)).toMatchObject({
      code: 'signer_not_authorized',
    });
  });

  it('leaves a completed request and an MPC wallet’s to the decider', () => {
    expect(signatureApprovalRefusal(smart, requestOf(EXPIRING, { outputSignature: '0x1' }), NOW + HOUR)).toBeNull();
    expect(signatureApprovalRefusal(mpc, requestOf(EXPIRING, { walletType: 'mpc' }), NOW + HOUR)).toBeNull();
  });
});
