/** The spec's enumerations for agent-checkout runs, as the wire shows them. */
export const AGENT_CHECKOUT_STATUSES = [
  'queued',
  'running',
  'awaiting_input',
  'succeeded',
  'failed',
  'blocked',
  'cancelled',
] as const;

export const AGENT_CHECKOUT_FAILURE_REASONS = [
  'accounting_unavailable',
  'browser_location_unsupported',
  'browser_session_lost',
  'cancelled',
  'cost_limit',
  'input_expired',
  'model_error',
  'reconciliation_required',
  'runtime_error',
] as const;

export const AGENT_CHECKOUT_BLOCKED_CODES = [
  'merchant.access_blocked',
  'merchant.checkout_error',
  'merchant.fulfillment_unavailable',
  'merchant.human_verification_required',
  'merchant.no_safe_path',
  'merchant.payment_declined',
  'policy.max_cost_exceeded',
  'product.item_unavailable',
  'product.requested_option_unavailable',
] as const;

/** Event names of the run's server-sent stream. */
export const AGENT_CHECKOUT_STREAM_EVENTS = ['run.updated', 'message.upsert'] as const;
