import { buildReconciliationReport } from './build-report.js';
import type { ReconciliationReadModel, ReportScope } from './reconciliation-read-model.js';
import type { ReconciliationReport } from './reconciliation-report.js';

export interface ReportRequest {
  readonly scope: ReportScope;
  /** First and last day of the range, `YYYY-MM-DD` (UTC), both included. */
  readonly from: string;
  readonly to: string;
  readonly now: Date;
  readonly settlementTimeoutMinutes: number;
}

/** Reads a range from the read model and builds its report: what the API and the CLI both serve. */
export const readReconciliationReport = (
  readModel: ReconciliationReadModel,
  request: ReportRequest,
): ReconciliationReport => {
  const { scope, from, to } = request;
  return buildReconciliationReport({
    from,
    to,
    now: request.now,
    settlementTimeoutMinutes: request.settlementTimeoutMinutes,
    daily: readModel.dailyRecords(scope, from, to),
    exceptions: readModel.exceptionRecords(scope, from, to),
    undelivered: readModel.undelivered(scope, from, to),
    payoutsPending: readModel.payoutsPending(scope, from, to),
    cardAuthorizations: readModel.cardAuthorizations(scope, from, to),
  });
};
