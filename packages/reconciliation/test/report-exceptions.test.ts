import { depositObservedEvent, OrderHistory, type OrderPlan } from '../src/testing/index.js';
import { DEPOSIT_ADDRESS, FoldedReconciliation, OTHER_PROJECT, PROJECT } from './fold.js';

const order = (id: string, kind: 'onramp' | 'offramp', overrides: Partial<OrderPlan> = {}) =>
  new OrderHistory({
    orderId: id,
    projectId: PROJECT,
    kind,
    createdAt: '2026-04-01T08:00:00.000Z',
    amount: '25',
    fee: '0.25',
    chain: kind === 'offramp' ? 'base-sepolia' : 'solana',
    ...(kind === 'offramp' && { depositAddress: DEPOSIT_ADDRESS, memo: `memo-${id}` }),
    ...overrides,
  });

const observed = (txId: string, memo: string | undefined, amount = '25', to = DEPOSIT_ADDRESS) =>
  depositObservedEvent({
    chain: 'base-sepolia',
    txId,
    from: '0xpayer',
    to,
    token: 'base-sepolia:usdxm',
    symbol: 'usdxm',
    amount,
    baseUnits: '0',
    ...(memo !== undefined && { memo }),
    finalizedAt: '2026-04-01T09:00:00.000Z',
  });

const RANGE = { from: '2026-04-01', to: '2026-04-01' };
const kindsAndSubjects = (folded: FoldedReconciliation, now: string, timeoutMinutes = 60) =>
  folded
    .report({ ...RANGE, now, timeoutMinutes })
    .exceptions.map((exception) => [exception.kind, exception.orderId ?? exception.txId]);

