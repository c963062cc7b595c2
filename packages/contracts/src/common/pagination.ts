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

/** `{ data, nextCursor?, previousCursor? }`: the list shape of orders and tokens. */
export const cursorPage = <Item extends z.ZodType>(item: Item) =>
  z.object({
    data: z.array(item),
    nextCursor: z.string().optional(),
    previousCursor: z.string().optional(),
  });

/** `{ data }`: lists whose further fields the spec does not show (agent checkouts). */
export const dataList = <Item extends z.ZodType>(item: Item) => z.object({ data: z.array(item) });
