/** Streams are `<category>-<id>`; the category has no dash so the first dash splits it. */
export const CHECKOUT_RUN_STREAM_PREFIX = 'checkoutRun-';

export const checkoutRunStreamName = (runId: string): string => `${CHECKOUT_RUN_STREAM_PREFIX}${runId}`;
