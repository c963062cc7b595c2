import { depositObservedEvent, OrderHistory, type OrderPlan } from '../src/testing/index.js';
import { DEPOSIT_ADDRESS, FoldedReconciliation, OTHER_PROJECT, PROJECT } from './fold.js';

const offramp = (id: string, overrides: Partial<OrderPlan> = {}) =>
  new OrderHistory({
    orderId: `off-${id}`,
    projectId: PROJECT,
    kind: 'offramp',
    createdAt: '2026-03-01T10:00:00.000Z',
    amount: '100.1',
    fee: '1.001',
    chain: 'base-sepolia',
    depositAddress: DEPOSIT_ADDRESS,
    memo: `memo-${id}`,
    ...overrides,
  });

const onramp = (id: string, overrides: Partial<OrderPlan> = {}) =>
  new OrderHistory({
    orderId: `on-${id}`,
    projectId: PROJECT,
    kind: 'onramp',
    createdAt: '2026-03-01T11:00:00.000Z',
    amount: '50.2',
    fee: '2.05',
    chain: 'solana',
    ...overrides,
  });

describe('reconciliation report: what happened per day, group and currency', () => {
  it('counts each flow on the day it happened, with exact decimal sums', () => {
    const a = offramp('a');
    const b = offramp('b', { amount: '0.2', fee: '0.1', memo: 'memo-b' });
    const c = onramp('c');
    const folded = new FoldedReconciliation([
      a.created(),
      b.created(),
      c.created(),
      a.paid('2026-03-02T09:00:00.000Z'),
      b.paid('2026-03-02T09:30:00.000Z'),
      c.paid('2026-03-01T11:05:00.000Z'),
      a.deliveryStarted('2026-03-02T10:00:00.000Z'),
      a.deliveryCompleted('2026-03-03T10:00:00.000Z'),
      c.deliveryStarted('2026-03-01T11:06:00.000Z'),
      c.deliveryCompleted('2026-03-01T11:07:00.000Z'),
      b.deliveryFailed('2026-03-02T10:00:00.000Z'),
      b.refunded('2026-03-03T08:00:00.000Z'),
    ]);
    const report = folded.report({ from: '2026-03-01', to: '2026-03-03', now: '2026-03-04T00:00:00.000Z' });
    const zero = {
      orders: 0,
      quotedAmount: '0',
      payments: 0,
      receivedAmount: '0',
      fees: '0',
      deliveriesStarted: 0,
      deliveriesCompleted: 0,
      deliveriesFailed: 0,
      payoutSentAmount: '0',
      payoutSettledAmount: '0',
      refunds: 0,
      refundedAmount: '0',
    };
    const offrampGroup = {
      kind: 'offramp',
      paymentMethod: 'base-sepolia',
      chain: 'base-sepolia',
      currency: 'usdc',
      payoutCurrency: 'usd',
    };
    const onrampGroup = {
      kind: 'onramp',
      paymentMethod: 'card',
      chain: 'solana',
      currency: 'usd',
      payoutCurrency: null,
    };
    expect(report.rows).toEqual([
      { ...zero, ...offrampGroup, day: '2026-03-01', orders: 2, quotedAmount: '100.3' },
      {
        ...zero,
        ...onrampGroup,
        day: '2026-03-01',
        orders: 1,
        quotedAmount: '50.2',
        payments: 1,
        receivedAmount: '50.2',
        fees: '2.05',
        deliveriesStarted: 1,
        deliveriesCompleted: 1,
      },
      {
        ...zero,
        ...offrampGroup,
        day: '2026-03-02',
        payments: 2,
        receivedAmount: '100.3',
        fees: '1.101',
        deliveriesStarted: 1,
        deliveriesFailed: 1,
        payoutSentAmount: '99.099',
      },
      {
        ...zero,
        ...offrampGroup,
        day: '2026-03-03',
        deliveriesCompleted: 1,
        payoutSettledAmount: '99.099',
        refunds: 1,
        refundedAmount: '0.2',
      },
    ]);
    expect(report.totals).toEqual([
      {
        currency: 'usd',
        orders: 1,
        quotedAmount: '50.2',
        payments: 1,
        receivedAmount: '50.2',
        fees: '2.05',
        refunds: 0,
        refundedAmount: '0',
      },
      {
        currency: 'usdc',
        orders: 2,
        quotedAmount: '100.3',
        payments: 2,
        receivedAmount: '100.3',
        fees: '1.101',
        refunds: 1,
        refundedAmount: '0.2',
      },
    ]);
    // The refunded failed payout needs no action.
    expect(report.exceptions).toEqual([]);
    folded.close();
  });

  it('reports only the range asked for, and only the caller’s project unless asked for all', () => {
    const mine = offramp('mine');
    const theirs = offramp('theirs', { projectId: OTHER_PROJECT, memo: 'memo-theirs' });
    const later = offramp('later', { createdAt: '2026-03-05T00:00:00.000Z', memo: 'memo-later' });
    const folded = new FoldedReconciliation([mine.created(), theirs.created(), later.created()]);
    const now = '2026-03-06T00:00:00.000Z';
    expect(
      folded.report({ from: '2026-03-01', to: '2026-03-04', now }).rows.map((row) => [row.day, row.orders]),
    ).toEqual([['2026-03-01', 1]]);
    expect(
      folded
        .report({ from: '2026-03-01', to: '2026-03-05', now, scope: null })
        .rows.map((row) => [row.day, row.orders, row.quotedAmount]),
    ).toEqual([
      ['2026-03-01', 2, '200.2'],
      ['2026-03-05', 1, '100.1'],
    ]);
    folded.close();
  });

  it('moves the quoted amount of a re-quoted order on its creation day', () => {
    const order = onramp('requoted');
    const created = order.created();
    const requote = {
      type: 'OrderRequoted',
      data: {
        orderId: order.plan.orderId,
        quote: { ...(created.data as { quote: object }).quote, totalPrice: { amount: '49.9', currency: 'usd' } },
      },
      metadata: { ...created.metadata, eventId: 'requote', occurredAt: '2026-03-02T00:00:00.000Z' },
    };
    const folded = new FoldedReconciliation([created, requote]);
    const report = folded.report({ from: '2026-03-01', to: '2026-03-02', now: '2026-03-02T00:00:00.000Z' });
    expect(report.rows.map((row) => [row.day, row.orders, row.quotedAmount])).toEqual([['2026-03-01', 1, '49.9']]);
    folded.close();
  });

  it('lists deposits with their transaction ids, merging the order’s record with the chain’s', () => {
    const a = offramp('a');
    const b = offramp('b', { memo: 'memo-b' });
    const folded = new FoldedReconciliation([
      a.created(),
      b.created(),
      a.paid('2026-03-01T12:00:00.000Z', { txId: '0xaaa' }),
      depositObservedEvent({
        chain: 'base-sepolia',
        txId: '0xaaa',
        from: '0xpayer',
        to: DEPOSIT_ADDRESS.toLowerCase(),
        token: 'base-sepolia:usdxm',
        symbol: 'usdxm',
        amount: '100.1',
        baseUnits: '100100000',
        memo: 'memo-a',
        finalizedAt: '2026-03-01T11:59:00.000Z',
      }),
      depositObservedEvent({
        chain: 'base-sepolia',
        txId: '0xbbb',
        from: '0xpayer',
        to: DEPOSIT_ADDRESS,
        token: 'base-sepolia:usdxm',
        symbol: 'usdxm',
        amount: '100.1',
        baseUnits: '100100000',
        memo: 'memo-b',
        finalizedAt: '2026-03-01T13:00:00.000Z',
      }),
    ]);
    const page = folded.readModel.depositsAfter(PROJECT, '2026-03-01', '2026-03-01', null, 10);
    expect(
      page.map(({ txId, orderId, amount, recorded, observed }) => ({ txId, orderId, amount, recorded, observed })),
    ).toEqual([
      { txId: '0xaaa', orderId: 'off-a', amount: '100.1', recorded: true, observed: true },
      { txId: '0xbbb', orderId: 'off-b', amount: '100.1', recorded: false, observed: true },
    ]);
    const [first, second] = page;
    expect(
      folded.readModel.depositsAfter(PROJECT, '2026-03-01', '2026-03-01', first!, 10).map((deposit) => deposit.txId),
    ).toEqual(['0xbbb']);
    expect(
      folded.readModel.depositsBefore(PROJECT, '2026-03-01', '2026-03-01', second!, 10).map((deposit) => deposit.txId),
    ).toEqual(['0xaaa']);
    expect(folded.readModel.depositsAfter(OTHER_PROJECT, '2026-03-01', '2026-03-01', null, 10)).toEqual([]);
    expect(folded.readModel.watchedAddresses()).toEqual([{ chain: 'base-sepolia', address: DEPOSIT_ADDRESS }]);
    folded.close();
  });
});
