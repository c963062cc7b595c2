import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEventStore } from '@paykit/event-store';
import { OrderHistory } from '@paykit/reconciliation/testing';
import { runCli, runCliWith } from './run-cli.js';

const order = (orderId: string, projectId: string, kind: 'onramp' | 'offramp') =>
  new OrderHistory({
    orderId,
    projectId,
    kind,
    createdAt: '2026-07-01T10:00:00.000Z',
    amount: '40.5',
    fee: '0.5',
    chain: kind === 'offramp' ? 'base-sepolia' : 'solana',
    ...(kind === 'offramp' && {
      depositAddress: '0x7e57000000000000000000000000000000000002',
      memo: `memo-${orderId}`,
    }),
  });

describe('pnpm cli report reconciliation', () => {
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paykit-cli-report-'));
    env = { DATA_DIR: dataDir };
    const store = await createEventStore({ kind: 'sqlite', dataDir, synchronous: 'normal' });
    const paidOut = order('paid-out', 'project-a', 'offramp');
    const failed = order('failed', 'project-b', 'offramp');
    const sold = order('sold', 'project-a', 'onramp');
    await store.appendToStream('cli-report-seed', [
      paidOut.created(),
      failed.created(),
      sold.created(),
      paidOut.paid('2026-07-01T10:01:00.000Z', { txId: '0xpaid' }),
      paidOut.deliveryStarted('2026-07-01T10:02:00.000Z'),
      paidOut.deliveryCompleted('2026-07-02T10:00:00.000Z'),
      failed.paid('2026-07-01T10:01:00.000Z', { txId: '0xfailed' }),
      failed.deliveryFailed('2026-07-01T10:03:00.000Z'),
      sold.paid('2026-07-01T10:01:00.000Z'),
      sold.deliveryStarted('2026-07-01T10:02:00.000Z'),
      sold.deliveryCompleted('2026-07-01T10:03:00.000Z'),
    ]);
    await store.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the report of every project as JSON, from the same data directory as the API', async () => {
    const run = await runCli(env, 'report', 'reconciliation', '--from', '2026-07-01', '--to', '2026-07-02');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.totals).toEqual([
      expect.objectContaining({ currency: 'usd', orders: 1, receivedAmount: '40.5' }),
      expect.objectContaining({ currency: 'usdc', orders: 2, quotedAmount: '81', receivedAmount: '81', fees: '1' }),
    ]);
    expect(
      report.exceptions.map((exception: { kind: string; orderId: string }) => [exception.kind, exception.orderId]),
    ).toEqual([['payout-failed', 'failed']]);
  });

  it('narrows to one project, and prints CSV rows, exceptions and deposits', async () => {
    const rows = await runCli(
      env,
      'report',
      'reconciliation',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-02',
      '--format',
      'csv',
      '--project',
      'project-a',
    );
    expect(rows.code).toBe(0);
    const lines = rows.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^day,kind,payment_method,chain,currency,orders,/);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 6).join(','))).toEqual([
      '2026-07-01,offramp,base-sepolia,base-sepolia,usdc,1',
      '2026-07-01,onramp,card,solana,usd,1',
      '2026-07-02,offramp,base-sepolia,base-sepolia,usdc,0',
    ]);
    const exceptions = await runCli(
      env,
      'report',
      'reconciliation',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-01',
      '--format',
      'csv',
      '--section',
      'exceptions',
    );
    expect(exceptions.stdout.split('\r\n')[1]).toMatch(/^2026-07-01,payout-failed,failed,/);
    const deposits = await runCli(
      env,
      'report',
      'reconciliation',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-01',
      '--format',
      'csv',
      '--section',
      'deposits',
    );
    expect(
      deposits.stdout
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[2]),
    ).toEqual(['0xpaid', '0xfailed']);
  });

  it('prints the HTML page with its charts', async () => {
    const run = await runCli(
      env,
      'report',
      'reconciliation',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-02',
      '--format',
      'html',
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^<!doctype html>/);
    expect(run.stdout).toContain('<svg');
    expect(run.stdout).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  });

  it('--open writes the HTML page to a file only the user can read and opens it in the browser', async () => {
    const opened: string[] = [];
    const run = await runCliWith(
      { openUrl: async (url) => (opened.push(url), true) },
      env,
      'report',
      'reconciliation',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-02',
      '--open',
    );
    expect(run.code).toBe(0);
    const path = run.stdout.trim();
    expect(opened).toEqual([pathToFileURL(path).href]);
    expect(run.stderr).toBe(`Opened ${opened[0]} in your browser.\n`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const page = readFileSync(path, 'utf8');
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('payout-failed');
    rmSync(dirname(path), { recursive: true });

    const noBrowser = await runCliWith(
      { openUrl: async () => false },
      env,
      'report',
      'reconciliation',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-01',
      '--open',
    );
    expect(noBrowser.stderr).toMatch(/^Open file:\/\/\S+\.html in a browser\.\n$/);
    rmSync(dirname(noBrowser.stdout.trim()), { recursive: true });
    const csv = await runCli(
      env,
      'report',
      'reconciliation',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-01',
      '--open',
      '--format',
      'csv',
    );
    expect(csv).toMatchObject({ code: 2, stderr: expect.stringContaining('--open shows the HTML page') });
  });

  it('refuses a missing or bad range with the usage', async () => {
    const missing = await runCli(env, 'report', 'reconciliation', '--from', '2026-07-01');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--to is required');
    const reversed = await runCli(env, 'report', 'reconciliation', '--from', '2026-07-02', '--to', '2026-07-01');
    expect(reversed.stderr).toContain('--to must not be before --from');
    const format = await runCli(
      env,
      'report',
      'reconciliation',
      '--from',
      '2026-07-01',
      '--to',
      '2026-07-01',
      '--format',
      'xml',
    );
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format must be one of json, csv, html');
  });
});
