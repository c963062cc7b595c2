import { z } from 'zod';
import { NextCursor, PreviousCursor } from '../common/pagination.js';
import { cursor, queryInteger } from './fields.js';
import { agentCheckoutSnapshotSchema } from './run-snapshot.js';

/**
 * GET /unstable/agent-checkouts query. Parameters the spec does not name are ignored, as
 * browsers and caches add their own.
 */
export const agentCheckoutListQuerySchema = z.object({
  cursor: cursor().optional(),
  limit: queryInteger(1, 100).optional(),
});

export const agentCheckoutListResponseSchema = z.strictObject({
  data: z.array(agentCheckoutSnapshotSchema),
  nextCursor: NextCursor,
  previousCursor: PreviousCursor,
});

export type AgentCheckoutListQuery = z.output<typeof agentCheckoutListQuerySchema>;
export type AgentCheckoutListResponse = z.output<typeof agentCheckoutListResponseSchema>;
