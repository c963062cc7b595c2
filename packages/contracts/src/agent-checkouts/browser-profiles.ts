import { z } from 'zod';
import { NextCursor, PreviousCursor } from '../common/pagination.js';
import { characters, cursor, queryInteger, utcTimestamp, uuid } from './fields.js';

/** Browser profiles: a saved, encrypted browser state; the wire shows only its id and label. */
const label = () => characters(1, 100);

export const browserProfileCreateBodySchema = z.strictObject({ label: label().optional() });

export const browserProfileUpdateBodySchema = z.strictObject({ label: label() });

export const browserProfileSchema = z.strictObject({
  id: uuid(),
  label: label().optional(),
  createdAt: utcTimestamp(),
  updatedAt: utcTimestamp(),
});

export const browserProfileListQuerySchema = z.object({
  cursor: cursor().optional(),
  limit: queryInteger(1, 100).default(20),
});

export const browserProfileListResponseSchema = z.strictObject({
  data: z.array(browserProfileSchema),
  nextCursor: NextCursor,
  previousCursor: PreviousCursor,
});

/** DELETE /unstable/agent-checkouts/browser-profiles/{id}: {id} is a UUID. */
export const browserProfileParamsSchema = z.strictObject({ id: uuid() });

export type BrowserProfile = z.output<typeof browserProfileSchema>;
