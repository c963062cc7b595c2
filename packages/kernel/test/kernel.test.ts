import * as E from 'fp-ts/lib/Either.js';
import {
  Decimal,
  formatDecimal,
  fromBaseUnits,
  isPositiveDecimalWithin,
  parseDecimal,
  seededIds,
  isUuid,
  toBaseUnits,
  ManualClock,
  envelope,
  type Decider,
  invalid,
  type DomainError,
  fieldError,
} from '../src/index.js';
import { DeciderSpecification } from '../src/testing/index.js';

describe('decimal', () => {
  it('adds without float error', () => {
    expect(formatDecimal(new Decimal('0.1').add('0.2'))).toBe('0.3');
  });
  it('keeps 18-decimal token amounts exact in base units', () => {
    const amount = parseDecimal('123456789.123456789123456789')!;
    expect(toBaseUnits(amount, 18)).toBe(123456789123456789123456789n);
    expect(formatDecimal(fromBaseUnits(123456789123456789123456789n, 18))).toBe('123456789.123456789123456789');
  });
  it('parses only plain decimal strings', () => {
    for (const bad of ['', '1e5', '-1', ' 1', '01', '1.', '.5', 'NaN']) expect(parseDecimal(bad)).toBeNull();
    expect(parseDecimal('0.50')?.toFixed()).toBe('0.5');
  });
  it('checks the max-cost shape: 15 integer digits, 6 fraction digits, above zero', () => {
    const shape = { maxIntegerDigits: 15, maxFractionDigits: 6 };
    expect(isPositiveDecimalWithin('999999999999999.999999', shape)).toBe(true);
    expect(isPositiveDecimalWithin('0.000001', shape)).toBe(true);
    expect(isPositiveDecimalWithin('0.000000', shape)).toBe(false);
    expect(isPositiveDecimalWithin('0', shape)).toBe(false);
    expect(isPositiveDecimalWithin('1000000000000000', shape)).toBe(false);
    expect(isPositiveDecimalWithin('1.0000001', shape)).toBe(false);
    expect(isPositiveDecimalWithin('00.5', shape)).toBe(false);
  });
});

describe('ids and clock', () => {
  it('seeded ids repeat for the same seed and are UUIDs', () => {
    const a = seededIds('s');
    const b = seededIds('s');
    const first = a.uuid();
    expect(first).toBe(b.uuid());
    expect(isUuid(first)).toBe(true);
    expect(a.uuid()).not.toBe(first);
  });
  it('a manual clock moves only when told', () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    clock.advance(1500);
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:01.500Z');
  });
  it('an envelope carries every metadata field', () => {
    const e = envelope(
      { type: 'Opened', data: { n: 1 } },
      { projectId: 'p', actor: { type: 'system', id: 'x' }, correlationId: 'c' },
      { eventId: 'e', occurredAt: new Date('2026-01-01T00:00:00Z') },
    );
    expect(e.metadata).toEqual({
      eventId: 'e',
      occurredAt: '2026-01-01T00:00:00.000Z',
      projectId: 'p',
      actor: { type: 'system', id: 'x' },
      correlationId: 'c',
      causationId: null,
      schemaVersion: 1,
    });
  });
});

// A tiny counter decider that exercises the specification helper.
type Cmd = { type: 'Add'; by: number };
type Ev = { type: 'Added'; data: { by: number } };
const counter: Decider<Cmd, Ev, number, DomainError> = {
  initialState: () => 0,
  evolve: (s, e) => s + e.data.by,
  decide: (c, s) =>
    c.by <= 0
      ? E.left(invalid('not_positive', 'by must be positive'))
      : s + c.by > 10
        ? E.left(invalid('over_limit', 'limit is 10', { limit: '10' }))
        : c.by === s
          ? E.right([])
          : E.right([{ type: 'Added', data: { by: c.by } }]),
};

describe('DeciderSpecification', () => {
  const spec = DeciderSpecification.for(counter);
  it('then: events produced from the folded state', () => {
    spec
      .given([{ type: 'Added', data: { by: 2 } }])
      .when({ type: 'Add', by: 3 })
      .then([{ type: 'Added', data: { by: 3 } }]);
  });
  it('thenFails: matches a partial error', () => {
    spec
      .given([{ type: 'Added', data: { by: 8 } }])
      .when({ type: 'Add', by: 3 })
      .thenFails({ code: 'over_limit' });
  });
  it('thenNothingHappened', () => {
    spec
      .given([{ type: 'Added', data: { by: 2 } }])
      .when({ type: 'Add', by: 2 })
      .thenNothingHappened();
  });
  it('fails loudly when the expectation is wrong', () => {
    expect(() => spec.given().when({ type: 'Add', by: 1 }).then([])).toThrow();
    expect(() => spec.given().when({ type: 'Add', by: 0 }).then([])).toThrow(/expected events, got error/);
    expect(() => spec.given().when({ type: 'Add', by: 1 }).thenFails({ code: 'x' })).toThrow(/expected an error/);
  });
});

describe('fieldError', () => {
  it('names the field in the message and in the issues a schema error carries', () => {
    expect(fieldError('lineItems[0].amount', 'must be positive', 'invalid_amount')).toEqual({
      kind: 'invalid',
      code: 'invalid_amount',
      message: 'lineItems[0].amount: must be positive',
      parameters: { issues: [{ path: 'lineItems[0].amount', message: 'must be positive' }] },
    });
  });

  it('without a code of its own is invalid_request, the code of the API’s schema errors', () => {
    expect(fieldError('dateOfBirth', 'must not be in the future')).toEqual({
      kind: 'invalid',
      code: 'invalid_request',
      message: 'dateOfBirth: must not be in the future',
      parameters: { issues: [{ path: 'dateOfBirth', message: 'must not be in the future' }] },
    });
  });
});
