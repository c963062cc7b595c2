import { RequestValidationError } from '../../http/validation/request-validation.error.js';

/**
 * Where a client of a run's stream stands: every event id is one of these. `7` is the run's
 * snapshot at revision 7 (and everything before it); `7.2` is the second message that revision
 * 7 added or changed, sent before that snapshot. Resuming after a cursor sends the messages
 * that followed it, then the newest snapshot.
 */
export interface StreamCursor {
  readonly revision: number;
  /** Messages of `revision` already sent; Infinity once its snapshot was sent. */
  readonly messages: number;
}

/** Before anything: a fresh connection gets every message, then the snapshot. */
export const START: StreamCursor = { revision: -1, messages: Infinity };

const FORMAT = /^(0|[1-9]\d{0,15})(?:\.([1-9]\d{0,5}))?$/;

export const snapshotEventId = (revision: number): string => String(revision);
export const messageEventId = (revision: number, index: number): string => `${revision}.${index}`;

/** Parses a `Last-Event-ID` or `after` value; `field` names it in the 400. */
export const parseStreamCursor = (value: string, field: string): StreamCursor => {
  const match = FORMAT.exec(value.trim());
  const revision = match ? Number(match[1]) : NaN;
  if (!match || !Number.isSafeInteger(revision)) {
    throw new RequestValidationError([{ path: field, message: 'must be an event id this stream sent' }]);
  }
  return { revision, messages: match[2] === undefined ? Infinity : Number(match[2]) };
};
