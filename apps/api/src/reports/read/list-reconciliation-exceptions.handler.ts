import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ReconciliationExceptionList } from '@paykit/contracts';
import { ReconciliationReports } from '../reconciliation-reports.js';

/** `GET /unstable/reports/reconciliation/exceptions`: the exceptions of a range alone. */
export class ListReconciliationExceptions extends Query<ReconciliationExceptionList> {
  constructor(
    readonly projectId: string,
    readonly from: string,
    readonly to: string,
  ) {
    super();
  }
}

@QueryHandler(ListReconciliationExceptions)
export class ListReconciliationExceptionsHandler implements IQueryHandler<ListReconciliationExceptions> {
  constructor(private readonly reports: ReconciliationReports) {}

  async execute({ projectId, from, to }: ListReconciliationExceptions): Promise<ReconciliationExceptionList> {
    const report = await this.reports.report(projectId, from, to);
    return { from: report.from, to: report.to, asOf: report.asOf, data: [...report.exceptions] };
  }
}
