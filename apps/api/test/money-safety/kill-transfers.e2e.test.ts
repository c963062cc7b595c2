import { type Api, KillHarness, pollUntil } from './support/kill-harness.js';

const WALLETS = '/2025-06-09/wallets';
const TOKEN = 'base-sepolia:usdc';

/**
 * Keyed transfer creation, killed (SIGKILL, the server in a child process) just before and just
 * after the transfer's append, restarted on the same data directory and retried with the same
 * key: one transfer, one chain send, and the same answer to every retry.
 */
describe('create transfer killed around its write, retried with the same key', () => {
  let h: KillHarness;
  let sender: string;
  let recipient: string;
  beforeAll(async () => {
    h = await KillHarness.create();
  });
  afterAll(() => h.remove());

  const setup = async (api: Api) => {
    sender = (await api.call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: 'email:sender@example.com' }))
      .body.address;
    recipient = (
      await api.call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: 'email:recipient@example.com' })
    ).body.address;
    const funded = await api.call('POST', `/v1-alpha2/wallets/${sender}/balances`, {
      amount: 100,
      token: 'usdxm',
      chain: 'base-sepolia',
    });
    expect(funded.status).toBe(201);
  };

  const send = (api: Api, key: string, amount: string, requestId: string) =>
    api.call(
      'POST',
      `${WALLETS}/${sender}/tokens/${TOKEN}/transfers`,
      { recipient, amount },
      { 'x-idempotency-key': key, 'x-request-id': requestId },
    );

  it('answers one transfer, sent once, whether the kill came before or after its append', async () => {
    const cases = [
      { point: 'before:TransferCreated', requestId: 'transfer-before', amount: '1.01' },
      { point: 'after:TransferCreated', requestId: 'transfer-after', amount: '1.02' },
    ];
    const retries = await h.walk(cases, {
      setup,
      cut: (api, { requestId, amount }) => send(api, requestId, amount, requestId),
      retry: async (api, { requestId, amount }) => {
        const first = await send(api, requestId, amount, `${requestId}-retry-1`);
        const again = await send(api, requestId, amount, `${requestId}-retry-2`);
        const settled = await pollUntil(
          () => api.call('GET', `${WALLETS}/${sender}/transactions/${first.body.id}`),
          (answer) => answer.body.status === 'success' || answer.body.status === 'failed',
        );
        return { first, again, settled };
      },
    });
    const events = await h.events();
    for (const [index, { first, again, settled }] of retries.entries()) {
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('x-idempotent-replayed')).toBe('true');
      expect(settled.body.status).toBe('success');
      const created = events.filter(
        (event) =>
          event.type === 'TransferCreated' &&
          (event.data as { amount: { decimal: string } }).amount.decimal === cases[index]!.amount,
      );
      expect(created).toHaveLength(1);
      const sends = events.filter(
        (event) => event.type === 'TransferBroadcast' && event.streamName === created[0]!.streamName,
      );
      expect(sends).toHaveLength(1);
    }
  }, 120_000);
});
