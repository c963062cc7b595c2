export * from './deposit-observed.js';
export * from './agent-card-authorization-observed.js';
export * from './exception-kinds.js';
export type * from './reconciliation-report.js';
export { reconciliationProjection, RECONCILIATION_PROJECTION } from './reconciliation-projection.js';
export {
  ReconciliationReadModel,
  type DailyRecord,
  type DepositKey,
  type ExceptionRecordRow,
  type OpenItem,
  type ReportScope,
} from './reconciliation-read-model.js';
export { buildReconciliationReport, type ReportInput } from './build-report.js';
export { readReconciliationReport, type ReportRequest } from './read-report.js';
export { reconciliationRowsCsv, reconciliationExceptionsCsv, reconciliationDepositsCsv } from './csv.js';
export { reconciliationReportPage } from './report-page.js';
