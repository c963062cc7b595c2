import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type RunnerProcess, type RunnerProcessConfig, startRunnerProcess } from '@paykit/checkout-agent';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import type { BlobStore, CardIssuerPort } from '@paykit/providers';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { CARD_ISSUER } from '../../card-issuing/card-issuer.provider.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { ErasableKeys } from '../../infrastructure/secrets/erasable-keys.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { liveViewKey } from '../live-view/live-view-key.js';
import type { DerivedKeys } from '../shared/derived-keys.js';
import { AGENT_CHECKOUT_BLOBS, AGENT_CHECKOUT_KEYS, AGENT_CHECKOUT_RUNNER_OVERRIDES } from '../shared/tokens.js';
import { runnerConfig } from './runner-config.js';

/**
 * The in-process runner (AGENT_CHECKOUT_RUNNER=inprocess, the default): it claims runs from
 * the same store the API writes, with its sweeper. It starts once the app is ready and, at
 * shutdown, drains (runs under way get AGENT_CHECKOUT_DRAIN_MS to finish, the rest are left to
 * their leases) before the HTTP server and the store close.
 */
@Injectable()
export class RunnerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private process: RunnerProcess | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    private readonly aggregates: Aggregates,
    private readonly dataKeys: ErasableKeys,
    @Inject(AGENT_CHECKOUT_KEYS) private readonly keys: DerivedKeys,
    @Inject(AGENT_CHECKOUT_BLOBS) private readonly blobs: BlobStore,
    @Inject(CARD_ISSUER) private readonly cardIssuer: CardIssuerPort,
    @Optional()
    @Inject(AGENT_CHECKOUT_RUNNER_OVERRIDES)
    private readonly overrides: Partial<RunnerProcessConfig> | null,
  ) {}

  /** The runner process, or null when this process runs none. */
  get current(): RunnerProcess | null {
    return this.process;
  }

  onApplicationBootstrap(): void {
    if (this.config.AGENT_CHECKOUT_RUNNER !== 'inprocess') return;
    const logger = this.adapterHost.httpAdapter
      .getInstance<FastifyInstance>()
      .log.child({ component: 'agent-checkout-runner' });
    this.process = startRunnerProcess({
      ...runnerConfig(this.config, {
        store: this.store,
        aggregates: this.aggregates,
        dataKeys: this.dataKeys,
        clock: this.clock,
        ids: this.ids,
        logger,
        liveViewKey: liveViewKey(this.keys),
        blobs: this.blobs,
        cardIssuer: this.cardIssuer,
      }),
      ...this.overrides,
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    const running = this.process;
    this.process = null;
    await running?.stop({ drainMs: this.config.AGENT_CHECKOUT_DRAIN_MS });
  }

  /** Stops the runner at once, as a crash would: its runs keep their leases until those lapse. */
  async kill(): Promise<void> {
    const running = this.process;
    this.process = null;
    await running?.kill();
  }
}
