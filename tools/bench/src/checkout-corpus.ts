import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORM, createApp } from '@paykit/api';
import { checkoutRunStreamName, type CheckoutRunCardAuthorizationRecorded } from '@paykit/checkout-runs';
import { MemoryEventStore } from '@paykit/event-store';
import type { Platform } from '@paykit/platform';
import {
  SCENARIOS,
  cardNetworkAt,
  type CorpusScenario,
  judgeRun,
  markOf,
  sinceMark,
  startShopCorpus,
} from '@paykit/shop-corpus';
import { CorpusApi } from './checkout-corpus/corpus-api.js';
import {
  BENCH_API_PORT,
  REAL_STOREFRONT_SCENARIOS,
  REAL_STOREFRONT_URL,
  judgeRealStorefrontRun,
  type ApprovedCharge,
} from './checkout-corpus/real-storefront.js';

const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';
/** Comma-separated scenario id prefixes to run (all by default). */
const ONLY = (process.env['BENCH_CORPUS_ONLY'] ?? '').split(',').filter(Boolean);
const chosen = (scenario: CorpusScenario): boolean =>
  ONLY.length === 0 || ONLY.some((prefix) => scenario.id.startsWith(prefix));

interface Row {
  readonly shop: string;
  readonly expected: string;
  readonly actual: string;
  readonly steps: number;
  readonly seconds: number;
  readonly asked: number;
  readonly ok: boolean;
  readonly wrongMoney: readonly string[];
  /** Virtual cards the run was issued and had not closed when it ended (the target is none). */
  readonly openCards: number;
}

/** What a run's stream records: its steps, the charges its cards' issuer approved, and the cards it never closed. */
const recordOf = async (
  store: MemoryEventStore,
  runId: string,
): Promise<{ steps: number; approved: ApprovedCharge[]; openCards: number }> => {
  let steps = 0;
  const approved: ApprovedCharge[] = [];
  const open = new Set<string>();
  for await (const event of store.readStream(checkoutRunStreamName(runId))) {
    if (event.type === 'CheckoutRunStepRecorded') steps++;
    if (event.type === 'CheckoutRunCardAuthorizationRecorded') {
      const { authorization } = event.data as CheckoutRunCardAuthorizationRecorded['data'];
      if (authorization.approved) approved.push(authorization.amount);
    }
    if (event.type === 'CheckoutRunCardIssued') open.add((event.data as { card: { cardId: string } }).card.cardId);
    if (event.type === 'CheckoutRunCardClosed') open.delete((event.data as { cardId: string }).cardId);
  }
  return { steps, approved, openCards: open.size };
};

const pad = (text: string, width: number) =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);

const printTable = (rows: readonly Row[]): void => {
  const columns: [string, number][] = [
    ['scenario', 34],
    ['expected', 46],
    ['actual', 48],
    ['steps', 6],
    ['seconds', 8],
    ['asked', 6],
    ['wrong money movement', 30],
  ];
  console.log(columns.map(([title, width]) => pad(title, width)).join(' '));
  for (const row of rows) {
    const cells = [
      row.shop,
      row.expected,
      `${row.ok ? '' : '✗ '}${row.actual}`,
      String(row.steps),
      row.seconds.toFixed(1),
      String(row.asked),
      row.wrongMoney.join('; ') || 'none',
    ];
    console.log(cells.map((cell, index) => pad(cell, columns[index]?.[1] ?? 10)).join(' '));
  }
};

/**
 * `pnpm bench checkout-corpus`: every corpus scenario (tools/shop-corpus) through the whole API
 * (the in-process runner, the strategies in their production order, Chromium), one run at a
 * time, answering the runs' questions as their users would. Prints, per run, the expected and
 * actual outcome, the steps recorded, the seconds it took, the questions asked and any money
 * that moved wrongly (above maxCost, a wrong item, two orders or payments, a purchase that should
 * not have been), then the share of expected outcomes.
 */