describe('reconciliation exceptions', () => {
  it('flags a deposit to a watched address whose memo no order carries, for the project using the address', () => {
    const mine = order('mine', 'offramp');
    const folded = new FoldedReconciliation([
      mine.created(),
      observed('0xunknown', 'memo-nobody'),
      observed('0xnomemo', undefined),
      observed('0xmine', 'memo-mine'),
      observed('0xelsewhere', 'memo-nobody', '25', '0x9999999999999999999999999999999999999999'),
    ]);
    const now = '2026-04-01T10:00:00.000Z';
    expect(kindsAndSubjects(folded, now)).toEqual([
      ['unknown-memo', '0xnomemo'],
      ['unknown-memo', '0xunknown'],
    ]);
    const [, unknown] = folded.report({ ...RANGE, now }).exceptions;
    expect(unknown).toMatchObject({ chain: 'base-sepolia', details: { memo: 'memo-nobody', amount: '25' } });
    expect(unknown?.message).toContain('memo-nobody');
    folded.close();
  });

  it('shows an unknown deposit to an address several projects use only to the operator, never to a tenant', () => {
    const shared = '0x5ea2ed0000000000000000000000000000000000';
    const folded = new FoldedReconciliation([
      order('mine', 'offramp', { depositAddress: shared }).created(),
      order('theirs', 'offramp', { projectId: OTHER_PROJECT, depositAddress: shared }).created(),
      observed('0xstray', 'memo-nobody', '25', shared),
    ]);
    const now = '2026-04-01T10:00:00.000Z';
    expect(kindsAndSubjects(folded, now)).toEqual([]);
    expect(folded.report({ ...RANGE, now, scope: OTHER_PROJECT }).exceptions).toEqual([]);
    expect(
      folded.report({ ...RANGE, now, scope: null }).exceptions.map((exception) => [exception.kind, exception.txId]),
    ).toEqual([['unknown-memo', '0xstray']]);
    expect(
      folded.readModel.depositsAfter(null, '2026-04-01', '2026-04-01', null, 10).map((deposit) => deposit.txId),
    ).toEqual(['0xstray']);
    folded.close();
  });

  it('flags a deposit or a card payment whose amount is not the quoted total, compared exactly', () => {
    const short = order('short', 'offramp');
    const exact = order('exact', 'offramp', { amount: '25.10', memo: 'memo-exact' });
    const card = order('card', 'onramp');
    const folded = new FoldedReconciliation([
      short.created(),
      exact.created(),
      card.created(),
      observed('0xshort', 'memo-short', '24.999999'),
      observed('0xexact', 'memo-exact', '25.1'),
      card.paid('2026-04-01T08:01:00.000Z', { amount: '25.01' }),
      card.deliveryStarted('2026-04-01T08:02:00.000Z'),
      card.deliveryCompleted('2026-04-01T08:03:00.000Z'),
    ]);
    const report = folded.report({ ...RANGE, now: '2026-04-01T10:00:00.000Z' });
    expect(report.exceptions.map((exception) => [exception.kind, exception.orderId, exception.details])).toEqual([
      ['amount-mismatch', 'card', { expected: '25', received: '25.01', currency: 'usd' }],
      ['amount-mismatch', 'short', { expected: '25', received: '24.999999', currency: 'usdc' }],
    ]);
    folded.close();
  });

  it('flags a failed payout until it is refunded', () => {
    const failed = order('failed', 'offramp');
    const refunded = order('refunded', 'offramp', { memo: 'memo-refunded' });
    const paidAt = '2026-04-01T08:10:00.000Z';
    const events = [failed, refunded].flatMap((history) => [
      history.created(),
      history.paid(paidAt),
      history.deliveryStarted('2026-04-01T08:11:00.000Z'),
      history.deliveryFailed('2026-04-01T08:12:00.000Z'),
    ]);
    const folded = new FoldedReconciliation([...events, refunded.refunded('2026-04-01T08:20:00.000Z')]);
    expect(kindsAndSubjects(folded, '2026-04-01T08:30:00.000Z')).toEqual([['payout-failed', 'failed']]);
    folded.close();
  });

  it('flags a payout not settled within the settlement time, judged at the time asked', () => {
    const slow = order('slow', 'offramp');
    const settled = order('settled', 'offramp', { memo: 'memo-settled' });
    const folded = new FoldedReconciliation([
      ...[slow, settled].flatMap((history) => [
        history.created(),
        history.paid('2026-04-01T08:10:00.000Z'),
        history.deliveryStarted('2026-04-01T09:00:00.000Z'),
      ]),
      settled.deliveryCompleted('2026-04-01T12:00:00.000Z'),
    ]);
    expect(kindsAndSubjects(folded, '2026-04-01T09:59:59.999Z')).toEqual([]);
    expect(kindsAndSubjects(folded, '2026-04-01T10:00:00.000Z')).toEqual([['payout-not-settled', 'slow']]);
    expect(kindsAndSubjects(folded, '2026-04-02T10:00:00.000Z', 24 * 60)).toEqual([['payout-not-settled', 'slow']]);
    expect(kindsAndSubjects(folded, '2026-04-02T08:59:00.000Z', 24 * 60)).toEqual([]);
    folded.close();
  });

  it('flags an order paid and not delivered: at once when its delivery failed, else after the settlement time', () => {
    const stuck = order('stuck', 'onramp');
    const slippage = order('slippage', 'onramp');
    const offrampWaiting = order('waiting', 'offramp');
    const delivered = order('delivered', 'onramp');
    const refunded = order('refunded', 'onramp');
    const paidAt = '2026-04-01T08:00:00.000Z';
    const folded = new FoldedReconciliation([
      ...[stuck, slippage, offrampWaiting, delivered, refunded].flatMap((history) => [
        history.created(),
        history.paid(paidAt),
      ]),
      slippage.deliveryFailed('2026-04-01T08:01:00.000Z', 'slippage-tolerance-exceeded'),
      delivered.deliveryStarted('2026-04-01T08:01:00.000Z'),
      delivered.deliveryCompleted('2026-04-01T08:02:00.000Z'),
      refunded.deliveryFailed('2026-04-01T08:01:00.000Z'),
      refunded.refunded('2026-04-01T08:05:00.000Z'),
    ]);
    expect(kindsAndSubjects(folded, '2026-04-01T08:30:00.000Z')).toEqual([['paid-not-delivered', 'slippage']]);
    expect(kindsAndSubjects(folded, '2026-04-01T09:00:00.000Z')).toEqual([
      ['paid-not-delivered', 'slippage'],
      ['paid-not-delivered', 'stuck'],
      ['paid-not-delivered', 'waiting'],
    ]);
    folded.close();
  });

  it('flags a line item completed by two different deliveries, not one completion recorded twice', () => {
    const twice = order('twice', 'offramp');
    const repeated = order('repeated', 'onramp');
    const folded = new FoldedReconciliation([
      ...[twice, repeated].flatMap((history) => [
        history.created(),
        history.paid('2026-04-01T08:01:00.000Z'),
        history.deliveryStarted('2026-04-01T08:02:00.000Z'),
        history.deliveryCompleted('2026-04-01T08:03:00.000Z'),
      ]),
      twice.deliveryCompleted('2026-04-01T08:04:00.000Z', 'second-payout'),
      repeated.deliveryCompleted('2026-04-01T08:04:00.000Z'),
    ]);
    const report = folded.report({ ...RANGE, now: '2026-04-01T10:00:00.000Z' });
    expect(report.exceptions.map((exception) => [exception.kind, exception.orderId, exception.details])).toEqual([
      ['delivered-twice', 'twice', { firstDelivery: 'delivery-twice', secondDelivery: 'second-payout' }],
    ]);
    expect(report.exceptionCounts).toEqual({
      'unknown-memo': 0,
      'amount-mismatch': 0,
      'payout-failed': 0,
      'payout-not-settled': 0,
      'paid-not-delivered': 0,
      'delivered-twice': 1,
      'card-authorization-unmatched': 0,
    });
    expect(report.rows.find((row) => row.kind === 'offramp')).toMatchObject({
      deliveriesCompleted: 2,
      payoutSettledAmount: '49.5',
    });
    folded.close();
  });
});
