import { ErrorBody, IdempotencyKey, cursorPage, errorBody, pageQuery } from '../src/index.js';
import { z } from 'zod';

describe('ErrorBody', () => {
  it('builds the common error body, leaving out what is not given', () => {
    expect(errorBody('Not found')).toEqual({ error: true, message: 'Not found' });
    expect(errorBody('Bad', 'invalid_request', { issues: [] })).toEqual({
      error: true,
      message: 'Bad',
      code: 'invalid_request',
      parameters: { issues: [] },
    });
  });

  it('accepts only bodies that clients can detect by `error: true`', () => {
    expect(ErrorBody.safeParse({ error: true, message: 'x' }).success).toBe(true);
    expect(ErrorBody.safeParse({ error: false, message: 'x' }).success).toBe(false);
    expect(ErrorBody.safeParse({ error: true }).success).toBe(false);
  });
});

describe('pageQuery', () => {
  const query = pageQuery({ defaultLimit: 30, maxLimit: 100 });

  it('coerces the limit from the query string and applies the default', () => {
    expect(query.parse({})).toEqual({ limit: 30 });
    expect(query.parse({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
  });

  it('refuses limits outside 1..max and fractional ones, with worded messages', () => {
    const messages = (input: unknown) => query.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ limit: '0' })).toEqual(['must be at least 1']);
    expect(messages({ limit: '101' })).toEqual(['must be at most 100']);
    expect(messages({ limit: '1.5' })).toEqual(['must be an integer']);
    expect(messages({ limit: 'ten' })).toEqual(['must be an integer']);
    expect(messages({ cursor: '' })).toEqual(['must not be empty']);
  });
});

describe('cursorPage', () => {
  it('wraps items in { data, nextCursor, previousCursor }, both always present, null at the ends', () => {
    const page = cursorPage(z.object({ id: z.string() }));
    const body = { data: [{ id: 'a' }], nextCursor: 'n', previousCursor: null };
    expect(page.parse(body)).toEqual(body);
    expect(page.safeParse({ data: [{ id: 'a' }], nextCursor: 'n' }).success).toBe(false);
    expect(page.safeParse({ data: [{}], nextCursor: null, previousCursor: null }).success).toBe(false);
  });
});

describe('IdempotencyKey', () => {
  it('takes 1 to 255 printable ASCII characters', () => {
    expect(IdempotencyKey.safeParse('order-2025-01-31#1').success).toBe(true);
    expect(IdempotencyKey.safeParse('k'.repeat(255)).success).toBe(true);
    for (const bad of ['', 'k'.repeat(256), 'tab\there', 'clé'])
      expect(IdempotencyKey.safeParse(bad).success).toBe(false);
  });
});
