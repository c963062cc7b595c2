import { RUN_STATUSES, checkoutRunStreamName, isActiveStatus, toRunSnapshot } from '../src/index.js';
import { RUN_ID, fold, given } from './fixtures.js';

describe('the statuses in which a runner holds the run', () => {
  it('are running and awaiting_input only (what the sweeper checks leases in)', () => {
    expect(RUN_STATUSES.filter(isActiveStatus)).toEqual(['running', 'awaiting_input']);
  });
});

describe('the stream of a run', () => {
  it('is named checkoutRun-<runId>, where the stored runs are read from', () => {
    expect(checkoutRunStreamName(RUN_ID)).toBe('checkoutRun-f3b0c442-98fc-4c14-9afb-4c8996fb9242');
  });
});

describe('a run state that breaks an invariant of evolve', () => {
  it.each([
    [
      'a failed run without reason',
      () => ({ ...fold(given.running()), status: 'failed' as const }),
      'a failed run has a reason',
    ],
    [
      'a run awaiting input without a pending question',
      () => ({ ...fold(given.running()), status: 'awaiting_input' as const }),
      'a run awaiting input has a pending request',
    ],
    [
      'a blocked run holding a success',
      () => ({ ...fold(given.succeeded()), status: 'blocked' as const }),
      'a blocked run has a blocked result',
    ],
  ])('is never shown as a snapshot: %s', (_label, broken, rule) => {
    expect(() => toRunSnapshot(broken())).toThrow(new Error(`Checkout run invariant broken: ${rule}`));
  });
});
