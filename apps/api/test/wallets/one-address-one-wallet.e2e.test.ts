import type { EventStore } from '@paykit/event-store';
import type { Wallet } from '@paykit/wallets';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import type { JsonResponse } from '../support/http-client.js';
import { type TestProject, type WalletServer, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

describe('one address, one wallet', () => {
  let api: WalletServer;
  let project: TestProject;
  const create = (body: unknown, headers: Record<string, string> = {}) =>
    api.call(project.serverKey, 'POST', WALLETS, body, headers);
  const get = (locator: string) => api.call(project.serverKey, 'GET', `${WALLETS}/${encodeURIComponent(locator)}`);
  const evmSmart = (admin: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
    chainType: 'evm',
    type: 'smart',
    config: { adminSigner: { type: 'external-wallet', address: admin }, ...config },
    ...extra,
  });

  /** Every WalletCreated of the project, as recorded. */
  const recordedWallets = async (): Promise<Wallet[]> => {
    const wallets: Wallet[] = [];
    for await (const event of api.server.app.get<EventStore>(EVENT_STORE).readAll()) {
      if (event.type === 'WalletCreated' && event.metadata.projectId === project.projectId)
        wallets.push(event.data as Wallet);
    }
    return wallets;
  };

  beforeAll(async () => {
    api = await startWalletServer();
  });
  beforeEach(async () => {
    project = await api.project();
  });
  afterAll(() => api.close());

  it('gives two owners with one admin signer two wallets at two addresses, each found by its own', async () => {
    const admin = privateKeyToAccount(generatePrivateKey()).address;
    const a = await create(evmSmart(admin, { owner: 'email:a@example.com' }));
    const b = await create(evmSmart(admin, { owner: 'email:b@example.com' }));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.address).not.toBe(a.body.address);
    expect((await get(a.body.address)).body.owner).toBe('email:a@example.com');
    expect((await get(b.body.address)).body.owner).toBe('email:b@example.com');
  });

  it('refuses a second owner-less wallet on the same address with 409, and makes another for a seed or an alias', async () => {
    const admin = privateKeyToAccount(generatePrivateKey()).address;
    const first = await create(evmSmart(admin));
    expect(first.status).toBe(201);
    const again = await create(evmSmart(admin));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: true,
      code: 'wallet_address_in_use',
      parameters: { address: first.body.address },
    });
    expect(again.body.message).toMatch(/creationSeed/);
    const seeded = await create(evmSmart(admin, {}, { creationSeed: '1' }));
    const aliased = await create(evmSmart(admin, { alias: 'treasury' }));
    expect([seeded.status, aliased.status]).toEqual([201, 201]);
    expect(new Set([first.body.address, seeded.body.address, aliased.body.address]).size).toBe(3);
    const aliasedAgain = await create(evmSmart(admin, { alias: 'treasury' }));
    expect(aliasedAgain.status).toBe(200);
    expect(aliasedAgain.body).toEqual(aliased.body);
  });

  it('answers an idempotency key with its wallet, and another key on that address with 409', async () => {
    const admin = privateKeyToAccount(generatePrivateKey()).address;
    const first = await create(evmSmart(admin), { 'x-idempotency-key': 'one-address-k1' });
    const retry = await create(evmSmart(admin), { 'x-idempotency-key': 'one-address-k1' });
    const otherKey = await create(evmSmart(admin), { 'x-idempotency-key': 'one-address-k2' });
    expect([first.status, retry.status, otherKey.status]).toEqual([201, 200, 409]);
    expect(retry.body).toEqual(first.body);
    expect(otherKey.body.code).toBe('wallet_address_in_use');
  });

  it('does not show one user the wallet another user’s idempotency key made: each key is its user’s (ADR 0311)', async () => {
    const as = async (user: string) => ({
      authorization: `Bearer ${await api.userJwt(user)}`,
      'x-idempotency-key': 'shared-key',
    });
    const mine = await api.call(
      project.clientKey,
      'POST',
      WALLETS,
      { chainType: 'evm', type: 'mpc' },
      await as('user-a'),
    );
    expect(mine.status).toBe(201);
    const theirs = await api.call(
      project.clientKey,
      'POST',
      WALLETS,
      { chainType: 'evm', type: 'mpc' },
      await as('user-b'),
    );
    expect(theirs.status).toBe(201);
    expect(theirs.text).not.toContain(mine.body.address);
    // The server key acting for no one has a scope of its own: the key names nothing there yet.
    const server = await create({ chainType: 'aptos' }, { 'x-idempotency-key': 'shared-key' });
    expect(server.status).toBe(201);
    expect([mine.body.address, theirs.body.address]).not.toContain(server.body.address);
    const again = await create({ chainType: 'aptos' }, { 'x-idempotency-key': 'shared-key' });
    expect(again).toMatchObject({ status: 200, body: { address: server.body.address } });
  });

  it('Solana smart wallets too: two owners, two addresses', async () => {
    const admin = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
    const solana = (owner: string) => ({
      chainType: 'solana',
      owner,
      config: { adminSigner: { type: 'external-wallet', address: admin } },
    });
    const [a, b] = [await create(solana('userId:a')), await create(solana('userId:b'))];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.address).not.toBe(a.body.address);
  });

  it('50 concurrent creates with one signer: no two wallets share an address, and every answer follows the rules', async () => {
    const admin = privateKeyToAccount(generatePrivateKey()).address;
    /**
     * `wallet` names requests that are the same wallet by the spec's rules (same owner and alias,
     * or same idempotency key); `address` names requests that derive the same address.
     */
    interface Attempt {
      readonly wallet: string;
      readonly address: string;
      readonly body: unknown;
      readonly headers?: Record<string, string>;
    }
    const times = (count: number, attempt: Attempt): Attempt[] => Array.from({ length: count }, () => attempt);
    const attempts: Attempt[] = [
      ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) =>
        times(3, {
          wallet: `owner ${n}`,
          address: `owner ${n}`,
          body: evmSmart(admin, { owner: `email:o${n}@example.com` }),
        }),
      ),
      ...times(2, {
        wallet: 'owner 1',
        address: 'owner 1',
        body: evmSmart(admin, { owner: 'email:o1@example.com' }),
        headers: { 'x-idempotency-key': 'c-owner-1' },
      }),
      {
        wallet: 'owner 1 alias x',
        address: 'owner 1 alias x',
        body: evmSmart(admin, { owner: 'email:o1@example.com', alias: 'x' }),
      },
      // Owner-less and alias-less requests without a key are distinct wallets each.
      ...Array.from({ length: 6 }, (_, n) => ({
        wallet: `anonymous ${n}`,
        address: 'anonymous',
        body: evmSmart(admin),
      })),
      ...Array.from({ length: 3 }, (_, n) => ({
        wallet: `seed 6 #${n}`,
        address: 'seed 6',
        body: evmSmart(admin, {}, { creationSeed: '6' }),
      })),
      ...[1, 2, 3, 4, 5].map((seed) => ({
        wallet: `seed ${seed}`,
        address: `seed ${seed}`,
        body: evmSmart(admin, {}, { creationSeed: String(seed) }),
      })),
      ...times(4, { wallet: 'alias shared', address: 'alias shared', body: evmSmart(admin, { alias: 'shared' }) }),
      ...times(3, {
        wallet: 'key a',
        address: 'seed 9',
        body: evmSmart(admin, {}, { creationSeed: '9' }),
        headers: { 'x-idempotency-key': 'c-key-a' },
      }),
      ...times(2, {
        wallet: 'key b',
        address: 'seed 9',
        body: evmSmart(admin, {}, { creationSeed: '9' }),
        headers: { 'x-idempotency-key': 'c-key-b' },
      }),
    ];
    expect(attempts).toHaveLength(50);

    const answers = await Promise.all(attempts.map((attempt) => create(attempt.body, attempt.headers)));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
    const results = attempts.map((attempt, index) => ({ ...attempt, answer: answers[index] as JsonResponse<any> }));

    for (const { answer } of results) {
      expect([200, 201, 409]).toContain(answer.status);
      if (answer.status === 409) expect(answer.body).toMatchObject({ error: true, code: 'wallet_address_in_use' });
    }
    for (const label of new Set(attempts.map((attempt) => attempt.address))) {
      const group = results.filter((result) => result.address === label);
      const winners = group.filter((result) => result.answer.status === 201);
      expect({ label, created: winners.length }).toEqual({ label, created: 1 });
      const winner = winners[0]!;
      for (const result of group) {
        // The winner's own wallet answers 200 with the same wallet; any other wallet on its address, 409.
        const expected = result === winner ? 201 : result.wallet === winner.wallet ? 200 : 409;
        expect({ label, wallet: result.wallet, status: result.answer.status }).toEqual({
          label,
          wallet: result.wallet,
          status: expected,
        });
        if (expected === 200) expect(result.answer.body).toEqual(winner.answer.body);
      }
    }
    const created = results.filter((result) => result.answer.status === 201);
    expect(new Set(created.map((result) => result.answer.body.address)).size).toBe(created.length);

    const wallets = await recordedWallets();
    expect(wallets).toHaveLength(created.length);
    expect(new Set(wallets.map((wallet) => wallet.address)).size).toBe(wallets.length);
    for (const { answer } of created) {
      const found = await get(answer.body.address);
      expect(found.body).toEqual(answer.body);
    }
  });
});
