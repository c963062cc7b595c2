const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** Epoch milliseconds of an ISO 8601 timestamp with a zone, or null (Date.parse alone accepts far too much). */
export const parseIsoTimestamp = (value: string): number | null => {
  if (!ISO_TIMESTAMP.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
};

/** Epoch milliseconds of a timestamp the events already validated. */
export const epochMillis = (value: string): number => Date.parse(value);
