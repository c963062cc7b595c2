import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type TestProject, type WalletServer, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

describe('delegated signers over HTTP', () => {
  let api: WalletServer;
  let project: TestProject;
  const admin = privateKeyToAccount(generatePrivateKey());
  let wallet: { address: string };
  const call = (method: string, path: string, body?: unknown, key = project.serverKey) =>
    api.call(key, method, path, body);
  const signerPath = (locator: string, address = wallet.address) =>
    `${WALLETS}/${address}/signers/${encodeURIComponent(locator)}`;

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
    wallet = (
      await call('POST', WALLETS, {
        chainType: 'evm',
        config: { adminSigner: { type: 'external-wallet', address: admin.address } },
      })
    ).body;
  });
  afterAll(() => api.close());

  it('registers a signer pending the admin’s approval, with scopes, and adds it once the admin signs', async () => {
    const delegate = privateKeyToAccount(generatePrivateKey());
    const locator = `external-wallet:${delegate.address}`;
    const scopes = [
      { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '5', interval: 3600 } },
    ];
    const registered = await call('POST', `${WALLETS}/${wallet.address}/signers`, {
      signer: locator,
      scopes,
      chain: 'base-sepolia',
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      type: 'external-wallet',
      locator,
      scopes,
      chains: { 'base-sepolia': { status: 'awaiting-approval', id: expect.any(String) } },
    });
    const signatureId = registered.body.chains['base-sepolia'].id as string;
    const again = await call('POST', `${WALLETS}/${wallet.address}/signers`, {
      signer: locator,
      scopes,
      chain: 'base-sepolia',
    });
    expect(again.body.chains['base-sepolia'].id).toBe(signatureId);
    expect((await call('GET', signerPath(locator))).body).toMatchObject({
      chains: { 'base-sepolia': { status: 'awaiting-approval' } },
    });
    expect((await call('GET', `${WALLETS}/${wallet.address}`)).body.config.delegatedSigners).toEqual([]);

    const signature = await call('GET', `${WALLETS}/${wallet.address}/signatures/${signatureId}`);
    expect(signature.body).toMatchObject({
      type: 'add-signer',
      status: 'awaiting-approval',
      params: { delegatedSigner: locator, signer: { locator: `external-wallet:${admin.address}` } },
    });
    const message = signature.body.approvals.pending[0].message;
    const forged = await call('POST', `${WALLETS}/${wallet.address}/signatures/${signatureId}/approvals`, {
      approvals: [
        {
          signer: `external-wallet:${admin.address}`,
          signature: await delegate.signMessage({ message: { raw: message } }),
        },
      ],
    });
    expect(forged.body).toMatchObject({ code: 'invalid_signature' });
    const approved = await call('POST', `${WALLETS}/${wallet.address}/signatures/${signatureId}/approvals`, {
      approvals: [
        {
          signer: `external-wallet:${admin.address}`,
          signature: await admin.signMessage({ message: { raw: message } }),
        },
      ],
    });
    expect(approved.body.status).toBe('success');
    expect((await call('GET', signerPath(locator))).body).toMatchObject({
      locator,
      scopes,
      chains: { 'base-sepolia': { status: 'success' } },
    });
    expect((await call('GET', `${WALLETS}/${wallet.address}`)).body.config.delegatedSigners).toEqual([
      expect.objectContaining({ locator, scopes }),
    ]);
  });

  it('asks the admin again after a removal: its approval of the first registration does not re-add the signer', async () => {
    const delegate = privateKeyToAccount(generatePrivateKey());
    const locator = `external-wallet:${delegate.address}`;
    const adminLocator = `external-wallet:${admin.address}`;
    const register = async () => {
      const registered = await call('POST', `${WALLETS}/${wallet.address}/signers`, { signer: locator });
      const signatureId = registered.body.chains['base-sepolia'].id as string;
      const request = await call('GET', `${WALLETS}/${wallet.address}/signatures/${signatureId}`);
      return { signatureId, message: request.body.approvals.pending[0].message as `0x${string}` };
    };
    const approve = (signatureId: string, signature: string) =>
      call('POST', `${WALLETS}/${wallet.address}/signatures/${signatureId}/approvals`, {
        approvals: [{ signer: adminLocator, signature }],
      });

    const first = await register();
    const firstApproval = await admin.signMessage({ message: { raw: first.message } });
    expect((await approve(first.signatureId, firstApproval)).body.status).toBe('success');
    const removal = await call('DELETE', signerPath(locator));
    const removalMessage = removal.body.approvals.pending[0].message as `0x${string}`;
    const removed = await call('POST', `${WALLETS}/${wallet.address}/transactions/${removal.body.id}/approvals`, {
      approvals: [{ signer: adminLocator, signature: await admin.signMessage({ message: { raw: removalMessage } }) }],
    });
    expect(removed.body.status).toBe('success');

    // The same grant again: a new registration, whose message is not the first one's.
    const second = await register();
    expect(second.signatureId).not.toBe(first.signatureId);
    expect(second.message).not.toBe(first.message);
    const replayed = await approve(second.signatureId, firstApproval);
    expect(replayed).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    const signers = (await call('GET', `${WALLETS}/${wallet.address}`)).body.config.delegatedSigners;
    expect(signers.map((signer: { locator: string }) => signer.locator)).not.toContain(locator);
  });

  it('adds at once when the service holds the admin key', async () => {
    const custodial = (
      await call('POST', WALLETS, { chainType: 'evm', alias: 'ops', config: { adminSigner: { type: 'api-key' } } })
    ).body;
    const delegate = privateKeyToAccount(generatePrivateKey());
    const registered = await call('POST', `${WALLETS}/${custodial.address}/signers`, {
      signer: `external-wallet:${delegate.address}`,
    });
    expect(registered.body).toMatchObject({
      locator: `external-wallet:${delegate.address}`,
      chains: { 'base-sepolia': { status: 'success' } },
    });
  });

  it('answers 404 for the admin, strangers and other projects, and a 400 for what cannot be registered', async () => {
    expect((await call('GET', signerPath(`external-wallet:${admin.address}`))).status).toBe(404);
    expect(
      (await call('GET', signerPath(`external-wallet:${privateKeyToAccount(generatePrivateKey()).address}`))).status,
    ).toBe(404);
    const elsewhere = await api.project();
    expect(
      (
        await call(
          'POST',
          `${WALLETS}/${wallet.address}/signers`,
          { signer: `external-wallet:${admin.address}` },
          elsewhere.serverKey,
        )
      ).status,
    ).toBe(404);
    const adminAgain = await call('POST', `${WALLETS}/${wallet.address}/signers`, {
      signer: `external-wallet:${admin.address}`,
    });
    expect(adminAgain.status).toBe(409);
    expect(
      (await call('POST', `${WALLETS}/${wallet.address}/signers`, { signer: 'external-wallet:0x123' })).status,
    ).toBe(400);
    expect((await call('POST', `${WALLETS}/${wallet.address}/signers`, {})).status).toBe(400);
    const mpc = (await call('POST', WALLETS, { chainType: 'evm', type: 'mpc' })).body;
    expect(
      (await call('POST', `${WALLETS}/${mpc.address}/signers`, { signer: `external-wallet:${admin.address}` })).body,
    ).toMatchObject({ code: 'delegated_signers_not_supported' });
    const solana = (await call('POST', WALLETS, { chainType: 'solana', config: { adminSigner: { type: 'api-key' } } }))
      .body;
    // Solana registrations are served since ADR 0448; the admin is still no delegated signer of its own wallet.
    expect(await call('POST', `${WALLETS}/${solana.address}/signers`, { signer: 'api-key' })).toMatchObject({
      status: 409,
      body: { code: 'signer_already_exists' },
    });
  });
});
