import { z } from 'zod';
import { describeIssue, formatIssuePath } from '../src/index.js';

const messages = (schema: z.ZodType, input: unknown) =>
  schema
    .safeParse(input, { error: describeIssue })
    .error?.issues.map((issue) => `${formatIssuePath(issue.path)}: ${issue.message}`);

describe('describeIssue', () => {
  it('words each broken rule for people', () => {
    const schema = z.object({
      id: z.uuid(),
      name: z.string().min(2).max(3),
      count: z.number().int().positive(),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).max(1),
      at: z.iso.datetime(),
      code: z.string().regex(/^[A-Z]{3}$/),
    });
    expect(
      messages(schema, { id: 'x', name: 'abcd', count: 0, kind: 'c', tags: ['a', 'b'], at: 'now', code: 'usd' }),
    ).toEqual([
      'id: must be a UUID',
      'name: must be at most 3 characters long',
      'count: must be greater than 0',
      'kind: must be one of "a", "b"',
      'tags: must have at most 1 items',
      'at: must be an ISO 8601 date-time such as 2025-01-31T12:00:00Z',
      'code: must match the pattern /^[A-Z]{3}$/',
    ]);
    expect(messages(schema, { name: 5 })).toEqual(
      expect.arrayContaining(['id: is required', 'name: must be a string']),
    );
  });

  it('leaves a message the contract set itself alone', () => {
    expect(
      messages(z.object({ amount: z.string().min(1, { error: 'must be a positive decimal string' }) }), { amount: '' }),
    ).toEqual(['amount: must be a positive decimal string']);
  });

  it('names the accepted values of a discriminated union and unknown fields', () => {
    const union = z.discriminatedUnion('chainType', [
      z.object({ chainType: z.literal('evm') }),
      z.object({ chainType: z.literal('sui') }),
    ]);
    expect(messages(union, { chainType: 'btc' })).toEqual(['chainType: must be one of "evm", "sui"']);
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toEqual([': has unknown field "b"']);
  });
});

describe('formatIssuePath', () => {
  it('prints paths the way clients write them', () => {
    expect(formatIssuePath(['lineItems', 0, 'executionParameters', 'amount'])).toBe(
      'lineItems[0].executionParameters.amount',
    );
    expect(formatIssuePath(['headers', 'x-api-key'])).toBe('headers.x-api-key');
    expect(formatIssuePath(['weird key', 1])).toBe('["weird key"][1]');
    expect(formatIssuePath([])).toBe('');
  });
});
