import type { EventToAppend, RecordedEvent } from '@paykit/event-store';
import { openReadModelDatabase, type ReadModelDatabase } from '@paykit/projections';
import { foldInto } from '@paykit/projections/testing';
import {
  readReconciliationReport,
  ReconciliationReadModel,
  reconciliationProjection,
  type ReconciliationReport,
  type ReportScope,
} from '../src/index.js';

export const PROJECT = 'project-shop';
export const OTHER_PROJECT = 'project-other';
export const DEPOSIT_ADDRESS = '0xAbCdEf0000000000000000000000000000000001';

/** The reconciliation projection folded over `events` (positions 1, 2, ...) in a fresh in-memory database. */
export class FoldedReconciliation {
  readonly db: ReadModelDatabase = openReadModelDatabase(':memory:');
  readonly readModel = new ReconciliationReadModel(this.db);

  constructor(events: readonly EventToAppend[]) {
    const recorded: RecordedEvent[] = events.map((event, index) => ({
      streamName: 'fixture',
      revision: BigInt(index),
      position: BigInt(index + 1),
      type: event.type,
      data: JSON.parse(JSON.stringify(event.data)) as unknown,
      metadata: event.metadata,
    }));
    foldInto(this.db, reconciliationProjection, recorded);
  }

  report(options: {
    from: string;
    to: string;
    now: string;
    scope?: ReportScope;
    timeoutMinutes?: number;
  }): ReconciliationReport {
    return readReconciliationReport(this.readModel, {
      scope: options.scope === undefined ? PROJECT : options.scope,
      from: options.from,
      to: options.to,
      now: new Date(options.now),
      settlementTimeoutMinutes: options.timeoutMinutes ?? 60,
    });
  }

  close(): void {
    this.db.close();
  }
}
