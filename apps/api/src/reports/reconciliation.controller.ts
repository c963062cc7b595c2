import { Controller, Headers, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ReconciliationDepositPage,
  ReconciliationDepositsQuery,
  ReconciliationExceptionList,
  ReconciliationExceptionsQuery,
  ReconciliationReportQuery,
  ReconciliationReportResponse,
} from '@paykit/contracts';
import {
  reconciliationDepositsCsv,
  reconciliationExceptionsCsv,
  reconciliationReportPage,
  reconciliationRowsCsv,
} from '@paykit/reconciliation';
import type { FastifyReply } from 'fastify';
import { Scopes } from '../auth/scopes.js';
import { type Caller, CallerOf } from '../http/caller.js';
import { Route } from '../http/routes/route.decorator.js';
import { GetReconciliationReport } from './read/get-reconciliation-report.handler.js';
import { ListReconciliationDeposits } from './read/list-reconciliation-deposits.handler.js';
import { ListReconciliationExceptions } from './read/list-reconciliation-exceptions.handler.js';
import { CONTENT_TYPES, reportFormatOf } from './report-format.js';

const TAGS = ['Reports'];
const NEGOTIATION = 'Send `format=csv|html` or an Accept header (text/csv, text/html); JSON otherwise.';

/** Sends a CSV or HTML body with its type; reports are a snapshot of now, never cached. */
const raw = (reply: FastifyReply, format: 'csv' | 'html', body: string, filename: string): string => {
  void reply.header('content-type', CONTENT_TYPES[format]).header('cache-control', 'no-store');
  if (format === 'csv') void reply.header('content-disposition', `attachment; filename="${filename}.csv"`);
  // The page needs nothing but its inline styles: no script, no request may leave it.
  else void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  return body;
};

/**
 * Reconciliation of the caller's project (ADR 0610): the report per day and group with its
 * exceptions, the exceptions alone, and the deposits received on chain with their txIds.
 */
@Controller()
export class ReconciliationController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: 'unstable/reports/reconciliation',
    tags: TAGS,
    summary: 'Reconciliation report of offramp payouts and onramp sales, per day, currency, chain and payment method',
    description:
      'Orders, quoted amounts, payments received, fees, deliveries and payouts sent and settled, refunds, with the ' +
      `exceptions to act on. ${NEGOTIATION} CSV holds the rows; HTML is a page with charts of daily volume and exceptions.`,
    scope: Scopes.reportsRead,
    query: ReconciliationReportQuery,
    responses: { 200: ReconciliationReportResponse },
  })
  async report(
    @CallerOf() { principal }: Caller,
    @Query() query: ReconciliationReportQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReconciliationReportResponse | string> {
    const report = await this.queries.execute(new GetReconciliationReport(principal.projectId, query.from, query.to));
    const format = reportFormatOf(query.format, accept, ['json', 'csv', 'html']);
    const filename = `reconciliation-${query.from}-${query.to}`;
    if (format === 'csv') return raw(reply, 'csv', reconciliationRowsCsv(report.rows), filename);
    if (format === 'html') return raw(reply, 'html', reconciliationReportPage(report), filename);
    return report as ReconciliationReportResponse;
  }

  @Route({
    method: 'GET',
    path: 'unstable/reports/reconciliation/exceptions',
    tags: TAGS,
    summary:
      'The exceptions of a range: unknown memos, amount mismatches, failed or late payouts, undelivered or twice-delivered orders',
    description: NEGOTIATION,
    scope: Scopes.reportsRead,
    query: ReconciliationExceptionsQuery,
    responses: { 200: ReconciliationExceptionList },
  })
  async exceptions(
    @CallerOf() { principal }: Caller,
    @Query() query: ReconciliationExceptionsQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReconciliationExceptionList | string> {
    const exceptions = await this.queries.execute(
      new ListReconciliationExceptions(principal.projectId, query.from, query.to),
    );
    if (reportFormatOf(query.format, accept, ['json', 'csv']) === 'csv') {
      return raw(
        reply,
        'csv',
        reconciliationExceptionsCsv(exceptions.data),
        `reconciliation-exceptions-${query.from}-${query.to}`,
      );
    }
    return exceptions;
  }

  @Route({
    method: 'GET',
    path: 'unstable/reports/reconciliation/deposits',
    tags: TAGS,
    summary: 'Deposits received on chain in a range, with their transaction ids and the orders they paid',
    description: `Pages in (day, arrival) order; cursors keep the range they were issued for. ${NEGOTIATION}`,
    scope: Scopes.reportsRead,
    query: ReconciliationDepositsQuery,
    responses: { 200: ReconciliationDepositPage },
  })
  async deposits(
    @CallerOf() { principal }: Caller,
    @Query() query: ReconciliationDepositsQuery,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReconciliationDepositPage | string> {
    const page = await this.queries.execute(new ListReconciliationDeposits(principal.projectId, query));
    if (reportFormatOf(query.format, accept, ['json', 'csv']) === 'csv') {
      if (page.nextCursor) void reply.header('x-next-cursor', page.nextCursor);
      return raw(
        reply,
        'csv',
        reconciliationDepositsCsv(page.data),
        `reconciliation-deposits-${query.from}-${query.to}`,
      );
    }
    return page;
  }
}
