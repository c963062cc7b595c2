import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { type EventStore, EventStoreUnavailableError, type Subscription } from '@paykit/event-store';
import type { ChainGateway } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, EVENT_STORE } from '../../infrastructure/tokens.js';
import { CHAIN_GATEWAY } from '../gateway/chain-gateway.token.js';
import { TransferRecords } from '../transactions/transfer-records.js';
import { TransferStep } from './transfer-step.js';

const TRANSFER_STREAM_PREFIX = 'transfer-';
/** How often the read model is swept for approved transfers nobody is driving (after a restart). */
const SWEEP_INTERVAL_MS = 5_000;
const MIN_POLL_MS = 10;
const MAX_POLL_MS = 5_000;
const BACKOFF_MS = 2_000;

/**
 * The background worker that executes approved transfers. It hears `TransferApproved` on a live
 * subscription, resumes what the read model holds as pending (at start and every few seconds),
 * and runs each transfer's next step (TransferStep) until it is final, one step at a time per
 * transfer, polling the chain about once a block.
 */
@Injectable()
export class TransferExecutor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TransferExecutor.name);
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private subscription: Subscription | null = null;
  private following: Promise<void> | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly step: TransferStep,
    private readonly records: TransferRecords,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const subscription = this.store.subscribeToAll({
      after: await this.store.headPosition(),
      filter: { streamNamePrefixes: [TRANSFER_STREAM_PREFIX], eventTypePrefixes: ['TransferApproved'] },
    });
    this.subscription = subscription;
    this.following = this.follow(subscription);
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    // After every module has started (the read model's runner too).
    setImmediate(() => this.sweep());
  }

  /** Before the store closes (onApplicationShutdown): steps under way finish, none starts. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.subscription?.close();
    await this.following;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Runs the transfer's next step after `delayMs` (sooner if already due sooner). */
  schedule(transferId: string, delayMs = 0): void {
    if (this.stopped || this.timers.has(transferId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(transferId);
      this.start(transferId);
    }, delayMs);
    this.timers.set(transferId, timer);
  }

  private start(transferId: string): void {
    if (this.stopped || this.running.has(transferId)) return;
    const run = this.runStep(transferId).finally(() => this.running.delete(transferId));
    this.running.set(transferId, run);
  }

  private async runStep(transferId: string): Promise<void> {
    let delay: number | null;
    try {
      const next = await this.step.run(transferId);
      delay = next === null ? null : next.kind === 'poll' ? this.pollDelayOf(next.chain) : BACKOFF_MS;
    } catch (error) {
      if (this.stopped && error instanceof EventStoreUnavailableError) return;
      this.logger.warn(`Transfer ${transferId}: ${(error as Error).message}; retrying`);
      delay = BACKOFF_MS;
    }
    this.running.delete(transferId);
    if (delay !== null) this.schedule(transferId, delay);
  }

  private pollDelayOf(chain: string): number {
    if (this.config.TRANSFER_POLL_INTERVAL_MS !== undefined) return this.config.TRANSFER_POLL_INTERVAL_MS;
    const rule = this.gateway.finalityOf(chain);
    const blockTime = E.isRight(rule) ? rule.right.blockTimeMs : MAX_POLL_MS;
    return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, blockTime));
  }

  private async follow(subscription: Subscription): Promise<void> {
    try {
      for await (const event of subscription) this.schedule(event.streamName.slice(TRANSFER_STREAM_PREFIX.length));
    } catch (error) {
      if (!(error instanceof EventStoreUnavailableError) || !this.stopped) {
        this.logger.error(`Transfer subscription stopped: ${(error as Error).message}`);
      }
    }
  }

  private sweep(): void {
    if (this.stopped) return;
    try {
      for (const transferId of this.records.inFlight()) {
        if (!this.running.has(transferId)) this.schedule(transferId);
      }
    } catch (error) {
      this.logger.warn(`Sweep of pending transfers failed: ${(error as Error).message}`);
    }
  }
}
