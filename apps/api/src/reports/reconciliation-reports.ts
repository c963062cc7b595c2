import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock } from '@paykit/kernel';
import type { ReadModelDatabase } from '@paykit/projections';
import {
  RECONCILIATION_PROJECTION,
  ReconciliationReadModel,
  type ReconciliationReport,
  readReconciliationReport,
} from '@paykit/reconciliation';
import type { AppConfig } from '../config/config.js';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, READ_MODEL_DATABASE } from '../infrastructure/tokens.js';

/** How long a report waits for the projection to reach what was committed before it was asked. */
const CATCH_UP_WAIT_MS = 2_000;

/** The reconciliation read model of the caller's project, caught up with every write acknowledged before the request. */
@Injectable()
export class ReconciliationReports {
  readonly readModel: ReconciliationReadModel;

  constructor(
    @Inject(READ_MODEL_DATABASE) db: ReadModelDatabase,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ProjectionsHost) private readonly projections: ProjectionsHost,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.readModel = new ReconciliationReadModel(db);
  }

  async report(projectId: string, from: string, to: string): Promise<ReconciliationReport> {
    await this.catchUp();
    return readReconciliationReport(this.readModel, {
      scope: projectId,
      from,
      to,
      now: this.clock.now(),
      settlementTimeoutMinutes: this.config.RECONCILIATION_SETTLEMENT_MINUTES,
    });
  }

  async catchUp(): Promise<void> {
    await this.projections.waitFor(await this.store.headPosition(), CATCH_UP_WAIT_MS, RECONCILIATION_PROJECTION);
  }
}
