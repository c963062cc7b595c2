import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openReadModelDatabase, ProjectionRunner, readModelDatabasePath } from '@paykit/projections';
import {
  readReconciliationReport,
  RECONCILIATION_PROJECTION,
  ReconciliationReadModel,
  reconciliationDepositsCsv,
  reconciliationExceptionsCsv,
  reconciliationProjection,
  reconciliationReportPage,
  reconciliationRowsCsv,
  type ReportScope,
} from '@paykit/reconciliation';
import type { CliContext } from '../context.js';
import { UsageError } from '../io.js';
import { optionalString, requiredString } from './arguments.js';
import type { Command, OptionValues } from './command.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_DAYS = 366;
const FORMATS = ['json', 'csv', 'html'] as const;
const SECTIONS = ['rows', 'exceptions', 'deposits'] as const;
/** How long the command lets the projection catch up with the store before it reports. */
const CATCH_UP_MS = 120_000;
const DEPOSITS_PAGE = 5_000;

const isRealDay = (day: string): boolean => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

const rangeOf = (values: OptionValues): { from: string; to: string } => {
  const from = requiredString(values, 'from');
  const to = requiredString(values, 'to');
  for (const [name, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!isRealDay(day)) throw new UsageError(`--${name} must be a date YYYY-MM-DD, not ${day}`);
  }
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days < 1) throw new UsageError('--to must not be before --from');
  if (days > MAX_DAYS) throw new UsageError(`--to must be at most ${MAX_DAYS} days after --from`);
  return { from, to };
};

const oneOf = <T extends string>(values: OptionValues, name: string, allowed: readonly T[], fallback: T): T => {
  const value = optionalString(values, name) ?? fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not ${value}`);
  return value as T;
};

/**
 * Catches the instance's reconciliation projection (under DATA_DIR) up with the store it follows
 * (beside a running API, each event is applied once), then reads.
 */
const withReconciliation = async <T>(
  context: CliContext,
  work: (readModel: ReconciliationReadModel) => T,
): Promise<T> => {
  const store = await context.store();
  const db = openReadModelDatabase(readModelDatabasePath(context.dataDir));
  const runner = new ProjectionRunner({ store, db, projections: [reconciliationProjection] });
  try {
    await runner.start();
    if (!(await runner.waitFor(await store.headPosition(), CATCH_UP_MS, RECONCILIATION_PROJECTION))) {
      throw new Error(
        'The reconciliation read model did not catch up with the event store; see `pnpm cli projections status`',
      );
    }
    return work(new ReconciliationReadModel(db));
  } finally {
    await runner.stop();
    db.close();
  }
};

/** Every deposit of the range, page after page. */
const allDeposits = (readModel: ReconciliationReadModel, scope: ReportScope, from: string, to: string) => {
  const deposits = [];
  for (let page = readModel.depositsAfter(scope, from, to, null, DEPOSITS_PAGE); page.length > 0;) {
    deposits.push(...page);
    const last = page.at(-1)!;
    page = page.length < DEPOSITS_PAGE ? [] : readModel.depositsAfter(scope, from, to, last, DEPOSITS_PAGE);
  }
  return deposits.map(({ seq: _seq, ...deposit }) => deposit);
};

/**
 * The HTML page in a file only this user can read (a private temp directory), opened in the
 * browser: a person sees the report without setting any header. The path is printed for when
 * no browser can be started (a server over SSH).
 */
const openPage = async (context: CliContext, html: string, from: string, to: string): Promise<void> => {
  const directory = await mkdtemp(join(tmpdir(), 'paykit-report-'));
  const path = join(directory, `reconciliation-${from}-${to}.html`);
  await writeFile(path, html, { mode: 0o600 });
  const url = pathToFileURL(path).href;
  const opened = (await context.io.openUrl?.(url)) === true;
  context.io.stderr(opened ? `Opened ${url} in your browser.\n` : `Open ${url} in a browser.\n`);
  context.io.stdout(`${path}\n`);
};

export const reportReconciliation: Command = {
  words: ['report', 'reconciliation'],
  usage:
    'report reconciliation --from YYYY-MM-DD --to YYYY-MM-DD [--format json|csv|html] [--section rows|exceptions|deposits] [--project <id>] [--open]',
  summary:
    'Reconciliation of offramp payouts and onramp sales per day, currency, chain and method, with its exceptions (every project unless --project); --open shows the HTML page in a browser',
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    format: { type: 'string' },
    section: { type: 'string' },
    project: { type: 'string' },
    open: { type: 'boolean' },
  },
  async run(values, context) {
    const { from, to } = rangeOf(values);
    const open = values['open'] === true;
    const format = oneOf(values, 'format', FORMATS, open ? 'html' : 'json');
    if (open && (format !== 'html' || optionalString(values, 'section') !== undefined)) {
      throw new UsageError('--open shows the HTML page: leave out --format and --section');
    }
    const section = oneOf(values, 'section', SECTIONS, 'rows');
    const scope = optionalString(values, 'project') ?? null;
    const settlementTimeoutMinutes = Number(context.io.env['RECONCILIATION_SETTLEMENT_MINUTES'] || 1_440);
    if (!Number.isInteger(settlementTimeoutMinutes) || settlementTimeoutMinutes < 1) {
      throw new UsageError('RECONCILIATION_SETTLEMENT_MINUTES must be a whole number of minutes');
    }
    const output = await withReconciliation(context, (readModel) => {
      if (section === 'deposits') {
        const deposits = allDeposits(readModel, scope, from, to);
        return format === 'csv'
          ? reconciliationDepositsCsv(deposits)
          : `${JSON.stringify({ from, to, data: deposits })}\n`;
      }
      const report = readReconciliationReport(readModel, {
        scope,
        from,
        to,
        now: new Date(),
        settlementTimeoutMinutes,
      });
      if (format === 'html') return reconciliationReportPage(report);
      if (format === 'csv')
        return section === 'exceptions'
          ? reconciliationExceptionsCsv(report.exceptions)
          : reconciliationRowsCsv(report.rows);
      return `${JSON.stringify(report)}\n`;
    });
    if (open) await openPage(context, output, from, to);
    else context.io.stdout(output);
  },
};
