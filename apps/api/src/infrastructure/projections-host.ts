import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { type Projection, type ProjectionStatus, ProjectionRunner, type ReadModelDatabase } from '@paykit/projections';
import { EVENT_STORE, READ_MODEL_DATABASE } from './tokens.js';

/**
 * Owns the projection runner. Area modules register their projections while the app builds
 * (`register` from a provider's constructor or onModuleInit); the runner starts once every
 * module is ready, and stops at shutdown (InfrastructureLifecycle).
 */
@Injectable()
export class ProjectionsHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProjectionsHost.name);
  private readonly projections: Projection[] = [];
  private runner: ProjectionRunner | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase,
  ) {}

  register(...projections: Projection[]): void {
    if (this.runner) throw new Error('Projections must be registered before the application starts');
    this.projections.push(...projections);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.runner = new ProjectionRunner({
      store: this.store,
      db: this.db,
      projections: this.projections,
      onFailure: (name, failure) => this.logger.error(`Projection ${name} stopped: ${failure.message}`),
    });
    await this.runner.start();
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
