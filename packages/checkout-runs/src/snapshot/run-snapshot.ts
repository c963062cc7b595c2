import type { CheckoutRunInput } from '../run/input.js';
import type { InputRequest } from '../run/interaction.js';
import type { BlockedResult, CancelledResult, FailureReason, SucceededResult } from '../run/outcomes.js';
import { type CheckoutRun, pendingRequest } from '../state.js';

/** The live view: read-only, the only permission the spec allows. */
export interface BrowserView {
  readonly embedUrl: string;
  readonly permissions: readonly ['read'];
}

export interface RequiredAction {
  readonly type: 'input_response';
  readonly messageId: string;
  readonly requestId: string;
  readonly request: InputRequest;
}

interface SnapshotBase {
  readonly runId: string;
  readonly createdAt: string;
  readonly revision: number;
  readonly browser: BrowserView | null;
  readonly requiredAction: null;
  readonly input: CheckoutRunInput;
}

/** The spec's "Agent checkout run (snapshot)", one variant per status. */
export type RunSnapshot =
  | (SnapshotBase & { readonly status: 'queued'; readonly browser: null })
  | (SnapshotBase & { readonly status: 'running' })
  | (Omit<SnapshotBase, 'requiredAction'> & {
      readonly status: 'awaiting_input';
      readonly requiredAction: RequiredAction;
    })
  | (SnapshotBase & { readonly status: 'succeeded'; readonly result: SucceededResult })
  | (SnapshotBase & { readonly status: 'failed'; readonly reason: FailureReason })
  | (SnapshotBase & { readonly status: 'blocked'; readonly result: BlockedResult })
  | (SnapshotBase & { readonly status: 'cancelled'; readonly result: CancelledResult });

export interface SnapshotOptions {
  /** Turns the stored live-view address into the one handed out (e.g. a short-lived signed URL). */
  readonly presentEmbedUrl?: (embedUrl: string) => string;
}

export const toRunSnapshot = (run: CheckoutRun, options: SnapshotOptions = {}): RunSnapshot => {
  const browser: BrowserView | null = run.browser
    ? { embedUrl: options.presentEmbedUrl?.(run.browser.embedUrl) ?? run.browser.embedUrl, permissions: ['read'] }
    : null;
  const base = { runId: run.runId, createdAt: run.createdAt, revision: run.revision };
  const rest = { browser, requiredAction: null, input: run.input };
  switch (run.status) {
    case 'queued':
      return { ...base, status: 'queued', ...rest, browser: null };
    case 'running':
      return { ...base, status: 'running', ...rest };
    case 'awaiting_input':
      return { ...base, status: 'awaiting_input', ...rest, requiredAction: requiredAction(run) };
    case 'succeeded':
      return { ...base, status: 'succeeded', ...rest, result: resultOf(run, 'succeeded') };
    case 'blocked':
      return { ...base, status: 'blocked', ...rest, result: resultOf(run, 'blocked') };
    case 'cancelled':
      return { ...base, status: 'cancelled', ...rest, result: resultOf(run, 'cancelled') };
    case 'failed':
      return { ...base, status: 'failed', ...rest, reason: run.reason ?? invariant('a failed run has a reason') };
  }
};

const requiredAction = (run: CheckoutRun): RequiredAction => {
  const record = pendingRequest(run) ?? invariant('a run awaiting input has a pending request');
  return { type: 'input_response', messageId: record.messageId, requestId: record.requestId, request: record.request };
};

const resultOf = <Outcome extends 'succeeded' | 'blocked' | 'cancelled'>(run: CheckoutRun, outcome: Outcome) => {
  const result = run.result;
  if (result?.outcome !== outcome) return invariant(`a ${outcome} run has a ${outcome} result`);
  return result as Extract<NonNullable<CheckoutRun['result']>, { outcome: Outcome }>;
};

/** The evolve function upholds these; reaching one means events were folded out of order. */
const invariant = (rule: string): never => {
  throw new Error(`Checkout run invariant broken: ${rule}`);
};
