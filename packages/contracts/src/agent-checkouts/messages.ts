import { z } from 'zod';
import { NextCursor, PreviousCursor } from '../common/pagination.js';
import { characters, cursor, jsonValue, queryInteger, utcTimestamp } from './fields.js';
import { agentCheckoutInputRequestSchema } from './run-snapshot.js';

const TEXT_LIMIT = 20000;
const messageId = () => characters(1, 255);
const requestId = () => z.string().min(1);

const textPart = z.strictObject({ type: z.literal('text'), text: characters(1, TEXT_LIMIT) });

/** submit carries the value (for a protected question, the secret: the API keeps it out of events). */
const inputResponsePart = (submitValue: z.ZodType) =>
  z.discriminatedUnion('action', [
    z.strictObject({
      type: z.literal('input_response'),
      requestId: requestId(),
      action: z.literal('submit'),
      value: submitValue,
    }),
    z.strictObject({
      type: z.literal('input_response'),
      requestId: requestId(),
      action: z.literal('alternative'),
      text: characters(1, TEXT_LIMIT),
    }),
    z.strictObject({
      type: z.literal('input_response'),
      requestId: requestId(),
      action: z.literal('decline'),
      text: characters(1, TEXT_LIMIT).optional(),
    }),
  ]);

/** POST /unstable/agent-checkouts/{runId}/messages: a client-generated id (idempotent) and one part. */
export const agentCheckoutMessageBodySchema = z.strictObject({
  id: messageId(),
  parts: z
    .array(z.discriminatedUnion('type', [textPart, inputResponsePart(jsonValue())]))
    .length(1, 'must hold exactly one part'),
});

const inputRequestPart = z.strictObject({
  type: z.literal('input_request'),
  requestId: requestId(),
  request: agentCheckoutInputRequestSchema,
});

/** A message as listed and streamed; a protected answer shows no value. */
export const agentCheckoutMessageSchema = z.strictObject({
  id: messageId(),
  role: z.enum(['user', 'agent']),
  parts: z.array(z.union([textPart, inputRequestPart, inputResponsePart(jsonValue().optional())])).min(1),
  createdAt: utcTimestamp(),
});

export const agentCheckoutMessageListQuerySchema = z.object({
  cursor: cursor().optional(),
  limit: queryInteger(1, 100).optional(),
});

export const agentCheckoutMessageListResponseSchema = z.strictObject({
  data: z.array(agentCheckoutMessageSchema),
  nextCursor: NextCursor,
  previousCursor: PreviousCursor,
});

/** GET .../messages/stream: `after` is a resume cursor, like the `Last-Event-ID` header. */
export const agentCheckoutStreamQuerySchema = z.object({ after: cursor().optional() });

export type AgentCheckoutMessageBody = z.output<typeof agentCheckoutMessageBodySchema>;
export type AgentCheckoutMessage = z.output<typeof agentCheckoutMessageSchema>;
