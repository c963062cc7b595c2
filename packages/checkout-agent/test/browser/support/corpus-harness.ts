import { type CheckoutRun, toRunSnapshot } from '@paykit/checkout-runs';
import { MemoryEventStore } from '@paykit/event-store';
import { ManualClock, randomIds } from '@paykit/kernel';
import {
  type CorpusScenario,
  buyerProfileFor,
  type ShopCorpus,
  answerFor,
  judgeRun,
  markOf,
  sinceMark,
  startShopCorpus,
  type ShopDefinition,
  type Verdict,
} from '@paykit/shop-corpus';
import { SandboxCardIssuer } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { type RunnerProcess, browserCheckoutStrategy, startRunnerProcess } from '../../../src/index.js';
import { startCardNetworkServer } from '../../../src/testing/index.js';
import { apiCommand, createRun, isFinal, readEvents, waitForRun } from '../../support/runs.js';
import { CHROMIUM_PATH } from './chromium.js';

/** The buyer profile id corpus runs name when the scenario gives the run a profile. */
const PROFILE_ID = '00000000-0000-4000-8000-00000000b0b0';

export interface CorpusRun {
  readonly runId: string;
  readonly run: CheckoutRun;
  readonly snapshot: ReturnType<typeof toRunSnapshot>;
  readonly verdict: Verdict;
  /** The questions the run asked, in order (the form's field names). */
  readonly questions: readonly string[][];
  readonly steps: readonly string[];
  /** What the runner warned of or failed on during the run (a runtime_error's cause), shown when a test fails. */
  readonly problems: readonly string[];
}

export interface CorpusHarness {
  readonly corpus: ShopCorpus;
  readonly store: MemoryEventStore;
  /** The issuer of the runs' virtual cards, which the shops' processors ask through the card network. */
  readonly issuer: SandboxCardIssuer;
  /** Runs a scenario to its end, answering questions as its user would, and judges it. */
  run(scenario: CorpusScenario): Promise<CorpusRun>;
  close(): Promise<void>;
}

/**
 * The corpus shops, a store, and one runner with the rule-based browser strategy alone (no
 * agentic-checkout API to find at these shops anyway), paying with a virtual card per run from
 * the sandbox issuer the shops' processors ask (through the sandbox card network).
 */
export const startCorpusHarness = async (
  only?: readonly string[],
  definitions?: readonly ShopDefinition<never>[],
): Promise<CorpusHarness> => {
  // Scenarios run one at a time: the profile is the one of the scenario under way.
  let profile = buyerProfileFor({});
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');
  const issuer = new SandboxCardIssuer({ clock });
  const network = await startCardNetworkServer(issuer);
  const corpus = await startShopCorpus({
    ...(only ? { only } : {}),
    ...(definitions ? { definitions } : {}),
    cardNetwork: network.url,
  });
  const store = new MemoryEventStore();
  const browser = { executablePath: CHROMIUM_PATH, actionTimeoutMs: 10_000 };
  const problems: { runId?: string; line: string }[] = [];
  const noteProblem = (level: 'warn' | 'error', fields: object, message: string) => {
    const { runId } = fields as { runId?: string };
    problems.push({ ...(runId ? { runId } : {}), line: `${level}: ${message} ${JSON.stringify(fields)}` });
    if (process.env.DEBUG_RUNNER) console[level](message, fields);
  };
  const runner: RunnerProcess = startRunnerProcess({
    store,
    clock,
    runnerId: 'corpus-runner',
    allowedHosts: corpus.hosts,
    sweepEveryMs: 0,
    concurrency: 1,
    cardIssuer: issuer,
    payment: { tokenFor: async () => E.right({ token: `tok_${randomIds.uuid()}`, provider: 'paykit' }) },
    buyerProfiles: async ({ input }) => (input.buyerProfileId ? profile : null),
    browser,
    strategies: ({ ids, guard, chromium }) => [
      browserCheckoutStrategy({ settings: browser, chromium: chromium!, guard, ids }),
    ],
    logger: {
      info: () => {},
      warn: (fields: object, message: string) => noteProblem('warn', fields, message),
      error: (fields: object, message: string) => noteProblem('error', fields, message),
    },
  });

  const answer = async (scenario: CorpusScenario, run: CheckoutRun, questions: string[][]): Promise<void> => {
    const snapshot = toRunSnapshot(run);
    if (snapshot.status !== 'awaiting_input') return;
    const { requestId, request } = snapshot.requiredAction;
    const schema =
      request.interaction.kind === 'form'
        ? (request.interaction.schema as { properties?: Record<string, unknown> })
        : {};
    const fields = Object.keys(schema.properties ?? {});
    questions.push(fields);
    const choices = Object.fromEntries(
      fields.flatMap((field) => (scenario.choices?.[field] ? [[field, scenario.choices[field]]] : [])),
    );
    const value = { ...answerFor(fields), ...choices };
    const answered = Object.keys(value).length === fields.length && fields.length > 0;
    await apiCommand(store, clock, run.runId, {
      type: 'AnswerInput',
      data: {
        messageId: randomIds.uuid(),
        requestId,
        action: answered ? 'submit' : 'decline',
        ...(answered ? { value } : {}),
        now: clock.now(),
      },
    });
  };

  return {
    corpus,
    store,
    issuer,
    run: async (scenario) => {
      const shop = corpus.shop(scenario.shop);
      const mark = markOf(shop);
      profile = buyerProfileFor(scenario);
      const runId = await createRun(store, clock, {
        constraints: { maxCost: scenario.maxCost },
        request: { startUrl: corpus.startUrl(scenario), task: scenario.task },
        ...(scenario.buyer === 'profile' ? { buyerProfileId: PROFILE_ID } : {}),
      });
      const questions: string[][] = [];
      let run = await waitForRun(
        store,
        runId,
        (candidate) => isFinal(candidate) || candidate.status === 'awaiting_input',
        90_000,
      );
      while (!isFinal(run)) {
        await answer(scenario, run, questions);
        run = await waitForRun(
          store,
          runId,
          (candidate) =>
            isFinal(candidate) ||
            (candidate.status === 'awaiting_input' && candidate.pendingRequestId !== run.pendingRequestId),
          90_000,
        );
      }
      const snapshot = toRunSnapshot(run);
      const code =
        snapshot.status === 'blocked'
          ? snapshot.result.code
          : snapshot.status === 'failed'
            ? snapshot.reason
            : undefined;
      const { orders, attempts } = sinceMark(shop, mark);
      const steps = (await readEvents(store, runId))
        .filter((event) => event.type === 'CheckoutRunStepRecorded')
        .map((event) => (event.data as { action: string }).action);
      return {
        runId,
        run,
        snapshot,
        verdict: judgeRun(scenario, { status: snapshot.status, ...(code ? { code } : {}) }, orders, attempts),
        questions,
        steps,
        problems: problems
          .filter((problem) => problem.runId === undefined || problem.runId === runId)
          .map((p) => p.line),
      };
    },
    close: async () => {
      await runner.stop();
      await corpus.close();
      await network.close();
      await store.close();
    },
  };
};
