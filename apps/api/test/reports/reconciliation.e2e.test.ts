import { ManualClock } from '@paykit/kernel';
import { depositObservedEvent } from '@paykit/reconciliation/testing';
import { DEPOSIT_ADDRESS, type ReportsServer, orderOf, startReportsServer } from './reports-fixtures.js';

const RANGE = 'from=2026-06-01&to=2026-06-02';
const REPORT = `/unstable/reports/reconciliation?${RANGE}`;

describe('reconciliation reports over HTTP', () => {
  let api: ReportsServer;
  beforeAll(async () => {
    api = await startReportsServer({ clock: new ManualClock('2026-06-02T12:00:00.000Z') });
    const { projectId } = api.shop;
    const settled = orderOf(projectId, 'offramp-settled', 'offramp');
    const failed = orderOf(projectId, 'offramp-failed', 'offramp');
    const inFlight = orderOf(projectId, 'offramp-in-flight', 'offramp', { createdAt: '2026-06-02T10:00:00.000Z' });
    const sold = orderOf(projectId, 'onramp-delivered', 'onramp', { amount: '10.10', fee: '0.1' });
    const stuck = orderOf(projectId, 'onramp-stuck', 'onramp', { amount: '0.2', fee: '0.01' });
    const foreign = orderOf(api.other.projectId, 'other-project-failed', 'offramp', {
      memo: 'memo-foreign',
      depositAddress: '0x07e4000000000000000000000000000000000001',
    });
    await api.append([
      ...[settled, failed, inFlight, sold, stuck, foreign].map((order) => order.created()),
      settled.paid('2026-06-01T09:05:00.000Z', { txId: '0xsettled' }),
      settled.deliveryStarted('2026-06-01T09:06:00.000Z'),
      settled.deliveryCompleted('2026-06-02T08:00:00.000Z'),
      failed.paid('2026-06-01T09:05:00.000Z', { txId: '0xfailed' }),
      failed.deliveryStarted('2026-06-01T09:06:00.000Z'),
      failed.deliveryFailed('2026-06-01T10:00:00.000Z'),
      inFlight.paid('2026-06-02T10:01:00.000Z', { txId: '0xinflight' }),
      inFlight.deliveryStarted('2026-06-02T10:02:00.000Z'),
      sold.paid('2026-06-01T09:05:00.000Z'),
      sold.deliveryStarted('2026-06-01T09:06:00.000Z'),
      sold.deliveryCompleted('2026-06-01T09:07:00.000Z'),
      stuck.paid('2026-06-01T09:05:00.000Z'),
      foreign.paid('2026-06-01T09:05:00.000Z', { txId: '0xforeign' }),
      foreign.deliveryStarted('2026-06-01T09:06:00.000Z'),
      foreign.deliveryFailed('2026-06-01T10:00:00.000Z'),
      depositObservedEvent({
        chain: 'base-sepolia',
        txId: '0xstranger',
        from: '0xstranger',
        to: DEPOSIT_ADDRESS,
        token: 'base-sepolia:usdxm',
        symbol: 'usdxm',
        amount: '5',
        baseUnits: '5000000',
        memo: '=cmd|x',
        finalizedAt: '2026-06-02T09:00:00.000Z',
      }),
    ]);
  }, 30_000);
  afterAll(() => api?.close());

  it('answers the report of the caller’s project as JSON, with exact sums and its exceptions', async () => {
    const response = await api.get(REPORT);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const report = response.body;
    expect(report).toMatchObject({
      from: '2026-06-01',
      to: '2026-06-02',
      asOf: '2026-06-02T12:00:00.000Z',
      settlementTimeoutMinutes: 1440,
    });
    expect(report.totals).toEqual([
      {
        currency: 'usd',
        orders: 2,
        quotedAmount: '10.3',
        payments: 2,
        receivedAmount: '10.3',
        fees: '0.11',
        refunds: 0,
        refundedAmount: '0',
      },
      {
        currency: 'usdc',
        orders: 3,
        quotedAmount: '75',
        payments: 3,
        receivedAmount: '75',
        fees: '0.75',
        refunds: 0,
        refundedAmount: '0',
      },
    ]);
    expect(
      report.rows.find((row: { day: string; kind: string }) => row.day === '2026-06-02' && row.kind === 'offramp'),
    ).toMatchObject({
      orders: 1,
      deliveriesStarted: 1,
      deliveriesCompleted: 1,
      payoutCurrency: 'usd',
      payoutSettledAmount: '24.75',
    });
    expect(
      report.exceptions.map((exception: { kind: string; orderId: string | null; txId: string | null }) => [
        exception.kind,
        exception.orderId ?? exception.txId,
      ]),
    ).toEqual([
      ['payout-failed', 'offramp-failed'],
      ['paid-not-delivered', 'onramp-stuck'],
      ['unknown-memo', '0xstranger'],
    ]);
  });

  it('keeps every project to its own data', async () => {
    const response = await api.get(REPORT, { key: api.other.reportsKey });
    expect(response.body.totals).toEqual([expect.objectContaining({ currency: 'usdc', orders: 1 })]);
    expect(
      response.body.exceptions.map((exception: { kind: string; orderId: string }) => [
        exception.kind,
        exception.orderId,
      ]),
    ).toEqual([['payout-failed', 'other-project-failed']]);
  });

  it('answers CSV for format=csv or Accept: text/csv, with formulas neutralized', async () => {
    const byQuery = await api.get(`${REPORT}&format=csv`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(byQuery.headers.get('content-disposition')).toBe(
      'attachment; filename="reconciliation-2026-06-01-2026-06-02.csv"',
    );
    const lines = byQuery.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'day,kind,payment_method,chain,currency,orders,quoted_amount,payments,received_amount,fees,deliveries_started,deliveries_completed,deliveries_failed,payout_currency,payout_sent_amount,payout_settled_amount,refunds,refunded_amount',
    );
    expect(lines).toContain('2026-06-01,onramp,card,solana,usd,2,10.3,2,10.3,0.11,1,1,0,,0,0,0,0');
    const byAccept = await api.get(REPORT, { accept: 'text/csv' });
    expect(byAccept.text).toBe(byQuery.text);

    const exceptions = await api.get(`/unstable/reports/reconciliation/exceptions?${RANGE}`, { accept: 'text/csv' });
    expect(exceptions.text.split('\r\n')[0]).toBe('day,kind,order_id,chain,tx_id,message');
    expect(exceptions.text).toContain(
      '"Deposit of 5 usdxm to 0x7e57000000000000000000000000000000000001 carries memo =cmd|x, which no order has"',
    );
    const deposits = await api.get(`/unstable/reports/reconciliation/deposits?${RANGE}&format=csv`);
    expect(deposits.text).toContain("0xstranger,,5,usdxm,'=cmd|x,false,true");
  });

  it('lists the exceptions alone as JSON', async () => {
    const response = await api.get(`/unstable/reports/reconciliation/exceptions?${RANGE}`);
    expect(response.status).toBe(200);
    expect(response.body.data.map((exception: { kind: string }) => exception.kind)).toEqual([
      'payout-failed',
      'paid-not-delivered',
      'unknown-memo',
    ]);
  });

  it('pages the deposits with their txIds, with cursors bound to the range', async () => {
    const first = await api.get(`/unstable/reports/reconciliation/deposits?${RANGE}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((deposit: { txId: string }) => deposit.txId)).toEqual(['0xsettled', '0xfailed']);
    expect(first.body.data[0]).toEqual({
      day: '2026-06-01',
      chain: 'base-sepolia',
      txId: '0xsettled',
      orderId: 'offramp-settled',
      amount: '25',
      currency: 'usdc',
      memo: 'memo-offramp-settled',
      recorded: true,
      observed: false,
    });
    const second = await api.get(
      `/unstable/reports/reconciliation/deposits?${RANGE}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.data.map((deposit: { txId: string }) => deposit.txId)).toEqual(['0xinflight', '0xstranger']);
    expect(second.body.nextCursor).toBeNull();
    const back = await api.get(
      `/unstable/reports/reconciliation/deposits?${RANGE}&limit=2&cursor=${second.body.previousCursor}`,
    );
    expect(back.body.data.map((deposit: { txId: string }) => deposit.txId)).toEqual(['0xsettled', '0xfailed']);

    const otherRange = await api.get(
      `/unstable/reports/reconciliation/deposits?from=2026-06-01&to=2026-06-03&cursor=${first.body.nextCursor}`,
    );
    expect(otherRange.status).toBe(400);
    expect(otherRange.body).toMatchObject({ error: true, message: expect.stringContaining('cursor') });
    const otherProject = await api.get(
      `/unstable/reports/reconciliation/deposits?${RANGE}&cursor=${first.body.nextCursor}`,
      { key: api.other.reportsKey },
    );
    expect(otherProject.status).toBe(400);
  });

  it('refuses a bad range, naming the field', async () => {
    const reversed = await api.get('/unstable/reports/reconciliation?from=2026-06-02&to=2026-06-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain('to');
    const notADay = await api.get('/unstable/reports/reconciliation?from=2026-02-30&to=2026-03-01');
    expect(notADay.status).toBe(400);
    expect(notADay.body.message).toContain('from');
    const tooLong = await api.get('/unstable/reports/reconciliation?from=2025-01-01&to=2026-06-01');
    expect(tooLong.status).toBe(400);
    const badFormat = await api.get(`${REPORT}&format=xml`);
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.message).toContain('format');
  });

  it('requires the reports.read scope', async () => {
    const response = await api.get(REPORT, { key: api.shop.ordersOnlyKey });
    expect([401, 403]).toContain(response.status);
    expect(response.body.error).toBe(true);
    expect((await api.get(REPORT, { key: 'sk_staging_nope' })).status).toBe(401);
  });
});
