import type { EventStore } from '@paykit/event-store';
import {
  SMART_ACCOUNT_FACTORY,
  SMART_ACCOUNT_INIT_CODE_HASH,
  type Wallet,
  isAptosAddress,
  isStellarAccountAddress,
  isSuiAddress,
  openCustodialKey,
  publicKeyOf,
  addressFromPublicKey,
  smartAccountIndex,
  smartAccountSalt,
  solanaSmartAccountAddress,
} from '@paykit/wallets';
import { getAddress, getContractAddress, isAddress, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { WalletSecrets } from '../../src/wallets/secrets/wallet-secrets.js';
import { ed25519TestKey, p256PublicKey } from './test-keys.js';
import { type TestProject, type WalletServer, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

describe('POST /2025-06-09/wallets', () => {
  let api: WalletServer;
  let project: TestProject;
  const create = (body: unknown, headers: Record<string, string> = {}, key = project.serverKey) =>
    api.call(key, 'POST', WALLETS, body, headers);

  /** The wallet as its WalletCreated event recorded it, custodial keys included. */
  const recorded = async (address: string): Promise<Wallet> => {
    const store = api.server.app.get<EventStore>(EVENT_STORE);
    for await (const event of store.readAll()) {
      if (event.type === 'WalletCreated' && (event.data as Wallet).address === address) return event.data as Wallet;
    }
    throw new Error(`no WalletCreated for ${address}`);
  };

  /** The address the sealed wallet key controls, derived from the key opened with the configured secret. */
  const addressOfSealedKey = async (address: string): Promise<string> => {
    const wallet = await recorded(address);
    const key = wallet.custodialKeys['wallet'];
    if (!key) throw new Error('no wallet key');
    expect(JSON.stringify(key)).not.toMatch(/secretKey"\s*:\s*"[0-9a-f]{64}"/);
    const secret = openCustodialKey(key, api.server.app.get(WalletSecrets).custodialKeyEncryption);
    return wallet.chainType === 'evm'
      ? privateKeyToAccount(toHex(secret)).address
      : addressFromPublicKey(wallet.chainType, publicKeyOf('ed25519', secret));
  };

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
  });
  afterAll(() => api.close());

  describe('the seven kinds', () => {
    it('EVM smart: the counterfactual CREATE2 address of the admin signer’s smart account for this wallet', async () => {
      const admin = privateKeyToAccount(generatePrivateKey());
      const response = await create({
        chainType: 'evm',
        type: 'smart',
        config: { adminSigner: { type: 'external-wallet', address: admin.address }, creationSeed: '7' },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        chainType: 'evm',
        type: 'smart',
        config: {
          adminSigner: { type: 'external-wallet', address: admin.address, locator: `external-wallet:${admin.address}` },
          delegatedSigners: [],
        },
      });
      const expected = getContractAddress({
        opcode: 'CREATE2',
        from: SMART_ACCOUNT_FACTORY,
        salt: smartAccountSalt(admin.address, smartAccountIndex({ projectId: project.projectId, creationSeed: 7n })),
        bytecodeHash: SMART_ACCOUNT_INIT_CODE_HASH,
      });
      expect(response.body.address).toBe(expected);
      expect(isAddress(response.body.address, { strict: true })).toBe(true);
      expect(typeof response.body.createdAt).toBe('number');
    });

    it('EVM MPC: the address of a generated secp256k1 key, sealed with the configured secret', async () => {
      const response = await create({ chainType: 'evm', type: 'mpc' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ chainType: 'evm', type: 'mpc', config: {} });
      expect(getAddress(response.body.address)).toBe(response.body.address);
      expect(await addressOfSealedKey(response.body.address)).toBe(response.body.address);
    });

    it('Solana smart: the program-derived address of the admin signer', async () => {
      const admin = ed25519TestKey();
      const response = await create({
        chainType: 'solana',
        config: { adminSigner: { type: 'external-wallet', address: admin.solanaAddress } },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ chainType: 'solana', type: 'smart' });
      const index = smartAccountIndex({ projectId: project.projectId, creationSeed: 0n });
      expect(response.body.address).toBe(solanaSmartAccountAddress(admin.solanaAddress as never, index));
    });

    it('Solana MPC, Aptos and Sui: addresses of generated Ed25519 keys', async () => {
      for (const body of [
        { chainType: 'solana', type: 'mpc' },
        { chainType: 'aptos' },
        { chainType: 'sui', type: 'mpc' },
      ]) {
        const response = await create(body);
        expect(response.status).toBe(201);
        expect(response.body).toMatchObject({ chainType: body.chainType, type: 'mpc', config: {} });
        expect(await addressOfSealedKey(response.body.address)).toBe(response.body.address);
        if (body.chainType === 'aptos') expect(isAptosAddress(response.body.address)).toBe(true);
        if (body.chainType === 'sui') expect(isSuiAddress(response.body.address)).toBe(true);
      }
    });

    it('Stellar: a G... account of a generated key, governed by its admin signer', async () => {
      const admin = ed25519TestKey();
      const response = await create({
        chainType: 'stellar',
        config: { adminSigner: { type: 'external-wallet', address: admin.stellarAddress } },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        chainType: 'stellar',
        type: 'smart',
        config: { adminSigner: { address: admin.stellarAddress } },
      });
      expect(isStellarAccountAddress(response.body.address)).toBe(true);
      expect(await addressOfSealedKey(response.body.address)).toBe(response.body.address);
    });

    it('keeps delegated signers with scopes and expiry, and passkey admins', async () => {
      const passkey = p256PublicKey();
      const delegate = privateKeyToAccount(generatePrivateKey());
      const response = await create({
        chainType: 'evm',
        config: {
          adminSigner: { type: 'passkey', id: 'cred-1', name: 'Laptop', publicKey: passkey },
          delegatedSigners: [
            {
              signer: `external-wallet:${delegate.address}`,
              scopes: [
                {
                  type: 'transfer',
                  tokenLocator: 'base-sepolia:usdc',
                  spendingLimit: { amount: '50', interval: 86400 },
                },
              ],
              expiresAt: '2099-01-01T00:00:00Z',
            },
            { signer: { type: 'device', publicKey: p256PublicKey(), name: 'Phone' } },
          ],
        },
      });
      expect(response.status).toBe(201);
      expect(response.body.config.adminSigner).toMatchObject({
        type: 'passkey',
        id: 'cred-1',
        locator: 'passkey:cred-1',
        publicKey: passkey,
      });
      expect(response.body.config.delegatedSigners).toEqual([
        expect.objectContaining({
          type: 'external-wallet',
          locator: `external-wallet:${delegate.address}`,
          scopes: [
            { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '50', interval: 86400 } },
          ],
          expiresAt: '2099-01-01T00:00:00.000Z',
          chains: expect.objectContaining({ 'base-sepolia': { status: 'success' } }),
        }),
        expect.objectContaining({ type: 'device', name: 'Phone', locator: expect.stringMatching(/^device:/) }),
      ]);
    });

    it('never returns custodial keys', async () => {
      const response = await create({ chainType: 'evm', config: { adminSigner: { type: 'api-key' } } });
      expect(response.status).toBe(201);
      expect(response.body.config.adminSigner).toMatchObject({
        type: 'api-key',
        locator: `api-key:${response.body.config.adminSigner.address}`,
      });
      expect(response.text).not.toMatch(/encrypted|ciphertext|custodial|secret/i);
    });
  });

  describe('200 or 201', () => {
    it('answers 200 with the existing wallet for the same owner, chain type, wallet type and alias', async () => {
      const body = { chainType: 'solana', type: 'mpc', owner: 'email:Dana@Example.com', alias: 'savings' };
      const first = await create(body);
      expect(first.status).toBe(201);
      expect(first.body.owner).toBe('email:dana@example.com');
      const again = await create({ ...body, owner: 'email:dana@example.com' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const otherAlias = await create({ ...body, alias: 'spending' });
      expect(otherAlias.status).toBe(201);
      expect(otherAlias.body.address).not.toBe(first.body.address);
      const otherType = await create({
        chainType: 'solana',
        owner: body.owner,
        alias: 'savings',
        config: { adminSigner: { type: 'api-key' } },
      });
      expect(otherType.status).toBe(201);
    });

    it('answers 200 with the wallet of an idempotency key used before, whatever the body', async () => {
      const headers = { 'x-idempotency-key': 'wallet-key-1' };
      const first = await create({ chainType: 'evm', type: 'mpc' }, headers);
      expect(first.status).toBe(201);
      const retry = await create({ chainType: 'evm', type: 'mpc' }, headers);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      const otherBody = await create({ chainType: 'aptos' }, headers);
      expect(otherBody.status).toBe(200);
      expect(otherBody.body.address).toBe(first.body.address);
    });

    it('does not use up a key on an invalid request', async () => {
      const headers = { 'x-idempotency-key': 'wallet-key-fixed-later' };
      expect((await create({ chainType: 'evm', type: 'mpc', owner: 'email:nope' }, headers)).status).toBe(400);
      expect((await create({ chainType: 'evm', type: 'mpc', owner: 'email:fixed@example.com' }, headers)).status).toBe(
        201,
      );
    });

    it('leaves exactly one wallet after 20 concurrent identical creates: one 201, nineteen 200', async () => {
      const body = { chainType: 'evm', type: 'mpc', owner: 'userId:concurrent-1' };
      const responses = await Promise.all(Array.from({ length: 20 }, () => create(body)));
      expect(responses.map((response) => response.status).sort()).toEqual([...Array(19).fill(200), 201]);
      expect(new Set(responses.map((response) => response.body.address)).size).toBe(1);
      const store = api.server.app.get<EventStore>(EVENT_STORE);
      let created = 0;
      for await (const event of store.readAll()) {
        if (event.type === 'WalletCreated' && (event.data as Wallet).owner === 'userId:concurrent-1') created++;
      }
      expect(created).toBe(1);
    });

    it('and with one idempotency key and no owner, too', async () => {
      const headers = { 'x-idempotency-key': 'concurrent-key' };
      const responses = await Promise.all(Array.from({ length: 20 }, () => create({ chainType: 'sui' }, headers)));
      expect(responses.map((response) => response.status).sort()).toEqual([...Array(19).fill(200), 201]);
      expect(new Set(responses.map((response) => response.body.address)).size).toBe(1);
    });
  });

  describe('refusals', () => {
    it.each([
      [{ chainType: 'evn' }, 'chainType'],
      [{ chainType: 'aptos', type: 'smart' }, 'type: aptos wallets cannot be smart wallets'],
      [
        { chainType: 'evm', owner: 'email:not-an-email', config: { adminSigner: { type: 'api-key' } } },
        'owner: "not-an-email" is not an email address',
      ],
      [
        { chainType: 'evm', owner: 'phoneNumber:5550123', type: 'mpc' },
        'owner: "5550123" is not a phone number in E.164 format',
      ],
      [{ chainType: 'evm' }, 'config.adminSigner: is required for evm smart wallets'],
      [
        { chainType: 'evm', config: { adminSigner: { type: 'external-wallet', address: '0x123' } } },
        'config.adminSigner.address',
      ],
      [{ chainType: 'evm', type: 'mpc', config: { creationSeed: '1' } }, 'config.creationSeed'],
      [{ chainType: 'evm', config: { adminSigner: { type: 'api-key' }, creationSeed: '-1' } }, 'config.creationSeed'],
      [{ chainType: 'solana', alias: 'has spaces', type: 'mpc' }, 'alias'],
      [
        {
          chainType: 'evm',
          config: { adminSigner: { type: 'api-key' }, delegatedSigners: [{ signer: 'external-wallet:0xabc' }] },
        },
        'config.delegatedSigners[0].signer',
      ],
      [
        {
          chainType: 'evm',
          config: {
            adminSigner: { type: 'api-key' },
            delegatedSigners: [
              { signer: { type: 'api-key' }, scopes: [{ type: 'transfer', tokenLocator: 'solana:usdc' }] },
            ],
          },
        },
        'config.delegatedSigners[0].scopes[0].tokenLocator',
      ],
      [
        {
          chainType: 'evm',
          config: {
            adminSigner: { type: 'api-key' },
            delegatedSigners: [{ signer: { type: 'api-key' }, expiresAt: '2001-01-01T00:00:00Z' }],
          },
        },
        'config.delegatedSigners[0].expiresAt',
      ],
    ])('400 naming the field for %j', async (body, field) => {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: true });
      expect(response.body.message).toContain(field);
    });

    it('refuses device signers where they cannot be, with DEVICE_SIGNER_NOT_SUPPORTED', async () => {
      const device = { type: 'device', publicKey: p256PublicKey() };
      const admin = ed25519TestKey();
      for (const body of [
        {
          chainType: 'solana',
          config: {
            adminSigner: { type: 'external-wallet', address: admin.solanaAddress },
            delegatedSigners: [{ signer: device }],
          },
        },
        { chainType: 'evm', config: { adminSigner: device } },
      ]) {
        const response = await create(body);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ error: true, code: 'DEVICE_SIGNER_NOT_SUPPORTED' });
      }
    });

    it('refuses a key without wallets.create, and a malformed idempotency key', async () => {
      const { key } = await api.platform.apiKeys.issue(
        { projectId: project.projectId, kind: 'server', scopes: ['wallets.read'] },
        { actor: { type: 'cli', id: 'test' } },
      );
      expect((await create({ chainType: 'sui' }, {}, key)).status).toBe(401);
      const response = await create({ chainType: 'sui' }, { 'x-idempotency-key': 'é' });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('x-idempotency-key');
    });
  });

  describe('for the calling user', () => {
    it('creates the JWT user’s wallet at /wallets/me, and a client key cannot name another owner', async () => {
      const jwt = { authorization: `Bearer ${await api.userJwt('user-42')}` };
      const mine = await api.call(project.clientKey, 'POST', `${WALLETS}/me`, { chainType: 'evm', type: 'mpc' }, jwt);
      expect(mine.status).toBe(201);
      expect(mine.body.owner).toBe('userId:user-42');
      const again = await api.call(project.clientKey, 'POST', WALLETS, { chainType: 'evm', type: 'mpc' }, jwt);
      expect(again.status).toBe(200);
      expect(again.body.address).toBe(mine.body.address);
      const other = await api.call(
        project.clientKey,
        'POST',
        WALLETS,
        { chainType: 'evm', type: 'mpc', owner: 'userId:someone-else' },
        jwt,
      );
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ error: true, code: 'owner_not_allowed' });
    });

    it('uses x-service-user-id under a server key, and needs a user for /me', async () => {
      const forUser = await api.call(
        project.serverKey,
        'POST',
        `${WALLETS}/me`,
        { chainType: 'aptos' },
        { 'x-service-user-id': 'svc-7' },
      );
      expect(forUser.status).toBe(201);
      expect(forUser.body.owner).toBe('userId:svc-7');
      const nobody = await api.call(project.serverKey, 'POST', `${WALLETS}/me`, { chainType: 'aptos' });
      expect(nobody.status).toBe(400);
      expect(nobody.body.message).toMatch(/^owner: "me" needs a user/);
    });
  });
});
