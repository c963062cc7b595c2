import { parseIsoTimestamp } from '@paykit/kernel';

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A timestamp as the read model stores it: UTC with milliseconds, so stored instants compare
 * as text. A value that is not an ISO timestamp falls back to `fallback` (the event's
 * `occurredAt`) rather than stopping the projection on one malformed field.
 */
export const utcInstant = (timestamp: string | undefined, fallback: string): string => {
  // What toISOString writes (every timestamp the services stamp) is already in this form.
  if (timestamp !== undefined && CANONICAL.test(timestamp) && !Number.isNaN(Date.parse(timestamp))) return timestamp;
  const time = timestamp === undefined ? null : parseIsoTimestamp(timestamp);
  return new Date(time ?? parseIsoTimestamp(fallback) ?? 0).toISOString();
};

/** The UTC day (`YYYY-MM-DD`) an instant from utcInstant falls on. */
export const dayOf = (instant: string): string => instant.slice(0, 10);

/** The first instant of a UTC day and the first instant of the day after it. */
export const dayStart = (day: string): string => `${day}T00:00:00.000Z`;
export const nextDayStart = (day: string): string => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();
