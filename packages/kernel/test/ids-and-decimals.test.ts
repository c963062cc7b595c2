import {
  ManualClock,
  isPositiveDecimalWithin,
  isUuid,
  parseDecimal,
  randomToken,
  seededIds,
  sha256Hex,
} from '../src/index.js';

describe('decimal strings at the boundary', () => {
  it('parses integers as well as fractions', () => {
    expect(parseDecimal('12')?.toFixed()).toBe('12');
    expect(parseDecimal('0')?.toFixed()).toBe('0');
  });

  const shape = { maxIntegerDigits: 3, maxFractionDigits: 2 };
  it('accepts whole amounts and integers that end in zero', () => {
    expect(isPositiveDecimalWithin('5', shape)).toBe(true);
    expect(isPositiveDecimalWithin('10', shape)).toBe(true);
    expect(isPositiveDecimalWithin('100.25', shape)).toBe(true);
  });
  it.each(['', 'a1', '1a', '1.5.5', '-1', '+1', '1e2', ' 1', '1.', '.5', '010'])(
    'answers false (never throws) for %j',
    (value) => {
      expect(isPositiveDecimalWithin(value, shape)).toBe(false);
    },
  );
});

describe('identifiers and tokens', () => {
  it('isUuid needs the whole string to be a UUID', () => {
    const uuid = seededIds('t').uuid();
    expect(isUuid(uuid)).toBe(true);
    expect(isUuid(uuid.toUpperCase())).toBe(true);
    expect(isUuid(`x${uuid}`)).toBe(false);
    expect(isUuid(`${uuid}x`)).toBe(false);
    expect(isUuid(uuid.replaceAll('-', ''))).toBe(false);
  });

  it('seeded ids are v4-shaped (version 4, RFC 4122 variant)', () => {
    const ids = seededIds('shape');
    for (let i = 0; i < 20; i++)
      expect(ids.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('random tokens are URL-safe, carry the asked-for entropy, and do not repeat', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes in base64url
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(Buffer.from(randomToken(16), 'base64url')).toHaveLength(16);
    expect(randomToken()).not.toBe(token);
  });

  it('sha256Hex is SHA-256 as published (FIPS 180-2 test vector "abc")', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('ManualClock', () => {
  it('starts at 2026-01-01T00:00:00Z unless told, and set() moves it to an instant', () => {
    const clock = new ManualClock();
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    clock.set('2027-06-01T12:00:00Z');
    expect(clock.now().toISOString()).toBe('2027-06-01T12:00:00.000Z');
  });
});
