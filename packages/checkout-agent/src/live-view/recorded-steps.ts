import { type CheckoutRunEvent, checkoutRunStreamName } from '@paykit/checkout-runs';
import type { EventStore } from '@paykit/event-store';

export interface RecordedStep {
  readonly stepNumber: number;
  readonly action: string;
  readonly url: string;
  readonly screenshotRef: string | null;
  readonly recordedAt: string;
}

/** What the viewer shows once the browser is gone: the run's steps and, once it ended, how. */
export interface RunRecord {
  readonly steps: readonly RecordedStep[];
  /** The final status, or null while the run has not ended. */
  readonly status: 'succeeded' | 'blocked' | 'cancelled' | 'failed' | null;
  /** The failure reason or blocked code, when there is one. */
  readonly detail: string | null;
}

const ENDINGS = {
  CheckoutRunSucceeded: 'succeeded',
  CheckoutRunBlocked: 'blocked',
  CheckoutRunCancelled: 'cancelled',
  CheckoutRunFailed: 'failed',
} as const;

/** Reads the run's recorded steps from its stream (steps may come from several runners after takeovers). */
export const readRunRecord = async (store: EventStore, runId: string): Promise<RunRecord> => {
  const steps: RecordedStep[] = [];
  let status: RunRecord['status'] = null;
  let detail: string | null = null;
  for await (const recorded of store.readStream(checkoutRunStreamName(runId))) {
    const event = { type: recorded.type, data: recorded.data } as CheckoutRunEvent;
    if (event.type === 'CheckoutRunStepRecorded') {
      const { stepNumber, action, url, screenshotRef, recordedAt } = event.data;
      steps.push({ stepNumber, action, url, screenshotRef, recordedAt });
    } else if (event.type in ENDINGS) {
      status = ENDINGS[event.type as keyof typeof ENDINGS];
      if (event.type === 'CheckoutRunFailed') detail = event.data.reason;
      if (event.type === 'CheckoutRunBlocked') detail = event.data.result.code;
    }
  }
  return { steps, status, detail };
};
