import { generateKeyPairSync, sign } from 'node:crypto';
import { solanaAddressFromPublicKey, stellarAddressFromPublicKey } from '@paykit/wallets';
import { type TestProject, type WalletServer, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';
const ed25519 = () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return { raw, sign: (bytes: Buffer) => sign(null, bytes, privateKey) };
};

/** Signer transactions over HTTP (ADRs 0448-0450): what the SDK tests do not reach. */
describe('signer transactions over HTTP', () => {
  let api: WalletServer;
  let project: TestProject;
  let other: TestProject;
  const call = (method: string, path: string, body?: unknown, key = project.serverKey) =>
    api.call(key, method, path, body);

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
    other = await api.project();
  });
  afterAll(() => api.close());

  it('adds and removes at once when the service holds the admin key (api-key admin, Solana)', async () => {
    const wallet = (await call('POST', WALLETS, { chainType: 'solana', config: { adminSigner: { type: 'api-key' } } }))
      .body;
    const locator = `external-wallet:${solanaAddressFromPublicKey(ed25519().raw)}`;
    const added = await call('POST', `${WALLETS}/${wallet.address}/signers`, { signer: locator });
    expect(added).toMatchObject({
      status: 201,
      body: { locator, transaction: { type: 'add-signer', status: 'success', onChain: { txId: expect.any(String) } } },
    });
    const path = `${WALLETS}/${wallet.address}/signers/${encodeURIComponent(locator)}`;
    const removed = await call('DELETE', path);
    expect(removed).toMatchObject({ status: 200, body: { type: 'remove-signer', status: 'success' } });
    expect((await call('GET', path)).status).toBe(404);
    // Another project sees neither the wallet's signer transaction nor the wallet.
    expect(
      (await call('GET', `${WALLETS}/${wallet.address}/transactions/${removed.body.id}`, undefined, other.serverKey))
        .status,
    ).toBe(404);
  });

  it("takes the Stellar admin's Ed25519 signature of the base64 digest and refuses anyone else's", async () => {
    const admin = ed25519();
    const adminAddress = stellarAddressFromPublicKey(admin.raw);
    const wallet = (
      await call('POST', WALLETS, {
        chainType: 'stellar',
        config: { adminSigner: { type: 'external-wallet', address: adminAddress } },
      })
    ).body;
    const delegate = ed25519();
    const locator = `external-wallet:${stellarAddressFromPublicKey(delegate.raw)}`;
    const registered = (await call('POST', `${WALLETS}/${wallet.address}/signers`, { signer: locator })).body;
    const { id, approvals } = registered.transaction;
    const message = Buffer.from(approvals.pending[0].message, 'base64');
    const approvalsPath = `${WALLETS}/${wallet.address}/transactions/${id}/approvals`;

    expect(
      await call('POST', approvalsPath, {
        approvals: [{ signer: locator, signature: delegate.sign(message).toString('base64') }],
      }),
    ).toMatchObject({ status: 400, body: { code: 'signer_not_pending' } });
    expect(
      await call('POST', approvalsPath, {
        approvals: [
          { signer: `external-wallet:${adminAddress}`, signature: delegate.sign(message).toString('base64') },
        ],
      }),
    ).toMatchObject({ status: 400, body: { code: 'invalid_signature' } });
    const signature = admin.sign(message).toString('base64');
    expect(
      await call('POST', approvalsPath, { approvals: [{ signer: `external-wallet:${adminAddress}`, signature }] }),
    ).toMatchObject({ status: 201, body: { id, status: 'success' } });
    expect(
      await call('POST', approvalsPath, { approvals: [{ signer: `external-wallet:${adminAddress}`, signature }] }),
    ).toMatchObject({ status: 409, body: { code: 'approval_already_submitted' } });
    expect(
      (await call('GET', `${WALLETS}/${wallet.address}/signers/${encodeURIComponent(locator)}`)).body,
    ).toMatchObject({ locator, transaction: { id, status: 'success' } });
  });
});
