export const RUN_STATUSES = [
  'queued',
  'running',
  'awaiting_input',
  'succeeded',
  'failed',
  'blocked',
  'cancelled',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const FINAL_STATUSES = ['succeeded', 'failed', 'blocked', 'cancelled'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

/** Statuses in which a runner holds the run under a lease. */
export type ActiveStatus = 'running' | 'awaiting_input';

export const isFinalStatus = (status: RunStatus): status is FinalStatus =>
  (FINAL_STATUSES as readonly RunStatus[]).includes(status);

export const isActiveStatus = (status: RunStatus): status is ActiveStatus =>
  status === 'running' || status === 'awaiting_input';
