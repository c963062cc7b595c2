import { BLOCKED_CODES, FAILURE_REASONS, RUN_STATUSES } from '@paykit/checkout-runs';

/** The spec's enumerations for agent-checkout runs, as the wire shows them: the domain's own lists. */
export const AGENT_CHECKOUT_STATUSES = RUN_STATUSES;
export const AGENT_CHECKOUT_FAILURE_REASONS = FAILURE_REASONS;
export const AGENT_CHECKOUT_BLOCKED_CODES = BLOCKED_CODES;

/** Event names of the run's server-sent stream. */
export const AGENT_CHECKOUT_STREAM_EVENTS = ['run.updated', 'message.upsert'] as const;
