import { Decimal } from '@paykit/kernel';
import type { z } from 'zod';
import {
  CARDS,
  CHAIN,
  ORDERS,
  type OrderApi,
  WALLETS,
  externalPayer,
  startOrderServer,
} from '../orders/order-server.js';
import { pollUntil } from '../wallets/wallet-server.js';
import {
  CreatedOrder,
  DraftOrder,
  ErrorBody,
  IdentityDocument,
  ListBody,
  Order,
  SupportedToken,
  TransferTransaction,
  Wallet,
} from './spec-tables.js';

/** Fails naming every field that does not follow the spec's table. */
const expectShape = (schema: z.ZodType, body: unknown, what: string): void => {
  const checked = schema.safeParse(body);
  const problems = checked.success
    ? []
    : checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  expect({ what, problems }).toEqual({ what, problems: [] });
};

describe('real answers against the spec’s tables', () => {
  let orders: OrderApi;
  beforeAll(async () => {
    orders = await startOrderServer();
  });
  afterAll(() => orders.close());

  it('Wallet: create and get, smart with delegated signers and MPC', async () => {
    const smart = await orders.call('POST', WALLETS, {
      chainType: 'evm',
      type: 'smart',
      owner: 'email:shape@example.com',
      alias: 'shape',
      config: {
        adminSigner: { type: 'external-wallet', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
        delegatedSigners: [
          {
            signer: { type: 'api-key' },
            scopes: [
              { type: 'transfer', tokenLocator: `${CHAIN}:usdc`, spendingLimit: { amount: '5', interval: 3600 } },
            ],
            expiresAt: '2099-01-01T00:00:00Z',
          },
        ],
      },
    });
    expect(smart.status).toBe(201);
    expectShape(Wallet, smart.body, 'created smart wallet');
    expect(smart.body.config.delegatedSigners).toHaveLength(1);
    expectShape(
      Wallet,
      (await orders.call('GET', `${WALLETS}/email:shape@example.com:evm:smart:alias:shape`)).body,
      'wallet by locator',
    );
    expectShape(Wallet, (await orders.call('POST', WALLETS, { chainType: 'solana', type: 'mpc' })).body, 'MPC wallet');
  });

  it('Order: onramp placed, paid and delivered; a draft; the list; get', async () => {
    const wallet = await orders.wallet('email:shape-buyer@example.com');
    const draft = await orders.onramp(wallet, '20', { state: 'draft' });
    expect(draft.status).toBe(200);
    expectShape(DraftOrder, draft.body, 'draft order');
    expect(draft.body.order.payment.status).toBe('draft');

    const created = await orders.onramp(wallet, '20');
    expect(created.status).toBe(201);
    expectShape(CreatedOrder, created.body, 'created onramp order');
    const { order, clientSecret } = created.body;
    const [item] = order.lineItems;
    const { fees } = item.quote.charges;
    expect(fees.breakdown.map((fee: { type: string }) => fee.type)).toEqual(['service-fee', 'network-fee']);
    expect(fees).toMatchObject({ type: 'total', currency: 'usd' });
    expect(
      new Decimal(fees.amount).eq(
        fees.breakdown.reduce((sum: Decimal, fee: { amount: string }) => sum.add(fee.amount), new Decimal(0)),
      ),
    ).toBe(true);
    expect(item.callData).toEqual({ quantity: item.quote.quantityRange.upperBound });
    expect(order.payment.totalPaid).toEqual({ amount: '20', currency: 'usd' });

    const paid = await orders.payByCard(order.orderId, clientSecret, CARDS.succeeds);
    expectShape(Order, paid.body, 'process payment answer');
    const delivered = await orders.until(order.orderId, (current) => current.phase === 'completed');
    expectShape(Order, delivered.body, 'delivered onramp order');
    expect(delivered.body.payment.totalPaid).toEqual({
      amount: delivered.body.payment.received.amount,
      currency: 'usd',
    });

    const list = await orders.call('GET', `${ORDERS}?limit=1&currency=usd`);
    expectShape(ListBody(Order), list.body, 'orders list');
    expect(list.body.data[0].payment.totalPaid.currency).toBe('usd');
    const notFound = await orders.call('GET', `${ORDERS}/00000000-0000-4000-8000-000000000000`);
    expect(notFound.status).toBe(404);
    expectShape(ErrorBody, notFound.body, 'order 404');
  });

  it('Order: offramp with deposit instructions, then paid on chain', async () => {
    const payer = await externalPayer(orders.gateway(), '30');
    const methodId = await orders.paymentMethod('email:shape-seller@example.com');
    const created = await orders.call('POST', ORDERS, {
      recipient: { paymentMethodId: methodId },
      payment: { method: CHAIN, currency: 'usdc', payerAddress: payer.address },
      lineItems: { currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount: '25' } },
    });
    expect(created.status).toBe(201);
    expectShape(CreatedOrder, created.body, 'created offramp order');
    const { order } = created.body;
    expect(order.lineItems[0].callData).toBeUndefined();
    expect(order.lineItems[0].quote.charges.shipping).toEqual({ amount: '0', currency: 'usdc' });
    const txId = await payer.broadcast(order.payment.preparation.serializedTransaction);
    const paid = await orders.call('POST', `${ORDERS}/${order.orderId}/payment`, { type: 'crypto-tx-id', txId });
    expectShape(Order, paid.body, 'offramp after payment');
  });

  it('Supported token entries, a transfer transaction and an identity document', async () => {
    const tokens = await orders.call('GET', '/2024-09-26/tokens?limit=3');
    expectShape(ListBody(SupportedToken), tokens.body, 'tokens list');

    const sender = (await orders.call('POST', WALLETS, { chainType: 'evm', type: 'mpc', alias: 'shape-sender' })).body;
    await orders.call('POST', `/v1-alpha2/wallets/${sender.address}/balances`, {
      amount: 5,
      token: 'usdc',
      chain: CHAIN,
    });
    const sent = await orders.call('POST', `${WALLETS}/${sender.address}/tokens/${CHAIN}:usdc/transfers`, {
      recipient: '0x000000000000000000000000000000000000dEaD',
      amount: '1.5',
    });
    expect(sent.status).toBe(201);
    const path = `${WALLETS}/${sender.address}/tokens/${CHAIN}:usdc/transfers/${sent.body.id}`;
    const final = await pollUntil(
      () => orders.call('GET', path),
      (response) => response.body.status === 'success',
    );
    expectShape(TransferTransaction, final.body, 'transfer transaction (endpoint 8)');
    expect(final.body.completedAt).toEqual(expect.any(Number));
    // The transactions list names its items as the public SDK reads them (COMPAT.md).
    expectShape(
      ListBody(TransferTransaction, 'transactions'),
      (await orders.call('GET', `${WALLETS}/${sender.address}/transactions`)).body,
      'transactions list',
    );

    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const document = await orders.call('POST', '/2025-06-09/documents', {
      data: `data:image/png;base64,${png}`,
      documentType: 'id-passport',
      reference: { userLocator: 'email:shape-doc@example.com' },
      expiresAt: '2031-05-31',
    });
    expectShape(IdentityDocument, document.body, 'identity document');
  });
});
