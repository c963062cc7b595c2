import { MemoryEventStore, type EventToAppend } from '@paykit/event-store';
import { Decimal } from '@paykit/kernel';
import { openReadModelDatabase, ProjectionRunner } from '@paykit/projections';
import {
  readReconciliationReport,
  ReconciliationReadModel,
  reconciliationProjection,
  RECONCILIATION_PROJECTION,
} from '../src/index.js';
import { depositObservedEvent, OrderHistory } from '../src/testing/index.js';

// The volume (100,000 orders) runs with PAYKIT_LARGE_TESTS=1 (CI's large-tests step); the default
// run checks the same report over 10,000.
const ORDERS = process.env['PAYKIT_LARGE_TESTS'] === '1' ? 100_000 : 10_000;
const DAYS = 20;
const PROJECT = 'project-volume';
const DEPOSIT_ADDRESS = '0x5555555555555555555555555555555555555555';
const FIRST_DAY = Date.parse('2026-05-01T00:00:00.000Z');
const NOW = new Date(FIRST_DAY + DAYS * 86_400_000);
const TIMEOUT_MINUTES = 24 * 60;
const minutes = (count: number) => count * 60_000;
const iso = (time: number) => new Date(time).toISOString();

/**
 * Which order gets which planted exception: spread out, so nothing depends on being first or last.
 * ORDERS is a multiple of 20, so an index taken modulo ORDERS keeps its kind, chain and fate.
 */
const PLANTED = {
  unknownMemo: 'deposit-with-unknown-memo',
  amountMismatch: 12_346 % ORDERS,
  payoutFailed: 23_456 % ORDERS,
  payoutNotSettled: 34_568 % ORDERS,
  paidNotDelivered: 45_679 % ORDERS,
  deliveredTwice: 56_790 % ORDERS,
} as const;

const orderId = (index: number) => `order-${String(index).padStart(6, '0')}`;

/** A data set of ORDERS orders over DAYS days, with one of each exception kind planted. */
const generate = () => {
  const events: EventToAppend[] = [];
  const quoted = new Map<string, Decimal>();
  const received = new Map<string, Decimal>();
  const sum = (totals: Map<string, Decimal>, currency: string, amount: string) =>
    totals.set(currency, (totals.get(currency) ?? new Decimal(0)).plus(amount));

  for (let index = 0; index < ORDERS; index++) {
    const kind = index % 2 === 0 ? 'offramp' : 'onramp';
    // Creations spread over the range; the last hours hold orders still in flight.
    const created = FIRST_DAY + Math.floor((index / ORDERS) * (DAYS * 86_400_000 - minutes(60)));
    const order = new OrderHistory({
      orderId: orderId(index),
      projectId: PROJECT,
      kind,
      createdAt: iso(created),
      amount: `${10 + (index % 990)}.${String(index % 100).padStart(2, '0')}`,
      fee: `0.${String((index % 97) + 1).padStart(2, '0')}`,
      chain: kind === 'offramp' ? ['base-sepolia', 'polygon-amoy'][index % 4 === 0 ? 0 : 1]! : 'solana',
      ...(kind === 'offramp' && { depositAddress: DEPOSIT_ADDRESS, memo: `memo-${index}` }),
    });
    const { plan } = order;
    const currency = kind === 'offramp' ? 'usdc' : 'usd';
    sum(quoted, currency, plan.amount);
    events.push(order.created());
    const fate = index % 10;
    if (fate < 4 && !Object.values(PLANTED).includes(index as never)) continue; // never paid
    const paidAt = created + minutes(1);
    events.push(order.paid(iso(paidAt), { txId: `0x${index.toString(16)}` }));
    sum(received, currency, plan.amount);
    if (kind === 'offramp') {
      const amount = index === PLANTED.amountMismatch ? new Decimal(plan.amount).minus('0.01').toFixed() : plan.amount;
      events.push(
        depositObservedEvent({
          chain: plan.chain,
          txId: `0x${index.toString(16)}`,
          from: '0xpayer',
          to: DEPOSIT_ADDRESS,
          token: `${plan.chain}:usdxm`,
          symbol: 'usdxm',
          amount,
          baseUnits: '0',
          memo: plan.memo!,
          finalizedAt: iso(paidAt),
        }),
      );
    }
    if (index === PLANTED.paidNotDelivered) continue;
    events.push(order.deliveryStarted(iso(paidAt + minutes(1))));
    if (index === PLANTED.payoutNotSettled) continue;
    if (index === PLANTED.payoutFailed) {
      events.push(order.deliveryFailed(iso(paidAt + minutes(2))));
      continue;
    }
    if (fate === 9) {
      events.push(order.deliveryFailed(iso(paidAt + minutes(2))), order.refunded(iso(paidAt + minutes(3))));
      continue;
    }
    // In flight within the settlement time: not late yet, so not an exception.
    if (paidAt > NOW.getTime() - minutes(150)) continue;
    events.push(order.deliveryCompleted(iso(paidAt + minutes(2))));
    if (index === PLANTED.deliveredTwice)
      events.push(order.deliveryCompleted(iso(paidAt + minutes(3)), 'second-payout'));
  }
  events.push(
    depositObservedEvent({
      chain: 'base-sepolia',
      txId: PLANTED.unknownMemo,
      from: '0xstranger',
      to: DEPOSIT_ADDRESS,
      token: 'base-sepolia:usdxm',
      symbol: 'usdxm',
      amount: '77.7',
      baseUnits: '0',
      memo: 'memo-of-no-order',
      finalizedAt: iso(FIRST_DAY + minutes(600)),
    }),
  );
  return { events, quoted, received };
};

