import { setTimeout as sleep } from 'node:timers/promises';
import { type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { decodeBase58 } from '../../src/wallets/transfers/base58.js';
import { ed25519TestKey } from './test-keys.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

interface PendingApproval {
  message: string;
  signer: { locator: string; address: string; type: string };
}

/** A lone signer's pending approval, in the shape the public SDK reads (ADR 0440). */
const pendingOf = (transfer: { approvals: { pending: PendingApproval[] } }): PendingApproval => {
  const pending = transfer.approvals.pending[0];
  if (!pending) throw new Error('no pending approval');
  return pending;
};

describe('transfers that need a signer’s approval', () => {
  let api: WalletServer;
  let project: TestProject;
  const admin = privateKeyToAccount(generatePrivateKey());
  const delegate = privateKeyToAccount(generatePrivateKey());
  const stranger = privateKeyToAccount(generatePrivateKey());
  let wallet: { address: string };
  const payee = '0x000000000000000000000000000000000000bEEF';

  const call = (method: string, path: string, body?: unknown) => api.call(project.serverKey, method, path, body);
  const send = (body: unknown, token = 'base-sepolia:usdc') =>
    call('POST', `${WALLETS}/${wallet.address}/tokens/${token}/transfers`, body);
  const approve = (id: string, approvals: unknown) =>
    call('POST', `${WALLETS}/${wallet.address}/transactions/${id}/approvals`, { approvals });
  const sign = (account: typeof admin, message: string) => account.signMessage({ message: { raw: message as Hex } });
  const settled = (id: string) =>
    pollUntil(
      () => call('GET', `${WALLETS}/${wallet.address}/transactions/${id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
    const created = await call('POST', WALLETS, {
      chainType: 'evm',
      config: {
        adminSigner: { type: 'external-wallet', address: admin.address },
        delegatedSigners: [
          {
            signer: `external-wallet:${delegate.address}`,
            scopes: [
              { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '5', interval: 3600 } },
            ],
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    wallet = created.body;
    await call('POST', `/v1-alpha2/wallets/${wallet.address}/balances`, {
      amount: 50,
      token: 'usdc',
      chain: 'base-sepolia',
    });
  });
  afterAll(() => api.close());

  it('waits in awaiting-approval for the admin’s signature, verified, then executes', async () => {
    const sent = await send({ recipient: payee, amount: '2' });
    expect(sent.status).toBe(201);
    expect(sent.body.status).toBe('awaiting-approval');
    expect(sent.body.approvals).toMatchObject({
      required: 1,
      submitted: [],
      pending: [{ signer: { type: 'external-wallet' }, message: expect.any(String) }],
    });
    const pending = pendingOf(sent.body);
    expect(pending.signer).toEqual({
      locator: `external-wallet:${admin.address}`,
      address: admin.address,
      type: 'external-wallet',
    });
    expect(pending.message).toMatch(/^0x[0-9a-f]{64}$/);

    const forged = await approve(sent.body.id, [
      { signer: pending.signer.locator, signature: await sign(stranger, pending.message) },
    ]);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'invalid_signature' });
    const notAwaited = await approve(sent.body.id, [
      { signer: `external-wallet:${stranger.address}`, signature: await sign(stranger, pending.message) },
    ]);
    expect(notAwaited.status).toBe(400);
    expect(notAwaited.body).toMatchObject({ code: 'signer_not_pending' });
    expect((await call('GET', `${WALLETS}/${wallet.address}/transactions/${sent.body.id}`)).body.status).toBe(
      'awaiting-approval',
    );

    const signature = await sign(admin, pending.message);
    // The signer locator may be written in lowercase: it is normalized like the wallet's signers.
    const approved = await approve(sent.body.id, [
      { signer: `external-wallet:${admin.address.toLowerCase()}`, signature },
    ]);
    expect(approved.status).toBe(201);
    expect(approved.body.status).toBe('pending');
    expect(approved.body.approvals).toMatchObject({
      required: 1,
      pending: [],
      submitted: [
        { signature, message: pending.message, signer: { address: admin.address }, submittedAt: expect.any(Number) },
      ],
    });
    expect((await settled(sent.body.id)).body.status).toBe('success');

    const again = await approve(sent.body.id, [{ signer: pending.signer.locator, signature }]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'approval_already_submitted' });
    const complete = await approve(sent.body.id, [
      { signer: `external-wallet:${delegate.address}`, signature: await sign(delegate, pending.message) },
    ]);
    expect(complete.status).toBe(422);
    expect(complete.body).toMatchObject({ code: 'approvals_complete' });
  });

  it('lets a delegated signer approve within its scope and spending limit', async () => {
    const first = await send({ recipient: payee, amount: '3', signer: `external-wallet:${delegate.address}` });
    expect(first.status).toBe(201);
    const pending = pendingOf(first.body);
    expect(pending.signer.locator).toBe(`external-wallet:${delegate.address}`);
    const approved = await approve(first.body.id, [
      { signer: pending.signer.locator, signature: await sign(delegate, pending.message) },
    ]);
    expect(approved.status).toBe(201);
    expect((await settled(first.body.id)).body.status).toBe('success');

    const overLimit = await send({ recipient: payee, amount: '2.5', signer: `external-wallet:${delegate.address}` });
    expect(overLimit.status).toBe(403);
    expect(overLimit.body).toMatchObject({
      code: 'spending_limit_exceeded',
      parameters: { remaining: '2', limit: '5' },
    });
    expect((await send({ recipient: payee, amount: '2', signer: `external-wallet:${delegate.address}` })).status).toBe(
      201,
    );

    const outOfScope = await send(
      { recipient: payee, amount: '0.001', signer: `external-wallet:${delegate.address}` },
      'base-sepolia:eth',
    );
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.body).toMatchObject({ code: 'transfer_not_in_scope' });
    const unknown = await send({ recipient: payee, amount: '1', signer: `external-wallet:${stranger.address}` });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toMatchObject({ code: 'signer_not_authorized' });
  });

  it('refuses a delegated signer once it has expired', async () => {
    const shortLived = privateKeyToAccount(generatePrivateKey());
    const created = await call('POST', WALLETS, {
      chainType: 'evm',
      alias: 'short-lived',
      config: {
        adminSigner: { type: 'external-wallet', address: admin.address },
        creationSeed: '1',
        delegatedSigners: [
          { signer: `external-wallet:${shortLived.address}`, expiresAt: new Date(Date.now() + 1_000).toISOString() },
        ],
      },
    });
    const path = `${WALLETS}/evm:alias:short-lived/tokens/base-sepolia:usdc/transfers`;
    const before = await call('POST', path, {
      recipient: payee,
      amount: '1',
      signer: `external-wallet:${shortLived.address}`,
    });
    expect(before.status).toBe(201);
    await sleep(1_100);
    const after = await call('POST', path, {
      recipient: payee,
      amount: '1',
      signer: `external-wallet:${shortLived.address}`,
    });
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ code: 'delegated_signer_expired' });
    const pending = pendingOf(before.body);
    const late = await call('POST', `${WALLETS}/${created.body.address}/transactions/${before.body.id}/approvals`, {
      approvals: [{ signer: pending.signer.locator, signature: await sign(shortLived, pending.message) }],
    });
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ code: 'delegated_signer_expired' });
  });

  it('needs no approval when the service holds the admin key (api-key signer)', async () => {
    const custodial = (
      await call('POST', WALLETS, { chainType: 'evm', alias: 'ops', config: { adminSigner: { type: 'api-key' } } })
    ).body;
    await call('POST', `/v1-alpha2/wallets/${custodial.address}/balances`, {
      amount: 2,
      token: 'usdc',
      chain: 'base-sepolia',
    });
    const sent = await call('POST', `${WALLETS}/${custodial.address}/tokens/base-sepolia:usdc/transfers`, {
      recipient: payee,
      amount: '1',
    });
    expect(sent.body).toMatchObject({ status: 'pending', approvals: { required: 0 } });
  });

  it('verifies Ed25519 approvals on a Solana smart wallet', async () => {
    const key = ed25519TestKey();
    const solana = (
      await call('POST', WALLETS, {
        chainType: 'solana',
        config: { adminSigner: { type: 'external-wallet', address: key.solanaAddress } },
      })
    ).body;
    await call('POST', `/v1-alpha2/wallets/${solana.address}/balances`, { amount: 2, token: 'usdc' });
    const sent = await call('POST', `${WALLETS}/${solana.address}/tokens/solana:usdc/transfers`, {
      recipient: ed25519TestKey().solanaAddress,
      amount: '1',
    });
    expect(sent.body.status).toBe('awaiting-approval');
    const pending = pendingOf(sent.body);
    // The approver signs the message of the transfer's Solana transaction (ADR 0442), base58.
    const message = decodeBase58(pending.message) as Uint8Array;
    expect(message[0]).toBe(0x80);
    const forged = await call('POST', `${WALLETS}/${solana.address}/transactions/${sent.body.id}/approvals`, {
      approvals: [{ signer: pending.signer.locator, signature: key.sign(message.subarray(1)) }],
    });
    expect(forged.body).toMatchObject({ code: 'invalid_signature' });
    const approved = await call('POST', `${WALLETS}/${solana.address}/transactions/${sent.body.id}/approvals`, {
      approvals: [{ signer: pending.signer.locator, signature: key.sign(message) }],
    });
    expect(approved.status).toBe(201);
    const final = await pollUntil(
      () => call('GET', `${WALLETS}/${solana.address}/transactions/${sent.body.id}`),
      (response) => ['success', 'failed'].includes(response.body.status),
    );
    expect(final.body.status).toBe('success');
  });
});
