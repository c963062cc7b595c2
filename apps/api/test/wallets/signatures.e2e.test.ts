import { smartAccountMessageHash } from '@paykit/wallets';
import { type Hex, hashMessage, recoverAddress, recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type TestProject, type WalletServer, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

describe('wallet signatures over HTTP', () => {
  let api: WalletServer;
  let project: TestProject;
  const admin = privateKeyToAccount(generatePrivateKey());
  let smart: { address: string };
  const call = (method: string, path: string, body?: unknown, key = project.serverKey) =>
    api.call(key, method, path, body);
  const sign = (walletAddress: string, body: unknown) => call('POST', `${WALLETS}/${walletAddress}/signatures`, body);

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
    smart = (
      await call('POST', WALLETS, {
        chainType: 'evm',
        config: { adminSigner: { type: 'external-wallet', address: admin.address } },
      })
    ).body;
  });
  afterAll(() => api.close());

  it('waits for the admin, verifies its EIP-191 approval, and refuses forgeries, strangers and repeats', async () => {
    const created = await sign(smart.address, { type: 'message', params: { message: 'hello', chain: 'base-sepolia' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'message',
      chainType: 'evm',
      walletType: 'smart',
      status: 'awaiting-approval',
      params: { message: 'hello', chain: 'base-sepolia', signer: { type: 'external-wallet', address: admin.address } },
      approvals: { required: 1, submitted: [] },
    });
    const { message } = created.body.approvals.pending[0];
    const path = `${WALLETS}/${smart.address}/signatures/${created.body.id}/approvals`;
    const stranger = privateKeyToAccount(generatePrivateKey());
    const forged = await call('POST', path, {
      approvals: [
        {
          signer: `external-wallet:${admin.address}`,
          signature: await stranger.signMessage({ message: { raw: message } }),
        },
      ],
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'invalid_signature' });
    const other = await call('POST', path, {
      approvals: [
        {
          signer: `external-wallet:${stranger.address}`,
          signature: await stranger.signMessage({ message: { raw: message } }),
        },
      ],
    });
    expect(other.body).toMatchObject({ code: 'signer_not_pending' });

    const signature = await admin.signMessage({ message: { raw: message } });
    const approved = await call('POST', path, {
      approvals: [{ signer: `external-wallet:${admin.address}`, signature }],
    });
    expect(approved.status).toBe(201);
    expect(approved.body).toMatchObject({
      status: 'success',
      outputSignature: signature,
      approvals: { pending: [], submitted: [{ signature }] },
    });
    expect(
      (await call('POST', path, { approvals: [{ signer: `external-wallet:${admin.address}`, signature }] })).status,
    ).toBe(409);
  });

  it('signs at once for an MPC wallet: an EOA signature that recovers to the wallet', async () => {
    const mpc = (await call('POST', WALLETS, { chainType: 'evm', type: 'mpc' })).body;
    const created = await sign(mpc.address, { type: 'message', params: { message: 'from the mpc wallet' } });
    expect(created.body).toMatchObject({
      status: 'success',
      walletType: 'mpc',
      approvals: { required: 0, pending: [] },
    });
    expect(
      await recoverMessageAddress({ message: 'from the mpc wallet', signature: created.body.outputSignature as Hex }),
    ).toBe(mpc.address);
    expect(
      await recoverAddress({ hash: hashMessage('something else'), signature: created.body.outputSignature as Hex }),
    ).not.toBe(mpc.address);
  });

  it('signs at once through an api-key admin signer', async () => {
    const custodial = (
      await call('POST', WALLETS, { chainType: 'evm', alias: 'ops', config: { adminSigner: { type: 'api-key' } } })
    ).body;
    const created = await sign(custodial.address, { type: 'message', params: { message: 'ops' } });
    expect(created.body).toMatchObject({
      status: 'success',
      outputSignature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    });
    // The api-key signer's EIP-191 signature of the smart-account message hash: what the account's ERC-1271 check recovers.
    const approval = smartAccountMessageHash(custodial.address, 84532, hashMessage('ops'));
    expect(await recoverMessageAddress({ message: { raw: approval }, signature: created.body.outputSignature })).toBe(
      custodial.config.adminSigner.address,
    );
  });

  it('answers bad input with a 400 naming it, other projects with a 404, and keys without the scope with a 403', async () => {
    const badTypes = await sign(smart.address, {
      type: 'typed-data',
      params: {
        typedData: {
          domain: { name: 'x' },
          types: { Mail: [{ name: 'n', type: 'uint999' }] },
          primaryType: 'Mail',
          message: { n: '1' },
        },
      },
    });
    expect(badTypes.status).toBe(400);
    expect(badTypes.body).toMatchObject({ code: 'invalid_typed_data' });
    expect(
      (await sign(smart.address, { type: 'message', params: { message: 'x', chain: 'solana' } })).body,
    ).toMatchObject({ code: 'invalid_chain' });
    expect(
      (
        await sign(smart.address, {
          type: 'message',
          params: { message: 'x', signer: 'external-wallet:0x0000000000000000000000000000000000000001' },
        })
      ).status,
    ).toBe(403);
    expect((await sign(smart.address, { type: 'nonsense', params: {} })).status).toBe(400);
    const solana = (await call('POST', WALLETS, { chainType: 'solana', type: 'mpc' })).body;
    expect((await sign(solana.address, { type: 'message', params: { message: 'x' } })).body).toMatchObject({
      code: 'signatures_not_supported',
    });

    const created = (await sign(smart.address, { type: 'message', params: { message: 'mine' } })).body;
    const elsewhere = await api.project();
    expect(
      (await call('GET', `${WALLETS}/${smart.address}/signatures/${created.id}`, undefined, elsewhere.serverKey))
        .status,
    ).toBe(404);
    expect((await call('GET', `${WALLETS}/${smart.address}/signatures/${created.id}`)).body).toMatchObject({
      id: created.id,
      status: 'awaiting-approval',
    });
    const { key } = await api.platform.apiKeys.issue(
      { projectId: project.projectId, kind: 'server', scopes: ['wallets.read'] },
      { actor: { type: 'cli', id: 'test' } },
    );
    const refused = await api.call(key, 'POST', `${WALLETS}/${smart.address}/signatures`, {
      type: 'message',
      params: { message: 'x' },
    });
    expect([401, 403]).toContain(refused.status);
  });

  it('replays a keyed request: one signature request per x-idempotency-key', async () => {
    const body = { type: 'message', params: { message: 'once' } };
    const key = { 'x-idempotency-key': 'signature-once-1' };
    const first = await api.call(project.serverKey, 'POST', `${WALLETS}/${smart.address}/signatures`, body, key);
    const again = await api.call(project.serverKey, 'POST', `${WALLETS}/${smart.address}/signatures`, body, key);
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const other = await api.call(
      project.serverKey,
      'POST',
      `${WALLETS}/${smart.address}/signatures`,
      { ...body, params: { message: 'twice' } },
      key,
    );
    expect(other.status).toBe(409);
  });
});