describe(`reconciliation over ${ORDERS.toLocaleString('en-US')} generated orders`, () => {
  it('finds each planted exception exactly, flags nothing else, and sums every amount exactly', async () => {
    const { events, quoted, received } = generate();
    const store = new MemoryEventStore();
    let position = 0n;
    for (let start = 0; start < events.length; start += 2_000) {
      // Every order event names its order, so the projection needs no stream per order here.
      ({ position } = await store.appendToStream(`seed-${start}`, events.slice(start, start + 2_000)));
    }
    const db = openReadModelDatabase(':memory:');
    const runner = new ProjectionRunner({ store, db, projections: [reconciliationProjection], batchSize: 2_000 });
    try {
      await runner.start();
      // Generous bounds: on an idle 2-core machine the whole test takes about 20-30 s; a loaded CI
      // worker may take several times that, which must not fail it.
      expect(await runner.waitFor(position, 240_000, RECONCILIATION_PROJECTION)).toBe(true);
      const report = readReconciliationReport(new ReconciliationReadModel(db), {
        scope: PROJECT,
        from: '2026-05-01',
        to: '2026-05-20',
        now: NOW,
        settlementTimeoutMinutes: TIMEOUT_MINUTES,
      });
      expect(report.exceptions.map((exception) => [exception.kind, exception.orderId ?? exception.txId])).toEqual(
        [
          ['unknown-memo', PLANTED.unknownMemo],
          ['amount-mismatch', orderId(PLANTED.amountMismatch)],
          ['payout-failed', orderId(PLANTED.payoutFailed)],
          ['payout-not-settled', orderId(PLANTED.payoutNotSettled)],
          ['paid-not-delivered', orderId(PLANTED.paidNotDelivered)],
          ['delivered-twice', orderId(PLANTED.deliveredTwice)],
        ].sort(([, a], [, b]) =>
          a === PLANTED.unknownMemo ? -1 : b === PLANTED.unknownMemo ? 1 : a!.localeCompare(b!),
        ),
      );
      expect(Object.values(report.exceptionCounts)).toEqual([1, 1, 1, 1, 1, 1, 0]);
      const mismatch = report.exceptions.find((exception) => exception.kind === 'amount-mismatch');
      expect(mismatch?.txId).toBe(`0x${PLANTED.amountMismatch.toString(16)}`);

      expect(
        report.totals.map((total) => [total.currency, total.orders, total.quotedAmount, total.receivedAmount]),
      ).toEqual(
        ['usd', 'usdc'].map((currency) => [
          currency,
          ORDERS / 2,
          quoted.get(currency)!.toFixed(),
          received.get(currency)!.toFixed(),
        ]),
      );
      expect(new Set(report.rows.map((row) => row.day)).size).toBe(DAYS);
    } finally {
      await runner.stop();
      db.close();
      await store.close();
    }
  }, 300_000);
});
