import { parseIsoTimestamp } from '../src/index.js';

describe('parseIsoTimestamp: ISO 8601 date-times with a time zone, nothing looser', () => {
  it.each([
    ['2026-01-01T00:00:00Z', Date.UTC(2026, 0, 1)],
    ['2026-01-01T00:00:00.5Z', Date.UTC(2026, 0, 1, 0, 0, 0, 500)],
    ['2026-01-01T00:00:00.123456789Z', Date.UTC(2026, 0, 1, 0, 0, 0, 123)],
    ['2026-01-01T05:30:00+05:30', Date.UTC(2026, 0, 1)],
    ['2025-12-31T16:00:00-08:00', Date.UTC(2026, 0, 1)],
  ])('reads %s as its instant', (value, epochMs) => {
    expect(parseIsoTimestamp(value)).toBe(epochMs);
  });

  it.each([
    ['no time zone (Date.parse would read local time)', '2026-01-01T00:00:00'],
    ['a date alone', '2026-01-01'],
    ['free text V8 reads as a date', 'block 12'],
    ['an expanded year', '+002026-01-01T00:00:00Z'],
    ['a negative expanded year', '-002026-01-01T00:00:00Z'],
    ['more than nine fraction digits', '2026-01-01T00:00:00.1234567890Z'],
    ['a one-digit hour', '2026-01-01T0:00:00Z'],
    ['a fraction point without digits', '2026-01-01T00:00:00.Z'],
    ['an offset without minutes', '2026-01-01T00:00:00+05'],
    ['a month that does not exist', '2026-13-01T00:00:00Z'],
  ])('refuses %s', (_case, value) => {
    expect(parseIsoTimestamp(value)).toBeNull();
  });
});
