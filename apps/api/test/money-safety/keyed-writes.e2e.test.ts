import { randomBytes, randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent } from '@paykit/event-store';
import { hashClientSecret } from '@paykit/orders';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { CARDS, CHAIN, ORDERS, type OrderApi, WALLETS, startOrderServer } from '../orders/order-server.js';

/**
 * Keyed writes over HTTP on the embedded store (ADR 0305, 0306): what a client sees of a key
 * that names its write, without crashes (the kill tests cover those).
 */
describe('keyed writes: orders, payments and transfers that an idempotency key names', () => {
  let orders: OrderApi;
  beforeAll(async () => {
    orders = await startOrderServer({ ORDER_PURCHASE_LIMIT: '100000' });
  });
  afterAll(() => orders.close());

  const store = () => orders.api.server.app.get<EventStore>(EVENT_STORE);
  const allEvents = async (): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    for await (const event of store().readAll()) events.push(event);
    return events;
  };
  const onrampBody = (walletAddress: string, amount: string) => ({
    recipient: { walletAddress },
    payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
    lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount, maxSlippageBps: '100' } }],
  });
  const keyed = (key: string) => ({ 'x-idempotency-key': key });

  describe('create order', () => {
    it('places one order for twenty concurrent requests with one key; all answer it, client secret included', async () => {
      const wallet = await orders.wallet('email:concurrent-order@example.com');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          orders.call('POST', ORDERS, onrampBody(wallet, '21.5'), keyed('order-concurrent')),
        ),
      );
      expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers.get('x-idempotent-replayed') === 'true')).toHaveLength(19);
      const placed = (await allEvents()).filter(
        (event) => event.type === 'OrderCreated' && event.streamName === `order-${answers[0]!.body.order.orderId}`,
      );
      expect(placed).toHaveLength(1);
      expect(placed[0]!.metadata).toMatchObject({
        idempotency: { key: expect.any(String), request: expect.any(String), completes: true },
      });
    });

    it('answers a retry with the order as it was placed, after it moved on, with the same client secret', async () => {
      const wallet = await orders.wallet('email:retry-order@example.com');
      const first = await orders.call('POST', ORDERS, onrampBody(wallet, '22'), keyed('order-retry'));
      expect(first.status).toBe(201);
      const paid = await orders.payByCard(first.body.order.orderId, first.body.clientSecret, CARDS.succeeds);
      expect(paid.body.payment.status).toBe('completed');
      const retried = await orders.call('POST', ORDERS, onrampBody(wallet, '22'), keyed('order-retry'));
      expect(retried.status).toBe(201);
      expect(retried.body).toEqual(first.body);
      expect(retried.headers.get('x-idempotent-replayed')).toBe('true');
    });

    it('409 idempotency_key_reused for the key with another body; the key is the caller project’s alone', async () => {
      const wallet = await orders.wallet('email:reuse-order@example.com');
      await orders.call('POST', ORDERS, onrampBody(wallet, '23'), keyed('order-reuse'));
      const reused = await orders.call('POST', ORDERS, onrampBody(wallet, '24'), keyed('order-reuse'));
      expect(reused.status).toBe(409);
      expect(reused.body).toEqual({
        error: true,
        message: 'This idempotency key was already used with a different request',
        code: 'idempotency_key_reused',
        parameters: { idempotencyKey: 'order-reuse' },
      });
      const other = await orders.api.project('Another project');
      const otherWallet = (
        await orders.api.call(other.serverKey, 'POST', WALLETS, {
          chainType: 'evm',
          type: 'mpc',
          owner: 'email:reuse-order@example.com',
        })
      ).body.address;
      const elsewhere = await orders.api.call(
        other.serverKey,
        'POST',
        ORDERS,
        onrampBody(otherWallet, '24'),
        keyed('order-reuse'),
      );
      expect(elsewhere.status).toBe(201);
      expect(elsewhere.headers.get('x-idempotent-replayed')).toBeNull();
    });

    it('runs a request that was refused before it wrote again: the refusal is not the key’s answer', async () => {
      const wallet = await orders.wallet('email:refused-order@example.com');
      const body = onrampBody(wallet, '25');
      const refused = await orders.call(
        'POST',
        ORDERS,
        { ...body, recipient: { walletAddress: '0x000000000000000000000000000000000000dEaD' } },
        keyed('order-refused'),
      );
      expect(refused.status).toBe(400);
      const placed = await orders.call('POST', ORDERS, body, keyed('order-refused'));
      expect(placed.status).toBe(201);
    });
  });

  describe('client secrets', () => {
    it('opens the order with the derived secret, and still with the random secret of an order placed before', async () => {
      const wallet = await orders.wallet('email:secrets@example.com');
      const { order, clientSecret } = (await orders.onramp(wallet, '26')).body;
      const read = (orderId: string, secret: string) =>
        orders.api.call(orders.project.clientKey, 'GET', `${ORDERS}/${orderId}`, undefined, { authorization: secret });
      expect((await read(order.orderId, clientSecret)).status).toBe(200);
      // An order as placed before ADR 0306: the same event with a random secret's hash.
      const [created] = (await allEvents()).filter(
        (event) => event.type === 'OrderCreated' && event.streamName === `order-${order.orderId}`,
      );
      const olderId = randomUUID();
      const olderSecret = `${olderId}_secret_${randomBytes(24).toString('base64url')}`;
      await store().appendToStream(
        `order-${olderId}`,
        [
          {
            type: 'OrderCreated',
            data: { ...(created!.data as object), orderId: olderId, clientSecretHash: hashClientSecret(olderSecret) },
            metadata: { ...created!.metadata, eventId: randomUUID() },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      expect((await read(olderId, olderSecret)).status).toBe(200);
      expect((await read(olderId, clientSecret)).status).toBe(403);
      expect((await read(order.orderId, olderSecret)).status).toBe(403);
    });
  });

  describe('process payment', () => {
    it('replays a refusal that wrote (the processor refused the token): the same 400, no second attempt', async () => {
      const wallet = await orders.wallet('email:refused-card@example.com');
      const { order } = (await orders.onramp(wallet, '27')).body;
      const pay = () =>
        orders.call(
          'POST',
          `${ORDERS}/${order.orderId}/payment`,
          { type: 'card-token', token: 'tok_unknown' },
          keyed('pay-refused'),
        );
      const first = await pay();
      expect(first.status).toBe(400);
      expect(first.body.code).toBe('card_token_invalid');
      const again = await pay();
      expect(again.status).toBe(400);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('x-idempotent-replayed')).toBe('true');
      const attempts = (await allEvents()).filter(
        (event) => event.streamName === `order-${order.orderId}` && event.type.startsWith('OrderCardPayment'),
      );
      expect(attempts.map((event) => event.type)).toEqual(['OrderCardPaymentStarted', 'OrderCardPaymentDeclined']);
    });

    it('charges once for concurrent payments with one key, and answers each with that payment', async () => {
      const wallet = await orders.wallet('email:concurrent-card@example.com');
      const { order } = (await orders.onramp(wallet, '28')).body;
      const token = await orders.cardToken(CARDS.succeeds);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          orders.call(
            'POST',
            `${ORDERS}/${order.orderId}/payment`,
            { type: 'card-token', token },
            keyed('pay-concurrent'),
          ),
        ),
      );
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1);
      expect(answers[0]!.body.payment.status).toBe('completed');
      const ofOrder = (await allEvents())
        .filter((event) => event.streamName === `order-${order.orderId}`)
        .map((event) => event.type);
      expect(ofOrder.filter((type) => type === 'OrderCardPaymentStarted')).toHaveLength(1);
      expect(ofOrder.filter((type) => type === 'OrderCardPaymentSucceeded')).toHaveLength(1);
    });
  });

  describe('create transfer', () => {
    it('opens one transfer, sent once, for concurrent requests with one key; another body is a 409', async () => {
      const sender = await orders.wallet('email:keyed-sender@example.com');
      const recipient = await orders.wallet('email:keyed-recipient@example.com');
      await orders.call('POST', `/v1-alpha2/wallets/${sender}/balances`, { amount: 10, token: 'usdxm', chain: CHAIN });
      const send = (amount: string) =>
        orders.call(
          'POST',
          `${WALLETS}/${sender}/tokens/${CHAIN}:usdc/transfers`,
          { recipient, amount },
          keyed('transfer-concurrent'),
        );
      const answers = await Promise.all(Array.from({ length: 10 }, () => send('1.5')));
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1);
      expect(answers[0]!.status).toBe(201);
      const reused = await send('2');
      expect(reused).toMatchObject({ status: 409, body: { code: 'idempotency_key_reused' } });
      const id = answers[0]!.body.id as string;
      expect(
        await waitFor(
          async () => (await orders.call('GET', `${WALLETS}/${sender}/transactions/${id}`)).body.status === 'success',
        ),
      ).toBe(true);
      const events = await allEvents();
      expect(
        events.filter(
          (event) =>
            event.type === 'TransferCreated' &&
            event.metadata.projectId === orders.project.projectId &&
            (event.data as { wallet: { address: string } }).wallet.address === sender,
        ),
      ).toHaveLength(1);
      expect(
        events.filter((event) => event.type === 'TransferBroadcast' && event.streamName === `transfer-${id}`),
      ).toHaveLength(1);
    });

    it('sends one transfer for concurrent keyed send-transaction requests (the public SDK’s sendTransaction)', async () => {
      const sender = await orders.wallet('email:keyed-send-transaction@example.com');
      const recipient = await orders.wallet('email:keyed-send-transaction-to@example.com');
      await orders.call('POST', `/v1-alpha2/wallets/${sender}/balances`, { amount: 10, token: 'usdxm', chain: CHAIN });
      const usdc = (await orders.call('GET', `${WALLETS}/${sender}/balances?tokens=usdc&chains=${CHAIN}`)).body[0]
        .chains[CHAIN];
      const transferData = (amount: bigint) =>
        `0xa9059cbb${recipient.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
      const send = (amount: bigint) =>
        orders.call(
          'POST',
          `${WALLETS}/${sender}/transactions`,
          { params: { chain: CHAIN, calls: [{ to: usdc.contractAddress, value: '0', data: transferData(amount) }] } },
          keyed('send-transaction-concurrent'),
        );
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(1_000_000n)));
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1);
      expect(answers[0]!.status).toBe(201);
      expect(await send(2_000_000n)).toMatchObject({ status: 409, body: { code: 'idempotency_key_reused' } });
      const created = (await allEvents()).filter(
        (event) =>
          event.type === 'TransferCreated' && (event.data as { wallet: { address: string } }).wallet.address === sender,
      );
      expect(created.map((event) => event.streamName)).toEqual([`transfer-${answers[0]!.body.id}`]);
      // The key rides on the transfer's own write (no separate record a crash could tear from it).
      expect(created[0]!.metadata).toMatchObject({ idempotency: { key: expect.any(String), completes: true } });
    });
  });
});

const waitFor = async (done: () => Promise<boolean>, timeoutMs = 10_000): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
};
