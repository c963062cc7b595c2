import type { EventStore } from '@paykit/event-store';
import { type IdGenerator, ManualClock } from '@paykit/kernel';
import type { ChainGateway, ChainToken, IncomingTransferFeed } from '@paykit/providers';
import { findChain, findTokenByCurrency } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import { type Hex, parseTransaction } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from '../../src/config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../../src/infrastructure/tokens.js';
import { DepositObserver } from '../../src/reports/deposit-observer.js';
import { INCOMING_TRANSFER_FEED } from '../../src/reports/incoming-transfer-feed.provider.js';
import { ReconciliationReports } from '../../src/reports/reconciliation-reports.js';
import { CHAIN_GATEWAY } from '../../src/wallets/gateway/chain-gateway.token.js';
import { type ReportsServer, orderOf, startReportsServer } from './reports-fixtures.js';

const CHAIN = 'base-sepolia';
const USDXM: ChainToken = {
  native: false,
  address: findTokenByCurrency(findChain(CHAIN, 'staging')!, 'usdxm')!.address!,
};
const right = <A>(either: E.Either<{ message: string }, A>): A => {
  if (E.isLeft(either)) throw new Error(either.left.message);
  return either.right;
};

describe('deposit observer on the sandbox chain', () => {
  const clock = new ManualClock('2026-06-10T08:00:00.000Z');
  const depositAddress = privateKeyToAccount(generatePrivateKey()).address;
  const payer = privateKeyToAccount(generatePrivateKey());
  let api: ReportsServer;
  let gateway: ChainGateway;
  let observer: DepositObserver;

  /** What the payer's wallet does: sign the deposit transaction the service prepared, and broadcast it. */
  const deposit = async (baseUnits: string, memo: string): Promise<string> => {
    const unsigned = right(
      await gateway.buildDepositTransaction({
        chain: CHAIN,
        payer: payer.address,
        depositAddress,
        token: USDXM,
        baseUnits,
        memo: { type: 'text', value: memo },
      }),
    );
    const signed = await payer.signTransaction(parseTransaction(unsigned.serializedTransaction as Hex));
    return right(await gateway.broadcastSignedTransaction({ chain: CHAIN, signedTransaction: signed })).txId;
  };

  beforeAll(async () => {
    api = await startReportsServer({ clock });
    gateway = api.server.app.get<ChainGateway>(CHAIN_GATEWAY);
    observer = api.server.app.get(DepositObserver);
    const order = orderOf(api.shop.projectId, 'offramp-observed', 'offramp', {
      createdAt: '2026-06-10T07:59:00.000Z',
      depositAddress,
      memo: 'memo-known',
    });
    await api.append([order.created()]);
    right(await gateway.fund({ chain: CHAIN, address: payer.address, token: 'usdxm', amount: '30' }));
  }, 30_000);
  afterAll(() => api?.close());

  it('records final transfers into deposit addresses once, and the report flags the unknown memo', async () => {
    const known = await deposit('25000000', 'memo-known');
    const stranger = await deposit('2500000', 'memo-of-nobody');
    expect(await observer.observe()).toBe(0); // not final yet

    clock.advance(60_000);
    expect(await observer.observe()).toBe(2);
    expect(await observer.observe()).toBe(0);

    // A restarted observer lists from the start again; the store refuses what was recorded.
    const app = api.server.app;
    const restarted = new DepositObserver(
      app.get<IncomingTransferFeed>(INCOMING_TRANSFER_FEED),
      gateway,
      app.get<EventStore>(EVENT_STORE),
      app.get(ReconciliationReports),
      app.get<AppConfig>(APP_CONFIG),
      app.get(CLOCK),
      app.get<IdGenerator>(ID_GENERATOR),
    );
    expect(await restarted.observe()).toBe(0);

    const report = await api.get('/unstable/reports/reconciliation?from=2026-06-10&to=2026-06-10');
    expect(report.body.exceptions).toEqual([
      expect.objectContaining({
        kind: 'unknown-memo',
        txId: stranger,
        chain: CHAIN,
        details: expect.objectContaining({ memo: 'memo-of-nobody', amount: '2.5', currency: 'usdxm' }),
      }),
    ]);
    const deposits = await api.get('/unstable/reports/reconciliation/deposits?from=2026-06-10&to=2026-06-10');
    expect(deposits.body.data).toEqual([
      {
        day: '2026-06-10',
        chain: CHAIN,
        txId: known,
        orderId: 'offramp-observed',
        amount: '25',
        currency: 'usdxm',
        memo: 'memo-known',
        recorded: false,
        observed: true,
      },
      {
        day: '2026-06-10',
        chain: CHAIN,
        txId: stranger,
        orderId: null,
        amount: '2.5',
        currency: 'usdxm',
        memo: 'memo-of-nobody',
        recorded: false,
        observed: true,
      },
    ]);
  }, 30_000);
});