export const runCheckoutCorpusBenchmark = async (): Promise<void> => {
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`checkout-corpus benchmark: Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
    process.exitCode = 1;
    return;
  }
  // The shops' processors ask the API's sandbox card network (its issuer is the runner's), once the API listens.
  const network: { url?: string } = {};
  const corpus = await startShopCorpus({
    cardNetwork: (request) =>
      network.url ? cardNetworkAt(network.url)(request) : Promise.resolve({ kind: 'unreachable' }),
  });
  const store = new MemoryEventStore();
  const dataDir = await mkdtemp(join(tmpdir(), 'paykit-bench-corpus-'));
  const app = await createApp({
    eventStore: store,
    env: {
      PORT: REAL_STOREFRONT_URL ? BENCH_API_PORT : 0,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EVENT_STORE: 'memory',
      // Chromium's own background requests refused by the URL guard are warnings (ADR 0221): not this table's business.
      LOG_LEVEL: 'error',
      CHROMIUM_PATH,
      AGENT_CHECKOUT_ALLOWED_HOSTS: [
        ...corpus.hosts,
        ...(REAL_STOREFRONT_URL ? [new URL(REAL_STOREFRONT_URL).host] : []),
      ].join(','),
      AGENT_CHECKOUT_RUNNER_CONCURRENCY: 1,
      AGENT_CHECKOUT_LIVE_VIEW: 'off',
      RATE_LIMIT_READS_PER_MIN: 1_000_000_000,
      RATE_LIMIT_WRITES_PER_MIN: 1_000_000_000,
    },
  });
  try {
    const { serverKey } = await app.app
      .get<Platform>(PLATFORM)
      .provisionProject({ name: 'checkout-corpus', environment: 'staging' }, { actor: { type: 'cli', id: 'bench' } });
    network.url = `${app.rootUrl}/sandbox/card-network/authorizations`;
    const base = `${await app.app.getUrl()}/api/unstable/agent-checkouts`.replace('[::1]', '127.0.0.1');
    const api = new CorpusApi(base, { 'x-api-key': serverKey, 'x-service-user-id': 'corpus-user' });
    const scenarios = SCENARIOS.filter(chosen);
    const storefrontRuns = REAL_STOREFRONT_URL ? REAL_STOREFRONT_SCENARIOS.filter(chosen).length : 0;
    const shopsRun = new Set(scenarios.map((scenario) => scenario.shop)).size;
    console.log(
      `checkout-corpus benchmark: ${scenarios.length} runs at ${shopsRun} of ${corpus.shops.length} corpus shops, ${storefrontRuns} at the real storefront, Chromium ${CHROMIUM_PATH}, one run at a time through the API\n`,
    );
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const shop = corpus.shop(scenario.shop);
      const mark = markOf(shop);
      const buyerProfileId = await api.buyerProfile(scenario);
      const started = performance.now();
      const { snapshot, questions } = await api.run(scenario, corpus.startUrl(scenario), buyerProfileId);
      const seconds = (performance.now() - started) / 1000;
      const code = snapshot.result?.code ?? snapshot.reason;
      const { orders, attempts } = sinceMark(shop, mark);
      const verdict = judgeRun(scenario, { status: snapshot.status, ...(code ? { code } : {}) }, orders, attempts);
      const { steps, openCards } = await recordOf(store, snapshot.runId);
      const { expected } = scenario;
      rows.push({
        shop: scenario.id,
        expected: `${expected.status}${expected.code ? ` ${expected.code}` : ''}`,
        actual: `${snapshot.status}${code ? ` ${code}` : ''}`,
        steps,
        seconds,
        asked: questions.length,
        ok: verdict.expected && (scenario.questions === 'allowed' || questions.length === 0),
        wrongMoney: verdict.wrongMoney,
        openCards,
      });
      if (!rows.at(-1)?.ok)
        console.log(
          `  ${scenario.id}: ${snapshot.result?.summary ?? (await api.lastMessage(snapshot.runId)) ?? snapshot.reason ?? snapshot.status}`,
        );
    }
    for (const scenario of REAL_STOREFRONT_URL ? REAL_STOREFRONT_SCENARIOS.filter(chosen) : []) {
      const started = performance.now();
      const buyerProfileId = await api.buyerProfile(scenario);
      const { snapshot, questions } = await api.run(scenario, `${REAL_STOREFRONT_URL}${scenario.path}`, buyerProfileId);
      const code = snapshot.result?.code ?? snapshot.reason;
      const { steps, approved, openCards } = await recordOf(store, snapshot.runId);
      const verdict = judgeRealStorefrontRun(
        scenario,
        { status: snapshot.status, ...(code ? { code } : {}) },
        approved,
      );
      const { expected } = scenario;
      rows.push({
        shop: scenario.id,
        expected: `${expected.status}${expected.code ? ` ${expected.code}` : ''}`,
        actual: `${snapshot.status}${code ? ` ${code}` : ''}`,
        steps,
        seconds: (performance.now() - started) / 1000,
        asked: questions.length,
        ok: verdict.expected && questions.length === 0,
        wrongMoney: verdict.wrongMoney,
        openCards,
      });
      if (!rows.at(-1)?.ok)
        console.log(
          `  ${scenario.id}: ${snapshot.result?.summary ?? (await api.lastMessage(snapshot.runId)) ?? snapshot.reason ?? snapshot.status}`,
        );
    }
    console.log('');
    printTable(rows);
    const ok = rows.filter((row) => row.ok).length;
    const wrong = rows.filter((row) => row.wrongMoney.length > 0).length;
    const open = rows.reduce((sum, row) => sum + row.openCards, 0);
    const seconds = rows.map((row) => row.seconds).sort((a, b) => a - b);
    console.log(
      `\nexpected outcomes: ${ok}/${rows.length} (${((100 * ok) / Math.max(1, rows.length)).toFixed(0)}%); runs with wrong money movement: ${wrong}; cards left open: ${open}; ` +
        `seconds per run: median ${(seconds[Math.floor(seconds.length / 2)] ?? 0).toFixed(1)}, max ${(seconds.at(-1) ?? 0).toFixed(1)}`,
    );
    if (ok / Math.max(1, rows.length) < 0.9 || wrong > 0 || open > 0) process.exitCode = 1;
  } finally {
    await app.close();
    await corpus.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};
