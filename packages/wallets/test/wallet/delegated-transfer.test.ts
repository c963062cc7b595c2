import * as E from 'fp-ts/lib/Either.js';
import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  checkDelegatedTransfer,
  type DelegatedTransferRequest,
  spendingLimitExceeded,
} from '../../src/wallet/delegated-transfer.js';
import { walletDecider } from '../../src/wallet/decider.js';
import type { Wallet } from '../../src/wallet/types.js';
import { NOW } from '../support/fixtures.js';
import { createWallet, EVM_ADMIN, EVM_OTHER } from './fixtures.js';

const LIMITED = `external-wallet:${EVM_OTHER}`;
const UNLIMITED = `server:0x${'1'.repeat(40)}`;

const wallet: Wallet = (() => {
  const events = DeciderSpecification.for(walletDecider)
    .given([])
    .when(
      createWallet({
        chainType: 'evm',
        config: {
          adminSigner: { type: 'external-wallet', address: EVM_ADMIN },
          delegatedSigners: [
            {
              signer: LIMITED,
              scopes: [
                {
                  type: 'transfer',
                  tokenLocator: 'base-sepolia:usdc',
                  spendingLimit: { amount: '100', interval: 86400 },
                },
                { type: 'transfer', tokenLocator: 'polygon-amoy:pol' },
              ],
              expiresAt: '2026-04-01T00:00:00Z',
            },
            { signer: UNLIMITED },
          ],
        },
      }),
    )
    .events();
  const state = fold(walletDecider, events);
  if (state.status !== 'created') throw new Error('wallet not created');
  return state.wallet;
})();

const check = (overrides: Partial<DelegatedTransferRequest>) =>
  checkDelegatedTransfer({
    wallet,
    signer: LIMITED,
    token: 'base-sepolia:usdc',
    amount: '10',
    now: NOW,
    ...overrides,
  });

describe('checkDelegatedTransfer', () => {
  it('lets the admin signer transfer anything', () => {
    expect(
      check({ signer: `external-wallet:${EVM_ADMIN.toLowerCase()}`, token: 'base-sepolia:eth', amount: '1000000' }),
    ).toEqual(E.right({ role: 'admin', signer: wallet.adminSigner }));
  });

  it('lets a delegated signer without scopes transfer anything until it expires', () => {
    expect(check({ signer: UNLIMITED, token: 'base-sepolia:eth', amount: '5' })).toEqual(
      E.right({ role: 'delegated', signer: wallet.delegatedSigners[1]?.signer }),
    );
  });

  it('answers a scoped token with the budget its spending limit is claimed from, whatever the amount', () => {
    const budget = {
      parts: [wallet.walletId, LIMITED, 'base-sepolia:usdxm'],
      tokenLocator: 'base-sepolia:usdc',
      limit: '100',
      intervalSeconds: 86400,
    };
    expect(check({ amount: '1000' })).toEqual(E.right(expect.objectContaining({ role: 'delegated', budget })));
    // The same token under another of its names spends from the same budget.
    expect(check({ token: 'base-sepolia:0xDc701122B8afFF800A94b86c03D2222D10efbA90' })).toEqual(
      E.right(expect.objectContaining({ budget })),
    );
  });

  it('allows a scope without limit for any amount, with no budget to claim', () => {
    expect(check({ token: 'polygon-amoy:pol', amount: '1000000' })).toEqual(
      E.right({
        role: 'delegated',
        signer: wallet.delegatedSigners[0]?.signer,
        scope: { type: 'transfer', tokenLocator: 'polygon-amoy:pol' },
      }),
    );
  });

  it('words the refusal of a claim past the budget with the limit, the window and what is left', () => {
    const budget = {
      parts: ['w', LIMITED, 't'] as const,
      tokenLocator: 'base-sepolia:usdc',
      limit: '100',
      intervalSeconds: 86400,
    };
    expect(spendingLimitExceeded(LIMITED, budget, { spent: '60', remaining: '40', resetsAt: null })).toEqual({
      kind: 'forbidden',
      code: 'spending_limit_exceeded',
      message: `${LIMITED} may transfer at most 100 of base-sepolia:usdc every 86400 seconds; 40 is left`,
      parameters: { limit: '100', interval: 86400, spent: '60', remaining: '40' },
    });
    expect(
      spendingLimitExceeded(LIMITED, budget, { spent: '100', remaining: '0', resetsAt: '2026-03-02T11:00:00.000Z' })
        .parameters,
    ).toEqual({ limit: '100', interval: 86400, spent: '100', remaining: '0', resetsAt: '2026-03-02T11:00:00.000Z' });
  });

  it('refuses tokens outside the scopes', () => {
    expect(check({ token: 'base-sepolia:eth' })).toEqual(
      E.left({
        kind: 'forbidden',
        code: 'transfer_not_in_scope',
        message: `${LIMITED} may not transfer base-sepolia:eth; its scopes allow base-sepolia:usdc, polygon-amoy:pol`,
      }),
    );
  });

  it('refuses an expired signer from its expiry on', () => {
    expect(check({ now: Date.parse('2026-03-31T23:59:59.999Z') })).toEqual(
      E.right(expect.objectContaining({ role: 'delegated' })),
    );
    expect(check({ now: Date.parse('2026-04-01T00:00:00Z') })).toEqual(
      E.left({
        kind: 'forbidden',
        code: 'delegated_signer_expired',
        message: `${LIMITED} expired at 2026-04-01T00:00:00.000Z`,
      }),
    );
  });

  it('refuses strangers, bad amounts and bad tokens', () => {
    expect(check({ signer: 'external-wallet:0x0000000000000000000000000000000000000001' })).toEqual(
      E.left(expect.objectContaining({ kind: 'forbidden', code: 'signer_not_authorized' })),
    );
    expect(check({ amount: '-1' })).toEqual(
      E.left(expect.objectContaining({ kind: 'invalid', code: 'invalid_amount' })),
    );
    // A raw call that moves nothing is still checked for its signer, not refused for its amount.
    expect(check({ amount: '0' })).toEqual(E.right(expect.objectContaining({ role: 'delegated' })));
    expect(check({ amount: '1e3' })).toEqual(E.left(expect.objectContaining({ code: 'invalid_amount' })));
    expect(check({ token: 'base:usdc' })).toEqual(E.left(expect.objectContaining({ code: 'invalid_token_locator' })));
  });
});
