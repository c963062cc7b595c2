import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { ReadModelDatabase } from '@paykit/projections';
import { ProjectionsHost } from './projections-host.js';
import { EVENT_STORE, READ_MODEL_DATABASE } from './tokens.js';

/** Shuts storage down after the HTTP server has drained: projections, read models, the store. */
@Injectable()
export class InfrastructureLifecycle implements OnApplicationShutdown {
  constructor(
    private readonly projections: ProjectionsHost,
    @Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.projections.stop();
    if (this.db.open) this.db.close();
    await this.store.close();
  }
}
