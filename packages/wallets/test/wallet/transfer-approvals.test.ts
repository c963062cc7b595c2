import * as E from 'fp-ts/lib/Either.js';
import type { PriorSpend } from '../../src/wallet/delegated-transfer.js';
import { type TransferApprovalRequest, requiredApprovals } from '../../src/wallet/transfer-approvals.js';
import type { Wallet } from '../../src/wallet/types.js';
import { NOW } from '../support/fixtures.js';
import { EVM_ADMIN, EVM_OTHER, keys } from './fixtures.js';
import { walletOf } from './wallet-of.js';

const LIMITED = `external-wallet:${EVM_OTHER}`;
const DAY_MS = 86_400 * 1000;

const smart = walletOf({
  chainType: 'evm',
  config: {
    adminSigner: { type: 'external-wallet', address: EVM_ADMIN },
    delegatedSigners: [
      {
        signer: LIMITED,
        scopes: [
          { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '100', interval: 86_400 } },
        ],
      },
    ],
  },
});
const mpc = walletOf({ chainType: 'evm', type: 'mpc' }, { wallet: keys.walletEvm });
const apiKeyAdmin = walletOf(
  { chainType: 'evm', config: { adminSigner: { type: 'api-key' } } },
  { 'api-key': keys.apiKeyEvm },
);

/** The request, and the spends it was asked for. */
const approvalsOf = (
  wallet: Wallet,
  overrides: Partial<TransferApprovalRequest> = {},
  spends: readonly PriorSpend[] = [],
) => {
  const asked: [string, number][] = [];
  const result = requiredApprovals({
    wallet,
    token: 'base-sepolia:usdc',
    amount: '10',
    now: NOW,
    priorSpendsOf: (signer, since) => {
      asked.push([signer, since]);
      return spends;
    },
    ...overrides,
  });
  return { result, asked };
};

describe('requiredApprovals: who must approve a transfer from a wallet', () => {
  it('asks nobody of an MPC wallet, whose key the service holds, and refuses a signer named for it', () => {
    expect(approvalsOf(mpc).result).toEqual(E.right({ quorums: [] }));
    expect(approvalsOf(mpc, { signer: LIMITED }).result).toEqual(
      E.left(
        expect.objectContaining({
          kind: 'invalid',
          code: 'invalid_signer',
          message: 'signer: evm mpc wallets are signed by the service; omit signer',
        }),
      ),
    );
  });

  it("asks a smart wallet's admin by default, in a 1-of-1 quorum, without reading spends", () => {
    const admin = smart.adminSigner!;
    const { result, asked } = approvalsOf(smart);
    expect(result).toEqual(
      E.right({
        signer: admin.locator,
        quorums: [
          { threshold: 1, signers: [{ locator: admin.locator, type: 'external-wallet', address: admin.address }] },
        ],
      }),
    );
    expect(asked).toEqual([]);
  });

  it('asks nobody when the approving signer is one whose key the service holds', () => {
    const admin = apiKeyAdmin.adminSigner!;
    expect(approvalsOf(apiKeyAdmin).result).toEqual(E.right({ signer: admin.locator, quorums: [] }));
    expect(approvalsOf(apiKeyAdmin, { signer: 'api-key' }).result).toEqual(
      E.right({ signer: admin.locator, quorums: [] }),
    );
  });

  it("counts a delegated signer's spends over its longest window, and refuses a transfer past its limit", () => {
    const within = approvalsOf(smart, { signer: LIMITED.toLowerCase() }, [
      { token: 'base-sepolia:usdc', amount: '85', at: NOW - 1000 },
    ]);
    expect(within.result).toEqual(E.right(expect.objectContaining({ signer: LIMITED })));
    expect(within.asked).toEqual([[LIMITED, NOW - DAY_MS]]);
    const past = approvalsOf(smart, { signer: LIMITED, amount: '20' }, [
      { token: 'base-sepolia:usdc', amount: '85', at: NOW - 1000 },
    ]);
    expect(past.result).toEqual(
      E.left(expect.objectContaining({ kind: 'forbidden', code: 'spending_limit_exceeded' })),
    );
  });

  it('refuses a signer the wallet does not have', () => {
    expect(approvalsOf(smart, { signer: `external-wallet:0x${'3'.repeat(40)}` }).result).toEqual(
      E.left(expect.objectContaining({ kind: 'forbidden', code: 'signer_not_authorized' })),
    );
  });
});
