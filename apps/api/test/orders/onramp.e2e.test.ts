import type { EventStore } from '@paykit/event-store';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { CARDS, CHAIN, type OrderApi, WALLETS, startOrderServer } from './order-server.js';

describe('onramp orders over HTTP: create, KYC, card, delivery', () => {
  let orders: OrderApi;
  beforeAll(async () => {
    orders = await startOrderServer();
  });
  afterAll(() => orders.close());

  it('runs a full onramp: requires-kyc with the provider session, approved, paid by card, tokens delivered to the wallet', async () => {
    const wallet = await orders.wallet('email:ana@example.com');
    const created = await orders.onramp(wallet, '150');
    expect(created.status).toBe(201);
    const { clientSecret, order } = created.body;
    expect(clientSecret).toEqual(expect.any(String));
    expect(order).toMatchObject({
      phase: 'payment',
      quote: { status: 'valid', totalPrice: { amount: '150', currency: 'usd' } },
      payment: {
        status: 'requires-kyc',
        method: 'card',
        currency: 'usd',
        preparation: {
          kyc: {
            provider: 'sandbox-kyc',
            inquiryId: expect.stringMatching(/^inq_/),
            sessionToken: expect.any(String),
            environmentId: expect.any(String),
          },
        },
      },
      lineItems: [
        {
          chain: CHAIN,
          executionMode: 'exact-in',
          maxSlippageBps: '100',
          delivery: { status: 'awaiting-payment', recipient: { walletAddress: wallet } },
        },
      ],
    });

    const approved = await orders.until(order.orderId, (current) => current.payment.status === 'awaiting-payment');
    expect(approved.body.payment.status).toBe('awaiting-payment');

    const paid = await orders.payByCard(order.orderId, clientSecret, CARDS.succeeds);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      phase: 'delivery',
      payment: { status: 'completed', received: { amount: '150', currency: 'usd' } },
    });

    const delivered = await orders.until(order.orderId, (current) => current.phase === 'completed');
    const [item] = delivered.body.lineItems;
    expect(item.delivery).toMatchObject({ status: 'completed', txId: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const quantity = item.delivery.tokens[0].quantity as string;
    expect(item.delivery.tokens[0]).toMatchObject({ locator: `${CHAIN}:usdxm`, symbol: 'usdxm', decimals: 6 });
    expect(quantity).toBe(item.quote.quantityRange.upperBound);

    const balances = await orders.call('GET', `${WALLETS}/${wallet}/balances?tokens=usdc&chains=${CHAIN}`);
    expect(balances.body[0].amount).toBe(quantity);

    // ADR 0101: the card number reached the vault only.
    const store = orders.api.server.app.get<EventStore>(EVENT_STORE);
    const texts: string[] = [];
    for await (const event of store.readAll()) texts.push(JSON.stringify(event.data));
    expect(texts.join('\n')).not.toContain(CARDS.succeeds);
  });

  it('below the no-KYC threshold, an order waits for payment at once', async () => {
    const wallet = await orders.wallet('email:small@example.com');
    const created = await orders.onramp(wallet, '20');
    expect(created.body.order.payment).toEqual({
      status: 'awaiting-payment',
      method: 'card',
      currency: 'usd',
      totalPaid: { amount: '20', currency: 'usd' },
      receiptEmail: 'buyer@example.com',
    });
  });

  it('records a declined card as payment-declined, and a retry with a good card pays', async () => {
    const wallet = await orders.wallet('email:declined@example.com');
    const { clientSecret, order } = (await orders.onramp(wallet, '25')).body;
    const declined = await orders.payByCard(order.orderId, clientSecret, CARDS.declined);
    expect(declined.status).toBe(200);
    expect(declined.body.payment).toMatchObject({ status: 'failed', failureReason: { code: 'payment-declined' } });
    const retried = await orders.payByCard(order.orderId, clientSecret, CARDS.succeeds);
    expect(retried.body.payment.status).toBe('completed');
  });

  it('follows a card verification step: in-progress with its url, then paid once the cardholder completes it', async () => {
    const wallet = await orders.wallet('email:3ds@example.com');
    const { clientSecret, order } = (await orders.onramp(wallet, '30')).body;
    const pending = await orders.payByCard(order.orderId, clientSecret, CARDS.verification);
    expect(pending.body.payment).toMatchObject({
      status: 'in-progress',
      preparation: { cardVerification: { type: '3ds', url: expect.any(String) } },
    });
    const url = pending.body.payment.preparation.cardVerification.url as string;
    const completed = await orders.api.call('', 'POST', url.replace(/^\/api/, ''), { outcome: 'succeeded' });
    expect(completed.body).toEqual({ verificationId: expect.stringMatching(/^vrf_/), status: 'succeeded' });
    const paid = await orders.until(order.orderId, (current) => current.payment.status === 'completed');
    expect(paid.body.payment.status).toBe('completed');
  });

  it('a failed verification declines the payment', async () => {
    const wallet = await orders.wallet('email:3ds-fail@example.com');
    const { clientSecret, order } = (await orders.onramp(wallet, '30')).body;
    const pending = await orders.payByCard(order.orderId, clientSecret, CARDS.verification);
    const url = pending.body.payment.preparation.cardVerification.url as string;
    await orders.api.call('', 'POST', url.replace(/^\/api/, ''), { outcome: 'failed' });
    const failed = await orders.until(order.orderId, (current) => current.payment.status === 'failed');
    expect(failed.body.payment.failureReason.code).toBe('payment-declined');
  });
});
