import { z } from 'zod';
import { absoluteUri, characters, currencyCode, money, positiveDecimalAmount, utcTimestamp } from './fields.js';
import { agentCheckoutInputSchema } from './run-input.js';
import { AGENT_CHECKOUT_BLOCKED_CODES, AGENT_CHECKOUT_FAILURE_REASONS } from './vocabulary.js';

/** The live view: read-only, exactly one permission. */
export const agentCheckoutBrowserViewSchema = z.strictObject({
  embedUrl: absoluteUri(),
  permissions: z.tuple([z.literal('read')]),
});

export const agentCheckoutInteractionSchema = z.discriminatedUnion('kind', [
  /** A form described by a JSON Schema object. */
  z.strictObject({ kind: z.literal('form'), schema: z.record(z.string(), z.unknown()) }),
  /** Approve a payment of exactly, or at most, this amount. */
  z.strictObject({
    kind: z.literal('payment'),
    amount: z.strictObject({
      type: z.enum(['exact', 'maximum']),
      amount: positiveDecimalAmount(),
      currency: currencyCode(),
    }),
  }),
  /** A secret (a password) that the user types and nobody else sees. */
  z.strictObject({ kind: z.literal('protected'), format: z.literal('password') }),
]);

export const agentCheckoutInputRequestSchema = z.strictObject({
  expiresAt: utcTimestamp(),
  question: characters(1, 2000),
  interaction: agentCheckoutInteractionSchema,
});

export const agentCheckoutRequiredActionSchema = z.strictObject({
  type: z.literal('input_response'),
  messageId: z.string().min(1),
  requestId: z.string().min(1),
  request: agentCheckoutInputRequestSchema,
});

const summary = () => characters(1, 2000);

/**
 * `authorized` (docs/adr/0226): what the card issuer approved on the run's virtual card, beside
 * what the shop's receipt says; absent when no virtual card paid (an agentic-checkout API token).
 */
const authorized = () =>
  money().describe('What the card issuer approved on the run’s virtual card (absent when none paid)').optional();

export const agentCheckoutPurchaseSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('receipt_captured'),
    receipt: z.strictObject({ total: money(), merchantOrderId: z.string().min(1).optional() }),
    authorized: authorized(),
  }),
  z.strictObject({ kind: z.literal('confirmed_without_receipt'), authorized: authorized() }),
]);

export const agentCheckoutSucceededResultSchema = z.strictObject({
  outcome: z.literal('succeeded'),
  summary: summary(),
  purchase: agentCheckoutPurchaseSchema,
});
export const agentCheckoutBlockedResultSchema = z.strictObject({
  code: z.enum(AGENT_CHECKOUT_BLOCKED_CODES),
  outcome: z.literal('blocked'),
  summary: summary(),
});
export const agentCheckoutCancelledResultSchema = z.strictObject({
  outcome: z.literal('cancelled'),
  summary: summary(),
});

const base = {
  runId: z.string().min(1),
  createdAt: utcTimestamp(),
  revision: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  browser: agentCheckoutBrowserViewSchema.nullable(),
  requiredAction: z.null(),
  input: agentCheckoutInputSchema,
};

/** The spec's "Agent checkout run (snapshot)": one strict variant per status. */
export const agentCheckoutSnapshotSchema = z.discriminatedUnion('status', [
  z.strictObject({ ...base, status: z.literal('queued'), browser: z.null() }),
  z.strictObject({ ...base, status: z.literal('running') }),
  z.strictObject({ ...base, status: z.literal('awaiting_input'), requiredAction: agentCheckoutRequiredActionSchema }),
  z.strictObject({ ...base, status: z.literal('succeeded'), result: agentCheckoutSucceededResultSchema }),
  z.strictObject({ ...base, status: z.literal('failed'), reason: z.enum(AGENT_CHECKOUT_FAILURE_REASONS) }),
  z.strictObject({ ...base, status: z.literal('blocked'), result: agentCheckoutBlockedResultSchema }),
  z.strictObject({ ...base, status: z.literal('cancelled'), result: agentCheckoutCancelledResultSchema }),
]);

/** Path parameters of /unstable/agent-checkouts/{runId}/... */
export const agentCheckoutParamsSchema = z.strictObject({ runId: z.string().min(1) });

export type AgentCheckoutSnapshot = z.output<typeof agentCheckoutSnapshotSchema>;
export type AgentCheckoutRequiredAction = z.output<typeof agentCheckoutRequiredActionSchema>;
