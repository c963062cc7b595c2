import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { type Clock, type IdGenerator, fromBaseUnits } from '@paykit/kernel';
import { type DepositObserved, depositObservationStream } from '@paykit/reconciliation';
import type { ChainGateway, IncomingTransfer, IncomingTransferFeed } from '@paykit/providers';
import { findChain, findTokenByAddress, tokensOf } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { PeriodicPass } from './periodic-pass.js';
import { recordOnce } from './record-once.js';
import { CHAIN_GATEWAY } from '../wallets/gateway/chain-gateway.token.js';
import { INCOMING_TRANSFER_FEED } from './incoming-transfer-feed.provider.js';
import { ReconciliationReports } from './reconciliation-reports.js';

const PAGE = 500;
const OBSERVER = { projectId: null, actor: { type: 'system' as const, id: 'deposit-observer' } };

/**
 * Watches the deposit addresses offramp orders named (the reconciliation read model lists them)
 * and records every final, successful transfer into them as `DepositObserved`, once per
 * transaction (its stream is appended at no_stream). So money that arrives with a memo no
 * order carries becomes an event the reconciliation projection can flag. Per chain it keeps a
 * cursor that stops before the first transfer not yet final; after a restart it lists again
 * from the start and the store refuses what it already recorded.
 */
@Injectable()
export class DepositObserver implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DepositObserver.name);
  private readonly cursors = new Map<string, string | null>();
  private readonly passes = new PeriodicPass(
    () => this.observeAll(),
    (error) => this.logger.error(`Deposit observer: ${(error as Error).message}`),
  );

  constructor(
    @Inject(INCOMING_TRANSFER_FEED) private readonly feed: IncomingTransferFeed,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ReconciliationReports) private readonly reports: ReconciliationReports,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  private get writer() {
    return { store: this.store, clock: this.clock, ids: this.ids };
  }

  onApplicationBootstrap(): void {
    this.passes.start(this.config.RECONCILIATION_OBSERVE_EVERY_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  /** One pass over every watched chain; resolves to how many deposits it recorded. One pass at a time. */
  observe(): Promise<number> {
    return this.passes.run();
  }

  private async observeAll(): Promise<number> {
    await this.reports.catchUp();
    const byChain = new Map<string, string[]>();
    for (const { chain, address } of this.reports.readModel.watchedAddresses()) {
      byChain.set(chain, [...(byChain.get(chain) ?? []), address]);
    }
    let recorded = 0;
    for (const [chain, addresses] of byChain) {
      if (this.passes.stopped) break;
      recorded += await this.observeChain(chain, addresses);
    }
    return recorded;
  }

  private async observeChain(chain: string, addresses: readonly string[]): Promise<number> {
    let recorded = 0;
    for (;;) {
      const page = await this.feed.transfersInto({
        chain,
        addresses,
        after: this.cursors.get(chain) ?? null,
        limit: PAGE,
      });
      if (E.isLeft(page)) {
        this.logger.warn(`Deposit observer: ${chain}: ${page.left.message} (${page.left.code})`);
        return recorded;
      }
      for (const transfer of page.right.transfers) {
        if (this.passes.stopped || !transfer.final) return recorded;
        if (transfer.status === 'success' && (await this.record(transfer))) recorded++;
        this.cursors.set(chain, transfer.cursor);
      }
      if (page.right.transfers.length < PAGE) return recorded;
    }
  }

  /** Appends the observation; false when it was recorded before (here or by another instance). */
  private async record(transfer: IncomingTransfer): Promise<boolean> {
    const status = await this.gateway.getTransactionStatus(transfer.chain, transfer.txId);
    const finalizedAt =
      E.isRight(status) && status.right.status !== 'pending'
        ? status.right.finalizedAt
        : this.clock.now().toISOString();
    const event: DepositObserved = { type: 'DepositObserved', data: { ...this.describe(transfer), finalizedAt } };
    return recordOnce(this.writer, depositObservationStream(transfer.chain, transfer.txId), event, {
      ...OBSERVER,
      correlationId: transfer.txId,
    });
  }

  /** The transfer in the registry's terms: token symbol and an exact decimal amount. */
  private describe(transfer: IncomingTransfer): Omit<DepositObserved['data'], 'finalizedAt'> {
    const chain = findChain(transfer.chain, this.config.APP_ENV);
    const token = !chain
      ? undefined
      : transfer.token.native
        ? tokensOf(chain).find((known) => known.native)
        : findTokenByAddress(chain, transfer.token.address);
    const tokenId = transfer.token.native ? 'native' : transfer.token.address;
    return {
      chain: transfer.chain,
      txId: transfer.txId,
      from: transfer.from,
      to: transfer.to,
      token: `${transfer.chain}:${tokenId}`,
      symbol: token?.symbol ?? tokenId,
      amount: token ? fromBaseUnits(BigInt(transfer.baseUnits), token.decimals).toFixed() : transfer.baseUnits,
      baseUnits: transfer.baseUnits,
      ...(transfer.memo && { memo: transfer.memo.value }),
      ...(transfer.blockNumber !== undefined && { blockNumber: transfer.blockNumber }),
    };
  }
}
