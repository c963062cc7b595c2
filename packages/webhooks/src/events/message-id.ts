import { createHash } from 'node:crypto';

/**
 * The webhook id (`webhook-id`, the receiver's dedupe key) of the message one source event
 * raises for one event type: a digest of the source event's id and the type, so a replay of
 * the same event (a rebuild, a restart mid-batch) yields the same id, and the two sides of a
 * transfer to oneself (`in` and `out` of one event) get two.
 */
export const messageIdOf = (sourceEventId: string, type: string): string =>
  `msg_${createHash('sha256').update(`${sourceEventId}\n${type}`).digest('hex').slice(0, 32)}`;
