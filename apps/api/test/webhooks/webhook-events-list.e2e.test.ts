import { type TestProject, type WalletServer, pollUntil, startWalletServer } from '../wallets/wallet-server.js';

const WALLETS = '/2025-06-09/wallets';
const EVENTS = '/2025-06-09/webhooks/events';

describe('GET /2025-06-09/webhooks/events: the project’s webhook events, newest first (ADR 0812)', () => {
  let api: WalletServer;
  let project: TestProject;
  let payer: string;
  let payee: string;
  const list = (query = '', key = project.serverKey) => api.call(key, 'GET', `${EVENTS}${query}`);
  const transfer = async (amount: string) => {
    const sent = await api.call(project.serverKey, 'POST', `${WALLETS}/${payer}/tokens/base-sepolia:usdc/transfers`, {
      recipient: payee,
      amount,
    });
    expect(sent.status).toBe(201);
    await pollUntil(
      () => api.call(project.serverKey, 'GET', `${WALLETS}/${payer}/transactions/${sent.body.id}`),
      (response) => response.body.status === 'success',
    );
    return sent.body.id as string;
  };

  beforeAll(async () => {
    api = await startWalletServer();
    project = await api.project();
    const create = async (alias: string) =>
      (await api.call(project.serverKey, 'POST', WALLETS, { chainType: 'evm', type: 'mpc', alias })).body.address;
    payer = await create('payer');
    payee = await create('payee');
    await api.call(project.serverKey, 'POST', `/v1-alpha2/wallets/${payer}/balances`, {
      amount: 10,
      token: 'usdc',
      chain: 'base-sepolia',
    });
    await transfer('1');
    await transfer('2');
  });
  afterAll(() => api.close());

  it('lists the events with no endpoint subscribed, newest first, each with the data a delivery sends', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    const types = all.body.data.map((event: { type: string }) => event.type);
    expect(types.filter((type: string) => type === 'wallets.transfer.out')).toHaveLength(2);
    expect(types.filter((type: string) => type === 'wallets.transfer.in').length).toBeGreaterThanOrEqual(2);
    const createdAt = all.body.data.map((event: { createdAt: string }) => event.createdAt);
    expect([...createdAt].sort().reverse()).toEqual(createdAt);
    const [newestOut] = all.body.data.filter((event: { type: string }) => event.type === 'wallets.transfer.out');
    expect(newestOut).toMatchObject({ id: expect.any(String), data: expect.anything() });
    expect(JSON.stringify(newestOut.data)).toContain(payee);
    expect(JSON.stringify(newestOut.data)).toContain('"2"');
  });

  it('filters by type and pages both ways with cursors bound to the filter', async () => {
    const outs = await list('?type=wallets.transfer.out');
    expect(outs.body.data.map((event: { type: string }) => event.type)).toEqual([
      'wallets.transfer.out',
      'wallets.transfer.out',
    ]);
    const first = await list('?type=wallets.transfer.out&limit=1');
    expect(first.body.data[0].id).toBe(outs.body.data[0].id);
    const second = await list(`?type=wallets.transfer.out&limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.data[0].id).toBe(outs.body.data[1].id);
    expect(second.body.nextCursor).toBeNull();
    const back = await list(`?type=wallets.transfer.out&limit=1&cursor=${second.body.previousCursor}`);
    expect(back.body.data[0].id).toBe(first.body.data[0].id);
    const replayed = await list(`?type=wallets.transfer.in&cursor=${first.body.nextCursor}`);
    expect(replayed.status).toBe(400);
    const unknown = await list('?type=orders.nothing');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('type');
  });

  it('shows another project none of them', async () => {
    const other = await api.project();
    expect((await list('', other.serverKey)).body).toEqual({ data: [], nextCursor: null, previousCursor: null });
    const cursor = (await list('?limit=1')).body.nextCursor;
    expect((await list(`?cursor=${cursor}`, other.serverKey)).status).toBe(400);
  });
});
