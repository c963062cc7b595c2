import * as E from 'fp-ts/lib/Either.js';
import { type TransferApprovalRequest, requiredApprovals } from '../../src/wallet/transfer-approvals.js';
import type { Wallet } from '../../src/wallet/types.js';
import { NOW } from '../support/fixtures.js';
import { EVM_ADMIN, EVM_OTHER, keys } from './fixtures.js';
import { walletOf } from './wallet-of.js';

const LIMITED = `external-wallet:${EVM_OTHER}`;

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

const approvalsOf = (wallet: Wallet, overrides: Partial<TransferApprovalRequest> = {}) => ({
  result: requiredApprovals({ wallet, token: 'base-sepolia:usdc', amount: '10', now: NOW, ...overrides }),
});

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

  it("asks a smart wallet's admin by default, in a 1-of-1 quorum, with no budget to claim", () => {
    const admin = smart.adminSigner!;
    const { result } = approvalsOf(smart);
    expect(result).toEqual(
      E.right({
        signer: admin.locator,
        quorums: [
          { threshold: 1, signers: [{ locator: admin.locator, type: 'external-wallet', address: admin.address }] },
        ],
      }),
    );
  });

  it('asks nobody when the approving signer is one whose key the service holds', () => {
    const admin = apiKeyAdmin.adminSigner!;
    expect(approvalsOf(apiKeyAdmin).result).toEqual(E.right({ signer: admin.locator, quorums: [] }));
    expect(approvalsOf(apiKeyAdmin, { signer: 'api-key' }).result).toEqual(
      E.right({ signer: admin.locator, quorums: [] }),
    );
  });

  it("names the budget of a delegated signer's spending limit, to claim before the transfer opens (ADR 0454)", () => {
    expect(approvalsOf(smart, { signer: LIMITED.toLowerCase(), amount: '1000' }).result).toEqual(
      E.right({
        signer: LIMITED,
        quorums: [{ threshold: 1, signers: [{ locator: LIMITED, type: 'external-wallet', address: EVM_OTHER }] }],
        budget: {
          parts: [smart.walletId, LIMITED, 'base-sepolia:usdxm'],
          tokenLocator: 'base-sepolia:usdc',
          limit: '100',
          intervalSeconds: 86_400,
        },
      }),
    );
  });

  it('refuses a signer the wallet does not have', () => {
    expect(approvalsOf(smart, { signer: `external-wallet:0x${'3'.repeat(40)}` }).result).toEqual(
      E.left(expect.objectContaining({ kind: 'forbidden', code: 'signer_not_authorized' })),
    );
  });
});
