import { isDeepStrictEqual } from 'node:util';
import type { PostAgentMessage, PostMessage } from '../commands.js';
import { runErrors } from '../errors.js';
import { MESSAGE_TEXT_LIMITS, type MessageRole } from '../run/messages.js';
import { type CheckoutRun, findMessage } from '../state.js';
import {
  type Decision,
  emit,
  firstRefusal,
  heldBy,
  iso,
  nonEmpty,
  notFinal,
  nothing,
  refuse,
  textWithin,
} from './decision.js';

/** The user's text message. The client picks the id: sending it again changes nothing. */
export const postMessage = ({ data }: PostMessage, run: CheckoutRun): Decision =>
  post(run, 'user', data, [notFinal(run)]);

/** The agent's narration of what it does, shown in the messages list. */
export const postAgentMessage = ({ data }: PostAgentMessage, run: CheckoutRun): Decision =>
  post(run, 'agent', data, [notFinal(run), heldBy(run, data.runnerId)]);

const post = (
  run: CheckoutRun,
  role: MessageRole,
  data: { messageId: string; text: string; now: Date },
  guards: ReturnType<typeof notFinal>[],
): Decision => {
  const previous = findMessage(run, data.messageId);
  if (previous) {
    const replayed = previous.role === role && isDeepStrictEqual(previous.parts, [{ type: 'text', text: data.text }]);
    return replayed ? nothing() : refuse(runErrors.messageIdConflict(data.messageId));
  }
  const refusal = firstRefusal(
    ...guards,
    nonEmpty('messageId', data.messageId),
    textWithin('text', data.text, MESSAGE_TEXT_LIMITS),
  );
  if (refusal) return refuse(refusal);
  return emit({
    type: 'CheckoutRunMessagePosted',
    data: { messageId: data.messageId, role, text: data.text, postedAt: iso(data.now) },
  });
};
