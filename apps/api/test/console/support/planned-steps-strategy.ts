import { type CheckoutStrategy, agenticCheckoutStrategy, parseAcpCredentials } from '@paykit/checkout-agent';
import { randomIds, systemClock } from '@paykit/kernel';
import type { BlobStore } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { Page } from 'playwright-core';
import { AGENT_CHECKOUT_BLOBS } from '../../../src/agent-checkouts/shared/tokens.js';
import { type Harness, type HarnessOptions, startHarness } from '../../agent-checkouts/support/harness.js';
import { RunnerOverridesModule } from '../../agent-checkouts/support/runner-overrides.module.js';

/** A step the strategy records: its action and, when given, the blob its screenshot reference names. */
export interface PlannedStep {
  readonly action: string;
  readonly screenshot?: { readonly key: string; readonly bytes: Uint8Array; readonly contentType?: string };
}

export interface PlannedStepsOptions {
  /** Only runs whose start URL ends with this path; the others go to the next strategy. */
  readonly path: string;
  /** The app's agent-checkout blob store (known once the server is up, before any run). */
  readonly blobs: () => BlobStore;
  /** A run's steps, asked when it starts, with the page it opened when `openPage` is given. */
  readonly steps: (runId: string, page: Page | null) => Promise<readonly PlannedStep[]>;
  /** Opens a page on the start URL and attaches it as the run's browser (its live view). */
  readonly openPage?: () => Promise<Page>;
  /** Called once the steps are recorded. */
  readonly stepped?: () => void;
  /** The run ends (blocked) once this resolves; at once by default. */
  readonly hold?: Promise<void>;
}

/**
 * Stands in for the browser strategy where the console's tests need a run with recorded steps
 * and stored screenshots (the runner's own StepScreenshots keys and sealed blobs), on one path
 * of the demo shop.
 */
export const plannedStepsStrategy = (options: PlannedStepsOptions): CheckoutStrategy => ({
  name: 'planned-steps',
  recognise: async (context) =>
    new URL(context.input.request.startUrl).pathname.endsWith(options.path)
      ? {
          run: async () => {
            const page = options.openPage ? await options.openPage() : null;
            try {
              if (page) {
                await page.goto(context.input.request.startUrl);
                await context.attachBrowser(page);
              }
              for (const step of await options.steps(context.runId, page)) {
                const shot = step.screenshot;
                if (shot) {
                  const stored = await options.blobs().put(shot.key, shot.bytes, shot.contentType ?? 'image/jpeg');
                  if (E.isLeft(stored)) throw new Error(stored.left.message);
                }
                await context.step(step.action, context.input.request.startUrl, shot?.key);
              }
              options.stepped?.();
              await options.hold;
            } finally {
              await page?.close();
            }
            return { kind: 'blocked', code: 'merchant.no_safe_path', summary: 'Stopped by the test.' };
          },
        }
      : null,
});

/**
 * The runner's default first strategy, the demo shop's agentic-checkout API, with the harness's
 * credentials (known once the harness is up: the runner builds its strategies before that).
 */
export const harnessAgenticCheckout = (harness: () => Harness): CheckoutStrategy => {
  let strategy: CheckoutStrategy | null = null;
  return {
    name: 'agentic-checkout',
    recognise: (context) => {
      strategy ??= agenticCheckoutStrategy({
        ids: randomIds,
        clock: systemClock,
        credentials: parseAcpCredentials(String(harness().env['AGENT_CHECKOUT_ACP_CREDENTIALS'] ?? '')),
      });
      return strategy.recognise(context);
    },
  };
};

/** The key the runner's StepScreenshots would give a run's screenshot. */
export const screenshotKey = (runId: string, name: string): string =>
  `agent-checkouts/runs/${runId}/screenshots/${name}.jpg`;

/**
 * The harness with the planned-steps strategy on `planned.path` before the runner's agentic
 * checkout (so the demo shop's other products still check out through its API).
 */
export const startPlannedStepsHarness = async (
  planned: Omit<PlannedStepsOptions, 'blobs'>,
  options: HarnessOptions = {},
): Promise<Harness> => {
  let harness: Harness | null = null;
  let blobs: BlobStore | null = null;
  harness = await startHarness({
    ...options,
    imports: [
      ...(options.imports ?? []),
      RunnerOverridesModule.with({
        strategies: () => [
          plannedStepsStrategy({ ...planned, blobs: () => blobs! }),
          harnessAgenticCheckout(() => harness!),
        ],
      }),
    ],
  });
  blobs = harness.server.app.get<BlobStore>(AGENT_CHECKOUT_BLOBS);
  return harness;
};

/** A promise and its resolve, for a test to hold a run and to hear it got somewhere. */
export const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
};
