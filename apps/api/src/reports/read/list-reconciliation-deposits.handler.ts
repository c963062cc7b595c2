import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ReconciliationDepositPage, ReconciliationDepositsQuery } from '@paykit/contracts';
import type { DepositKey } from '@paykit/reconciliation';
import { keysetPage } from '../../http/pagination/keyset-page.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { ReconciliationReports } from '../reconciliation-reports.js';

const isDepositKey = (value: unknown): value is DepositKey =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DepositKey).day === 'string' &&
  Number.isSafeInteger((value as DepositKey).seq);

/** `GET /unstable/reports/reconciliation/deposits`: deposits received on chain, in (day, arrival) order; cursors keep the range. */
export class ListReconciliationDeposits extends Query<ReconciliationDepositPage> {
  constructor(
    readonly projectId: string,
    readonly query: ReconciliationDepositsQuery,
  ) {
    super();
  }
}

@QueryHandler(ListReconciliationDeposits)
export class ListReconciliationDepositsHandler implements IQueryHandler<ListReconciliationDeposits> {
  constructor(
    private readonly reports: ReconciliationReports,
    private readonly cursors: SignedCursors,
  ) {}

  async execute({ projectId, query }: ListReconciliationDeposits): Promise<ReconciliationDepositPage> {
    await this.reports.catchUp();
    const { from, to } = query;
    const { readModel } = this.reports;
    return keysetPage({
      cursors: this.cursors,
      binding: `reconciliation-deposits\n${projectId}\n${from}\n${to}`,
      cursor: query.cursor,
      limit: query.limit,
      isKey: isDepositKey,
      source: {
        after: (key, count) => readModel.depositsAfter(projectId, from, to, key, count),
        before: (key, count) => readModel.depositsBefore(projectId, from, to, key, count),
        keyOf: (deposit) => ({ day: deposit.day, seq: deposit.seq }),
      },
      present: ({ seq: _seq, ...deposit }) => deposit,
    });
  }
}
