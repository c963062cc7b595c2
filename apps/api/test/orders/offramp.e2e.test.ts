import { pollUntil } from '../wallets/wallet-server.js';
import { CARDS, CHAIN, ORDERS, type OrderApi, WALLETS, externalPayer, startOrderServer } from './order-server.js';

describe('offramp orders over HTTP: create, deposit on the sandbox chain, process payment, payout', () => {
  let orders: OrderApi;
  beforeAll(async () => {
    orders = await startOrderServer();
  });
  afterAll(() => orders.close());

  const offramp = (paymentMethodId: string, payerAddress: string, amount: string) =>
    orders.call('POST', ORDERS, {
      recipient: { paymentMethodId },
      payment: { method: CHAIN, currency: 'usdc', payerAddress },
      lineItems: { currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount } },
    });
  const pay = (orderId: string, txId: string) =>
    orders.call('POST', `${ORDERS}/${orderId}/payment`, { type: 'crypto-tx-id', txId });

  it('runs a full offramp: deposit instructions, the payer broadcasts them, payment verified, payout settled', async () => {
    const payer = await externalPayer(orders.gateway(), '60');
    const methodId = await orders.paymentMethod('email:bo@example.com');
    const created = await offramp(methodId, payer.address, '50');
    expect(created.status).toBe(201);
    const { order } = created.body;
    expect(order.payment).toMatchObject({
      status: 'awaiting-payment',
      method: CHAIN,
      currency: 'usdc',
      preparation: {
        chain: CHAIN,
        payerAddress: payer.address,
        serializedTransaction: expect.stringMatching(/^0x02/),
        transactionParameters: { amount: '50', memo: expect.stringMatching(/^o[0-9a-f]{26}$/) },
      },
    });
    expect(order.lineItems[0].delivery).toMatchObject({
      status: 'awaiting-payment',
      recipient: { paymentMethodId: methodId },
    });

    const txId = await payer.broadcast(order.payment.preparation.serializedTransaction);
    const paid = await pay(order.orderId, txId);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      phase: 'delivery',
      payment: { status: 'completed', received: { chain: CHAIN, txId, amount: '50', currency: 'usdc' } },
    });

    const again = await pay(order.orderId, txId);
    expect(again.status).toBe(200);
    expect(again.body.payment.received.txId).toBe(txId);

    const settled = await orders.until(order.orderId, (current) => current.phase === 'completed');
    expect(settled.body.lineItems[0].delivery).toMatchObject({
      status: 'completed',
      rail: 'ach',
      completedAt: expect.any(String),
    });
  });

  it('takes the deposit from a service wallet that sends the transfer itself with the memo', async () => {
    const owner = 'email:eve@example.com';
    const wallet = await orders.wallet(owner);
    await orders.call('POST', `/v1-alpha2/wallets/${wallet}/balances`, { amount: 40, token: 'usdxm', chain: CHAIN });
    const methodId = await orders.paymentMethod(owner);
    const { order } = (await offramp(methodId, wallet, '25')).body;
    const { depositAddress, transactionParameters } = order.payment.preparation;
    expect(depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const sent = await orders.call('POST', `${WALLETS}/${wallet}/tokens/${CHAIN}:usdc/transfers`, {
      recipient: depositAddress,
      amount: transactionParameters.amount,
      memo: { type: 'text', value: transactionParameters.memo },
    });
    expect(sent.status).toBe(201);
    const transfer = await pollUntil(
      () => orders.call('GET', `${WALLETS}/${wallet}/transactions/${sent.body.id}`),
      (response) => response.body.status === 'success',
    );
    const txId = transfer.body.onChain.txId;
    expect(txId).toEqual(expect.any(String));

    const paid = await pay(order.orderId, txId);
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({
      status: 'completed',
      received: { txId, amount: '25', currency: 'usdc' },
    });
    const settled = await orders.until(order.orderId, (current) => current.phase === 'completed');
    expect(settled.body.lineItems[0].delivery.status).toBe('completed');
  });

  it('answers a txId that does not pay the order with a 400 and changes nothing', async () => {
    const payer = await externalPayer(orders.gateway(), '30');
    const methodId = await orders.paymentMethod('email:cy@example.com');
    const first = (await offramp(methodId, payer.address, '10')).body.order;
    const second = (await offramp(methodId, payer.address, '12')).body.order;
    const txId = await payer.broadcast(first.payment.preparation.serializedTransaction);

    const wrong = await pay(second.orderId, txId);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: true,
      code: 'deposit_amount_mismatch',
      message: expect.stringMatching(/^txId: /),
    });
    const unknown = await pay(second.orderId, `0x${'ab'.repeat(32)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('deposit_not_found');
    const unchanged = await orders.order(second.orderId);
    expect(unchanged.body.payment.status).toBe('awaiting-payment');
    expect(unchanged.body.payment.received).toBeUndefined();
    expect((await pay(first.orderId, txId)).body.payment.status).toBe('completed');
  });

  it('has no Stripe payout or identity webhook routes with the sandbox rail and KYC provider', async () => {
    for (const route of ['stripe-payouts', 'stripe-identity']) {
      const answer = await fetch(`${orders.api.server.rootUrl}/webhooks/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: JSON.stringify({ id: 'evt_1', type: 'payout.paid' }),
      });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ error: true });
    }
  });

  it('refuses a crypto payment for a card order and a card payment for an offramp order', async () => {
    const wallet = await orders.wallet('email:dee@example.com');
    const onramp = (await orders.onramp(wallet, '20')).body.order;
    const crypto = await pay(onramp.orderId, `0x${'cd'.repeat(32)}`);
    expect(crypto.status).toBe(400);
    expect(crypto.body.code).toBe('payment_method_mismatch');
  });
});

describe('an onramp on a deployment whose treasury offramp deposits filled first', () => {
  it('is delivered: the treasury tops up its gas although it already holds the token', async () => {
    // A fresh server: the treasury has never been funded, so the deposit is all it holds (no gas).
    const orders = await startOrderServer();
    try {
      const owner = 'email:fay@example.com';
      const wallet = await orders.wallet(owner);
      await orders.call('POST', `/v1-alpha2/wallets/${wallet}/balances`, { amount: 40, token: 'usdxm', chain: CHAIN });
      const methodId = await orders.paymentMethod(owner);
      const offramp = await orders.call('POST', ORDERS, {
        recipient: { paymentMethodId: methodId },
        payment: { method: CHAIN, currency: 'usdc', payerAddress: wallet },
        lineItems: { currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount: '25' } },
      });
      const { depositAddress, transactionParameters } = offramp.body.order.payment.preparation;
      const sent = await orders.call('POST', `${WALLETS}/${wallet}/tokens/${CHAIN}:usdc/transfers`, {
        recipient: depositAddress,
        amount: transactionParameters.amount,
        memo: { type: 'text', value: transactionParameters.memo },
      });
      await pollUntil(
        () => orders.call('GET', `${WALLETS}/${wallet}/transactions/${sent.body.id}`),
        (response) => response.body.status === 'success',
      );

      const buyer = await orders.wallet('email:gus@example.com');
      const { clientSecret, order } = (await orders.onramp(buyer, '20')).body;
      expect((await orders.payByCard(order.orderId, clientSecret, CARDS.succeeds)).body.payment.status).toBe(
        'completed',
      );
      const done = await orders.until(order.orderId, (current) => ['completed', 'failed'].includes(current.phase));
      expect(done.body.lineItems[0].delivery).toMatchObject({ status: 'completed' });
    } finally {
      await orders.close();
    }
  }, 60_000);
});
