/** Epoch milliseconds of a timestamp the events already validated. */
export const epochMillis = (value: string): number => Date.parse(value);
