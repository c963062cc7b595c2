import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock } from '@paykit/kernel';
import { type Projection, type ProjectionStatus, ProjectionRunner, type ReadModelDatabase } from '@paykit/projections';
import { Metrics } from '../observability/metrics.js';
import { registerProjectionMetrics } from './projection-metrics.js';
import { CLOCK, EVENT_STORE, READ_MODEL_DATABASE } from './tokens.js';

/**
 * Owns the projection runner. Area modules register their projections while the app builds
 * (`register` from a provider's constructor or onModuleInit); the runner starts once every
 * module is ready, and stops at shutdown (InfrastructureLifecycle). A projection whose code
 * changed is rebuilt side by side while its old tables keep serving; `pnpm cli projections
 * rebuild` run beside the API is picked up without a restart (see @paykit/projections).
 */
@Injectable()
export class ProjectionsHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProjectionsHost.name);
  private readonly projections: Projection[] = [];
  private runner: ProjectionRunner | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase,
    @Inject(CLOCK) private readonly clock: Clock,
    metrics: Metrics,
  ) {
    registerProjectionMetrics(metrics.registry, () => this.status());
  }

  register(...projections: Projection[]): void {
    if (this.runner) throw new Error('Projections must be registered before the application starts');
    this.projections.push(...projections);
  }

  /** The names registered so far (the CLI's catalogue, readModelProjections(), must list the same). */
  registeredNames(): string[] {
    return this.projections.map((projection) => projection.name);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.runner = new ProjectionRunner({
      store: this.store,
      db: this.db,
      projections: this.projections,
      clock: this.clock,
      onFailure: (name, failure) => this.logger.error(`Projection ${name} stopped: ${failure.message}`),
    });
    await this.runner.start();
    for (const status of await this.runner.status()) {
      if (status.state === 'rebuilding') {
        this.logger.log(`Projection ${status.name}: code changed, rebuilding side by side (old tables serve reads)`);
      }
    }
  }

  /** A query that follows a write waits (bounded) for the projections to reach its position. */
  waitFor(position: bigint, timeoutMs: number, projectionName?: string): Promise<boolean> {
    return this.started().waitFor(position, timeoutMs, projectionName);
  }

  status(): Promise<ProjectionStatus[]> {
    return this.runner ? this.runner.status() : Promise.resolve([]);
  }

  async stop(): Promise<void> {
    await this.runner?.stop();
  }

  private started(): ProjectionRunner {
    if (!this.runner) throw new Error('The projection runner has not started yet');
    return this.runner;
  }
}
