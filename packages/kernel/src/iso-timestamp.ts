const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Milliseconds since the epoch of an ISO 8601 timestamp with a time zone, or null.
 * Date.parse alone accepts far too much ("block 12" is a date to V8).
 */
export const parseIsoTimestamp = (value: string): number | null => {
  if (!ISO_TIMESTAMP.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
};
