import { z } from 'zod';

/** Query strings carry numbers as text: accept "30" and 30, reject "3x" and 1.5. */
export const integerParameter = (minimum: number, maximum: number) =>
  z.coerce
    .number({ error: 'must be an integer' })
    .int({ error: 'must be an integer' })
    .min(minimum, { error: `must be at least ${minimum}` })
    .max(maximum, { error: `must be at most ${maximum}` });

export const Cursor = z.string().min(1, { error: 'must not be empty' }).describe('Opaque cursor from an earlier page');

/** `cursor` + `limit` query parameters; each list endpoint picks its own default and maximum. */
export const pageQuery = (options: { defaultLimit: number; maxLimit: number }) =>
  z.object({
    cursor: Cursor.optional(),
    limit: integerParameter(1, options.maxLimit).default(options.defaultLimit),
  });

/** Every list body names both cursors (ADR 0112): a cursor, or null when there is no page that way. */
export const NextCursor = z.string().nullable().describe('Cursor of the next page; null on the last page');
export const PreviousCursor = z.string().nullable().describe('Cursor of the previous page; null on the first page');

/** `{ data, nextCursor, previousCursor }`: the list shape of every list (the spec's orders and tokens lists). */
export const cursorPage = <Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item),
    nextCursor: NextCursor,
    previousCursor: PreviousCursor,
  });

/** `{ data }`: lists whose further fields the spec does not show (agent checkouts). */
export const dataList = <Item extends z.ZodType>(item: Item) => z.object({ data: z.array(item) });
