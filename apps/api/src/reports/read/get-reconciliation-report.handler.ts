import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ReconciliationReport } from '@paykit/reconciliation';
import { ReconciliationReports } from '../reconciliation-reports.js';

/** `GET /unstable/reports/reconciliation`: the report per day and group, with its exceptions, as of now. */
export class GetReconciliationReport extends Query<ReconciliationReport> {
  constructor(
    readonly projectId: string,
    readonly from: string,
    readonly to: string,
  ) {
    super();
  }
}

@QueryHandler(GetReconciliationReport)
export class GetReconciliationReportHandler implements IQueryHandler<GetReconciliationReport> {
  constructor(private readonly reports: ReconciliationReports) {}

  execute({ projectId, from, to }: GetReconciliationReport): Promise<ReconciliationReport> {
    return this.reports.report(projectId, from, to);
  }
}
