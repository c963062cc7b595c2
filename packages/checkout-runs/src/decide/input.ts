import type { DomainError } from '@paykit/kernel';
import { isDeepStrictEqual } from 'node:util';
import type { AnswerInput, ExpireInput, RequestInput } from '../commands.js';
import { runErrors } from '../errors.js';
import { type InputRequestRecord, QUESTION_LIMITS } from '../run/interaction.js';
import { type InputResponsePart, MESSAGE_TEXT_LIMITS } from '../run/messages.js';
import { isFinalStatus } from '../run/statuses.js';
import { type CheckoutRun, findMessage } from '../state.js';
import {
  type Decision,
  emit,
  firstRefusal,
  heldBy,
  inStatus,
  iso,
  later,
  nonEmpty,
  notCancelling,
  notFinal,
  nothing,
  refuse,
  textWithin,
} from './decision.js';
import { failed } from './endings.js';
import { validInteraction } from './values.js';

/** The runner asks the user a question; the run waits in `awaiting_input` until answered or expired. */
export const requestInput = ({ data }: RequestInput, run: CheckoutRun): Decision => {
  const request = { expiresAt: iso(data.expiresAt), question: data.question, interaction: data.interaction };
  const holder = firstRefusal(notFinal(run), heldBy(run, data.runnerId));
  if (holder) return refuse(holder);
  const existing = run.inputRequests[data.requestId];
  if (existing) {
    const retried =
      existing.status === 'pending' &&
      existing.messageId === data.messageId &&
      isDeepStrictEqual(existing.request, request);
    return retried ? nothing() : refuse(runErrors.inputRequestExists(data.requestId));
  }
  const refusal = firstRefusal(
    inStatus(run, 'running'),
    notCancelling(run),
    nonEmpty('requestId', data.requestId),
    nonEmpty('messageId', data.messageId),
    () => (findMessage(run, data.messageId) ? runErrors.messageIdConflict(data.messageId) : null),
    textWithin('question', data.question, QUESTION_LIMITS),
    later('expiresAt', data.expiresAt, data.now),
    validInteraction(data.interaction),
  );
  if (refusal) return refuse(refusal);
  return emit({
    type: 'CheckoutRunInputRequested',
    data: { messageId: data.messageId, requestId: data.requestId, request, requestedAt: iso(data.now) },
  });
};

/** The user's `input_response` message: idempotent by message id, refused for unknown or expired requests. */
export const answerInput = ({ data }: AnswerInput, run: CheckoutRun): Decision => {
  const record = run.inputRequests[data.requestId];
  const shaped = record ? responsePart(data, record) : undefined;
  const previous = findMessage(run, data.messageId);
  if (previous) {
    const replayed =
      previous.role === 'user' && shaped && 'part' in shaped && isDeepStrictEqual(previous.parts, [shaped.part]);
    return replayed ? nothing() : refuse(runErrors.messageIdConflict(data.messageId));
  }
  if (!record || !shaped) return refuse(runErrors.inputRequestUnknown(data.requestId));
  const refusal = firstRefusal(
    () => (record.status === 'expired' ? runErrors.inputRequestExpired(data.requestId) : null),
    notFinal(run),
    () => (record.status === 'pending' ? null : runErrors.inputRequestNotPending(data.requestId)),
    () =>
      Date.parse(record.request.expiresAt) > data.now.getTime() ? null : runErrors.inputRequestExpired(data.requestId),
    nonEmpty('messageId', data.messageId),
  );
  if (refusal) return refuse(refusal);
  if ('error' in shaped) return refuse(shaped.error);
  return emit({
    type: 'CheckoutRunInputAnswered',
    data: {
      messageId: data.messageId,
      response: shaped.part,
      secretRef: data.secretRef ?? null,
      answeredAt: iso(data.now),
    },
  });
};

/** Raised by a sweeper once `expiresAt` has passed: the run ends `failed` / `input_expired`. */
export const expireInput = ({ data }: ExpireInput, run: CheckoutRun): Decision => {
  if (isFinalStatus(run.status)) return nothing();
  const record = run.inputRequests[data.requestId];
  if (!record) return refuse(runErrors.inputRequestUnknown(data.requestId));
  if (record.status !== 'pending' || Date.parse(record.request.expiresAt) > data.now.getTime()) return nothing();
  return emit(failed(run, 'input_expired', data.now));
};

/**
 * The answer as messages show it, checked against the question: a protected question takes
 * only a secret reference, any other submit takes a value, an alternative takes text.
 */
const responsePart = (
  data: AnswerInput['data'],
  record: InputRequestRecord,
): { part: InputResponsePart } | { error: DomainError } => {
  const base = { type: 'input_response', requestId: data.requestId } as const;
  const isProtected = record.request.interaction.kind === 'protected';
  const fail = (field: string, rule: string) => ({ error: runErrors.invalidField(field, rule) });
  switch (data.action) {
    case 'submit':
      if (isProtected) {
        if (data.value !== undefined) return fail('value', 'must not be sent for a protected question');
        if (typeof data.secretRef !== 'string' || data.secretRef.length === 0) return fail('secretRef', 'is required');
        return { part: { ...base, action: 'submit' } };
      }
      if (data.secretRef !== undefined) return fail('secretRef', 'is only for protected questions');
      if (data.value === undefined) return fail('value', 'is required to submit');
      return { part: { ...base, action: 'submit', value: data.value } };
    case 'alternative': {
      if (data.value !== undefined || data.secretRef !== undefined) return fail('value', 'is only for submit');
      const error = textWithin('text', data.text, MESSAGE_TEXT_LIMITS)();
      return error ? { error } : { part: { ...base, action: 'alternative', text: data.text as string } };
    }
    case 'decline': {
      if (data.value !== undefined || data.secretRef !== undefined) return fail('value', 'is only for submit');
      if (data.text === undefined) return { part: { ...base, action: 'decline' } };
      const error = textWithin('text', data.text, MESSAGE_TEXT_LIMITS)();
      return error ? { error } : { part: { ...base, action: 'decline', text: data.text } };
    }
    default:
      return fail('action', 'must be submit, alternative or decline');
  }
};
