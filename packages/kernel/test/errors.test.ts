import * as E from 'fp-ts/lib/Either.js';
import { conflict, domainError, DomainException, getOrThrow, invalid, isDomainError, notFound } from '../src/index.js';

describe('domain errors as values', () => {
  it('each constructor names its HTTP family as the kind', () => {
    expect(invalid('bad_amount', 'amount is bad', { field: 'amount' })).toEqual({
      kind: 'invalid',
      code: 'bad_amount',
      message: 'amount is bad',
      parameters: { field: 'amount' },
    });
    expect(conflict('already_paid', 'order is paid')).toEqual({
      kind: 'conflict',
      code: 'already_paid',
      message: 'order is paid',
    });
    expect(notFound()).toEqual({ kind: 'not_found', code: 'not_found', message: 'Not found' });
    expect(notFound('Order not found').message).toBe('Order not found');
  });

  it('an error without parameters has no parameters key (the error body omits it)', () => {
    expect(Object.keys(domainError('invalid', 'x', 'y'))).toEqual(['kind', 'code', 'message']);
  });

  it('recognises a domain error by its three string fields, and nothing else', () => {
    expect(isDomainError(conflict('c', 'm'))).toBe(true);
    for (const other of [
      null,
      undefined,
      'not_found',
      new Error('boom'),
      { kind: 'invalid', code: 'x' },
      { kind: 'invalid', message: 'm' },
      { code: 'x', message: 'm' },
      { kind: 1, code: 'x', message: 'm' },
      { kind: 'invalid', code: 1, message: 'm' },
      { kind: 'invalid', code: 'x', message: 1 },
    ]) {
      expect(isDomainError(other)).toBe(false);
    }
  });

  it('getOrThrow returns the right side and throws the left as a DomainException', () => {
    expect(getOrThrow(E.right(7))).toBe(7);
    const error = conflict('already_paid', 'order is paid');
    let thrown: unknown;
    try {
      getOrThrow(E.left(error));
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(DomainException);
    expect(thrown).toMatchObject({ name: 'DomainException', message: 'order is paid', error });
  });
});
