import { createPayKitClient, expectOk } from '@paykit/client';
import { type TestProject, type WalletServer, startWalletServer } from './wallet-server.js';

const WALLETS = '/2025-06-09/wallets';

describe('GET /2025-06-09/wallets: the project’s wallets, newest first (ADR 0812)', () => {
  let api: WalletServer;
  let project: TestProject;
  const created: { address: string; chainType: string; owner?: string }[] = [];
  const list = (query = '', key = project.serverKey, headers?: Record<string, string>) =>
    api.call(key, 'GET', `${WALLETS}${query}`, undefined, headers);
  const addresses = (body: { data: { address: string }[] }) => body.data.map((wallet) => wallet.address);

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
    const bodies = [
      { chainType: 'evm', type: 'mpc', owner: 'email:ana@example.com' },
      { chainType: 'solana', type: 'mpc', owner: 'email:ana@example.com' },
      { chainType: 'evm', type: 'mpc', owner: 'userId:bo' },
      { chainType: 'aptos', owner: 'userId:bo' },
      { chainType: 'evm', type: 'mpc', alias: 'treasury' },
    ];
    for (const body of bodies) {
      const response = await api.call(project.serverKey, 'POST', WALLETS, body);
      expect(response.status).toBe(201);
      created.push(response.body);
    }
  });
  afterAll(() => api.close());

  const newestFirst = () => created.map((wallet) => wallet.address).reverse();

  it('lists every wallet newest first, as GET one returns it, paged both ways by signed cursors', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(addresses(all.body)).toEqual(newestFirst());
    expect(all.body).toMatchObject({ nextCursor: null, previousCursor: null });
    const one = await api.call(project.serverKey, 'GET', `${WALLETS}/${created[0]!.address}`);
    expect(all.body.data.at(-1)).toEqual(one.body);

    const first = await list('?limit=2');
    expect(addresses(first.body)).toEqual(newestFirst().slice(0, 2));
    expect(first.body.previousCursor).toBeNull();
    const second = await list(`?limit=2&cursor=${first.body.nextCursor}`);
    expect(addresses(second.body)).toEqual(newestFirst().slice(2, 4));
    const third = await list(`?limit=2&cursor=${second.body.nextCursor}`);
    expect(addresses(third.body)).toEqual(newestFirst().slice(4));
    expect(third.body.nextCursor).toBeNull();
    const back = await list(`?limit=2&cursor=${third.body.previousCursor}`);
    expect(addresses(back.body)).toEqual(addresses(second.body));
  });

  it('filters by chain type and by owner (in any spelling of it), together too', async () => {
    expect(addresses((await list('?chainType=evm')).body)).toEqual(
      newestFirst().filter((address) => created.find((w) => w.address === address)!.chainType === 'evm'),
    );
    expect(addresses((await list('?owner=email:ANA@example.com')).body)).toEqual([
      created[1]!.address,
      created[0]!.address,
    ]);
    expect(addresses((await list('?owner=userId:bo&chainType=aptos')).body)).toEqual([created[3]!.address]);
    expect((await list('?chainType=sui')).body.data).toEqual([]);
  });

  it('binds cursors to their filters and refuses bad parameters with a 400 naming them', async () => {
    const page = await list('?chainType=evm&limit=1');
    const replayed = await list(`?chainType=solana&cursor=${page.body.nextCursor}`);
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toContain('cursor');
    for (const [query, field] of [
      ['?chainType=bitcoin', 'chainType'],
      ['?owner=nobody', 'owner'],
      ['?limit=101', 'limit'],
      ['?cursor=forged', 'cursor'],
    ] as const) {
      const response = await list(query);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: true, message: expect.stringContaining(field) });
    }
  });

  it('is in the typed client: the wallets list and the events list, their filters typed', async () => {
    const paykit = createPayKitClient({ baseUrl: api.server.baseUrl, apiKey: project.serverKey });
    const page = await expectOk(
      paykit.GET('/2025-06-09/wallets', { params: { query: { chainType: 'solana', owner: 'email:ana@example.com' } } }),
    );
    expect(page.data.map((wallet) => wallet.address)).toEqual([created[1]!.address]);
    const events = await expectOk(
      paykit.GET('/2025-06-09/webhooks/events', { params: { query: { type: 'wallets.transfer.in', limit: 5 } } }),
    );
    expect(events).toEqual({ data: [], nextCursor: null, previousCursor: null });
  });

  it('shows another project nothing, and a client key only its user’s wallets', async () => {
    const other = await api.project();
    const theirs = await list('', other.serverKey);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ data: [], nextCursor: null, previousCursor: null });
    expect((await list('?owner=email:ana@example.com', other.serverKey)).body.data).toEqual([]);

    const bo = { authorization: `Bearer ${await api.userJwt('bo')}` };
    expect(addresses((await list('', project.clientKey, bo)).body)).toEqual([created[3]!.address, created[2]!.address]);
    const someoneElse = await list('?owner=email:ana@example.com', project.clientKey, bo);
    expect(someoneElse.status).toBe(403);
    expect(someoneElse.body.code).toBe('owner_not_allowed');
  });
});
