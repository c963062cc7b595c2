import {
  type CheckoutRun,
  type CheckoutRunCommand,
  type CheckoutRunEvent,
  type CheckoutRunInput,
  type CheckoutRunState,
  type RunPolicy,
  checkoutRunDecider,
  checkoutRunStreamName,
} from '@paykit/checkout-runs';
import { type EventStore, type RecordedEvent, handleCommand } from '@paykit/event-store';
import { type Clock, envelope, getOrThrow, randomIds } from '@paykit/kernel';

const API_CONTEXT = {
  projectId: 'project-1',
  actor: { type: 'user' as const, id: 'user:alice' },
  correlationId: 'test',
};

/** What the API does: a command through the decider, appended at the revision read. */
export const apiCommand = async (
  store: EventStore,
  clock: Clock,
  runId: string,
  command: CheckoutRunCommand,
): Promise<CheckoutRun> => {
  const result = await handleCommand(store, checkoutRunStreamName(runId), checkoutRunDecider, command, (event) =>
    envelope(event, API_CONTEXT, { eventId: randomIds.uuid(), occurredAt: clock.now() }),
  );
  const { state } = getOrThrow(result);
  if (!state.exists) throw new Error('no run');
  return state;
};

export const createRun = async (
  store: EventStore,
  clock: Clock,
  input: CheckoutRunInput,
  policy: Partial<RunPolicy> = {},
): Promise<string> => {
  const runId = randomIds.uuid();
  await apiCommand(store, clock, runId, {
    type: 'Create',
    data: { runId, projectId: 'project-1', owner: 'user:alice', input, policy, now: clock.now() },
  });
  return runId;
};

export const runInput = (startUrl: string, maxCost: string, task?: string, currency = 'USD'): CheckoutRunInput => ({
  constraints: { maxCost: { amount: maxCost, currency } },
  request: { startUrl, ...(task ? { task } : {}) },
});

export const readEvents = async (store: EventStore, runId: string): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for await (const event of store.readStream(checkoutRunStreamName(runId))) events.push(event);
  return events;
};

export const foldRun = (events: readonly RecordedEvent[]): CheckoutRun => {
  const state = events.reduce<CheckoutRunState>(
    (folded, event) => checkoutRunDecider.evolve(folded, { type: event.type, data: event.data } as CheckoutRunEvent),
    checkoutRunDecider.initialState(),
  );
  if (!state.exists) throw new Error('no run');
  return state;
};

export const loadRun = async (store: EventStore, runId: string): Promise<CheckoutRun> =>
  foldRun(await readEvents(store, runId));

/**
 * Resolves with the run once `predicate` holds, following the store's subscription (no
 * polling); fails after `timeoutMs` with the run's last status.
 */
export const waitForRun = async (
  store: EventStore,
  runId: string,
  predicate: (run: CheckoutRun) => boolean,
  timeoutMs = 15_000,
): Promise<CheckoutRun> => {
  const current = await loadRun(store, runId);
  if (predicate(current)) return current;
  const subscription = store.subscribeToAll({ filter: { streamNamePrefixes: [checkoutRunStreamName(runId)] } });
  let last = current;
  const timer = setTimeout(() => void subscription.close(), timeoutMs);
  try {
    const events: RecordedEvent[] = [];
    for await (const event of subscription) {
      events.push(event);
      last = foldRun(events);
      if (predicate(last)) return last;
    }
  } finally {
    clearTimeout(timer);
    await subscription.close();
  }
  throw new Error(
    `Run ${runId} did not reach the expected state in time; last status ${last.status} (revision ${last.revision})`,
  );
};

export const isFinal = (run: CheckoutRun) => ['succeeded', 'failed', 'blocked', 'cancelled'].includes(run.status);
