import * as E from 'fp-ts/lib/Either.js';
import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { checkDelegatedTransfer, type DelegatedTransferRequest } from '../../src/wallet/delegated-transfer.js';
import { walletDecider } from '../../src/wallet/decider.js';
import type { Wallet } from '../../src/wallet/types.js';
import { NOW } from '../support/fixtures.js';
import { createWallet, EVM_ADMIN, EVM_OTHER } from './fixtures.js';

const LIMITED = `external-wallet:${EVM_OTHER}`;
const UNLIMITED = `server:0x${'1'.repeat(40)}`;
const HOUR = 3600 * 1000;

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
    priorSpends: [],
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

  it('allows a scoped token within its limit and says what is left', () => {
    const result = check({
      amount: '40',
      priorSpends: [{ token: 'base-sepolia:usdxm', amount: '55.5', at: NOW - HOUR }],
    });
    expect(result).toEqual(E.right(expect.objectContaining({ role: 'delegated', remaining: '4.5' })));
  });

  it('allows exactly the remaining amount and refuses a unit more', () => {
    const priorSpends = [{ token: 'base-sepolia:usdc', amount: '60', at: NOW - HOUR }];
    expect(E.isRight(check({ amount: '40', priorSpends }))).toBe(true);
    expect(check({ amount: '40.000001', priorSpends })).toEqual(
      E.left({
        kind: 'forbidden',
        code: 'spending_limit_exceeded',
        message: `${LIMITED} may transfer at most 100 of base-sepolia:usdc every 86400 seconds; 40 is left`,
        parameters: { limit: '100', interval: 86400, spent: '60', remaining: '40' },
      }),
    );
  });

  it('counts the same token under any of its names, and only spends inside the rolling window', () => {
    const priorSpends = [
      { token: 'base-sepolia:0xDc701122B8afFF800A94b86c03D2222D10efbA90', amount: '50', at: NOW - 2 * HOUR },
      { token: 'base-sepolia:usdc', amount: '45', at: NOW - 23 * HOUR },
      { token: 'base-sepolia:usdc', amount: '999', at: NOW - 24 * HOUR },
      { token: 'base-sepolia:eth', amount: '999', at: NOW - HOUR },
      { token: 'base-sepolia:usdc', amount: '999', at: NOW + HOUR },
    ];
    expect(check({ amount: '5', priorSpends })).toEqual(E.right(expect.objectContaining({ remaining: '0' })));
    expect(check({ amount: '5.01', priorSpends })).toEqual(
      E.left(expect.objectContaining({ code: 'spending_limit_exceeded' })),
    );
  });

  it('counts a transfer made at the very instant of the check: the window ends at now, inclusive', () => {
    const priorSpends = [{ token: 'base-sepolia:usdc', amount: '100', at: NOW }];
    expect(check({ amount: '0.000001', priorSpends })).toEqual(
      E.left(
        expect.objectContaining({
          code: 'spending_limit_exceeded',
          parameters: expect.objectContaining({ spent: '100' }),
        }),
      ),
    );
  });

  it('allows a scope without limit for any amount', () => {
    expect(check({ token: 'polygon-amoy:pol', amount: '1000000' })).toEqual(
      E.right(expect.objectContaining({ scope: { type: 'transfer', tokenLocator: 'polygon-amoy:pol' } })),
    );
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
    expect(check({ amount: '0' })).toEqual(
      E.left(expect.objectContaining({ kind: 'invalid', code: 'invalid_amount' })),
    );
    expect(check({ amount: '1e3' })).toEqual(E.left(expect.objectContaining({ code: 'invalid_amount' })));
    expect(check({ token: 'base:usdc' })).toEqual(E.left(expect.objectContaining({ code: 'invalid_token_locator' })));
  });
});
