import { CARDS, CHAIN, ORDERS, WALLETS, externalPayer } from '../orders/order-server.js';
import { bankAccountMethod } from '../support/bank-account.js';
import { pollUntil } from '../wallets/wallet-server.js';
import { type RestartableServer, startRestartableServer } from './restartable-server.js';

const eventually = async (check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/**
 * The sandbox providers keep their state in the event store (docs/adr/0430): an order under way
 * when the server stops carries on after it starts again on the same DATA_DIR, and nothing the
 * providers did before is done twice after.
 */
describe('orders across a restart of the server', () => {
  let server: RestartableServer;
  afterEach(() => server?.close());

  const orderOf = (orderId: string) => server.call('GET', `${ORDERS}/${orderId}`);
  const until = (orderId: string, done: (order: { phase: string; payment: { status: string } }) => boolean) =>
    pollUntil(
      () => orderOf(orderId),
      (response) => response.status === 200 && done(response.body),
      15_000,
    );

  it('onramp by card: the verification step opened before a restart is completed after it, and the tokens are delivered once', async () => {
    server = await startRestartableServer();
    const wallet = (
      await server.call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: 'email:ana@example.com' })
    ).body.address;
    const created = await server.call('POST', ORDERS, {
      recipient: { walletAddress: wallet },
      payment: { method: 'card', currency: 'usd', receiptEmail: 'ana@example.com' },
      lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '30', maxSlippageBps: '100' } }],
    });
    expect(created.status).toBe(201);
    const { orderId } = created.body.order;
    const token = (
      await server.call('POST', '/unstable/card-tokens', {
        number: CARDS.verification,
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      })
    ).body.token;
    const pending = await server.call(
      'POST',
      `${ORDERS}/${orderId}/payment`,
      { type: 'card-token', token },
      {
        'x-api-key': server.clientKey(),
        authorization: created.body.clientSecret,
      },
    );
    expect(pending.body.payment).toMatchObject({
      status: 'in-progress',
      preparation: { cardVerification: { type: '3ds' } },
    });
    const url = (pending.body.payment.preparation.cardVerification.url as string).replace(/^\/api/, '');

    await server.restart();

    const verified = await server.call('POST', url, { outcome: 'succeeded' });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verificationId: expect.stringMatching(/^vrf_/), status: 'succeeded' });
    await until(orderId, (order) => order.phase === 'delivery');

    // Stopped again while the delivery is under way.
    await server.restart();

    const delivered = await until(orderId, (order) => order.phase === 'completed');
    expect(delivered.body.lineItems[0].delivery).toMatchObject({
      status: 'completed',
      txId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    const balances = await server.call('GET', `${WALLETS}/${wallet}/balances?tokens=usdc&chains=${CHAIN}`);
    expect(balances.body[0].amount).toBe(delivered.body.lineItems[0].delivery.tokens[0].quantity);
    expect(await server.eventsOfType('SandboxChargeCreated')).toHaveLength(1);
    const deliveries = (await server.eventsOfType('SandboxTransactionAccepted')).filter(
      (event) => (event.data as { idempotencyKey?: string }).idempotencyKey === `dlv_${orderId}`,
    );
    expect(deliveries).toHaveLength(1);
  });

  it('offramp: a payout in flight when the server stops settles after it starts again, paid out once', async () => {
    server = await startRestartableServer({
      PAYOUT_SANDBOX_SEND_DELAY_MS: 1_000,
      PAYOUT_SANDBOX_SETTLEMENT_DELAY_MS: 1_000,
    });
    const payer = await externalPayer(server.gateway(), '30');
    const method = await server.call('POST', '/unstable/payment-methods', bankAccountMethod('email:bo@example.com'));
    expect(method.status).toBe(201);
    const created = await server.call('POST', ORDERS, {
      recipient: { paymentMethodId: method.body.paymentMethodId },
      payment: { method: CHAIN, currency: 'usdc', payerAddress: payer.address },
      lineItems: { currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount: '20' } },
    });
    expect(created.status).toBe(201);
    const { orderId } = created.body.order;
    const txId = await payer.broadcast(created.body.order.payment.preparation.serializedTransaction);
    expect((await server.call('POST', `${ORDERS}/${orderId}/payment`, { type: 'crypto-tx-id', txId })).status).toBe(
      200,
    );
    await eventually(async () => (await server.eventsOfType('SandboxPayoutCreated')).length === 1);
    expect((await orderOf(orderId)).body.lineItems[0].delivery.status).toBe('in-progress');

    await server.restart();

    const settled = await until(orderId, (order) => order.phase === 'completed');
    expect(settled.body.lineItems[0].delivery).toMatchObject({ status: 'completed', rail: 'ach' });
    expect(await server.eventsOfType('SandboxPayoutCreated')).toHaveLength(1);
  });
});
