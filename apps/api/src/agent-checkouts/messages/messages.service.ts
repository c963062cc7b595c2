import { Inject, Injectable } from '@nestjs/common';
import {
  type CheckoutRun,
  type CheckoutRunCommand,
  type MessageView,
  findMessage,
  toMessage,
} from '@paykit/checkout-runs';
import type { AgentCheckoutMessageBody } from '@paykit/contracts';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';
import type { Caller } from '../shared/caller.js';
import type { Page } from '../../http/pagination/newest-first-page.js';
import type { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { AGENT_CHECKOUT_CURSORS } from '../shared/tokens.js';
import { AggregateCommands } from '../shared/aggregate-commands.js';
import { CallerRuns } from '../runs/caller-runs.js';
import { ProtectedAnswers } from './protected-answers.js';

export const DEFAULT_MESSAGES_LIMIT = 50;

const isOffset = (value: unknown): value is { offset: number } =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as { offset: unknown }).offset) &&
  (value as { offset: number }).offset >= 0;

/**
 * A run's conversation: agent narration and questions, the user's texts and answers. Messages
 * are only ever appended to a run, so a position in the list is stable and pages read the
 * run's own stream (one aggregate, always current) rather than a projection.
 */
@Injectable()
export class MessagesService {
  constructor(
    @Inject(CallerRuns) private readonly runs: CallerRuns,
    @Inject(AggregateCommands) private readonly aggregates: AggregateCommands,
    @Inject(ProtectedAnswers) private readonly secrets: ProtectedAnswers,
    @Inject(AGENT_CHECKOUT_CURSORS) private readonly cursors: SignedCursors,
  ) {}

  async list(
    caller: Caller,
    runId: string,
    query: { cursor?: string | undefined; limit?: number | undefined },
  ): Promise<Page<MessageView>> {
    const run = await this.runs.get(caller, runId);
    const binding = `messages\n${caller.projectId}\n${caller.subject}\n${runId}`;
    const offset = query.cursor === undefined ? 0 : this.cursors.decode(binding, query.cursor, isOffset).offset;
    const limit = query.limit ?? DEFAULT_MESSAGES_LIMIT;
    const data = run.messages.slice(offset, offset + limit).map(toMessage);
    const next = offset + data.length;
    // Messages are only ever appended, so offsets stay put: the previous page ends where this one starts.
    return {
      data,
      nextCursor: next < run.messages.length ? this.cursors.encode(binding, { offset: next }) : null,
      previousCursor: offset > 0 ? this.cursors.encode(binding, { offset: Math.max(0, offset - limit) }) : null,
    };
  }

  /**
   * Posts the user's message: a text, or the answer to the run's question. The client chooses
   * the id, so sending the same message again changes nothing and answers the same; another
   * message under a used id is a 409.
   */
  async post(caller: Caller, runId: string, body: AgentCheckoutMessageBody): Promise<MessageView> {
    const run = await this.runs.get(caller, runId);
    const command = await this.commandFor(run, body);
    const { state } = await this.runs.execute(caller, runId, command);
    const message = findMessage(state, body.id);
    if (!message) throw new Error('a posted message is in its run');
    return toMessage(message);
  }

  private async commandFor(run: CheckoutRun, body: AgentCheckoutMessageBody): Promise<CheckoutRunCommand> {
    const [part] = body.parts;
    const now = this.aggregates.now();
    if (!part) throw new RequestValidationError([{ path: 'parts', message: 'must hold exactly one part' }]);
    if (part.type === 'text') return { type: 'PostMessage', data: { messageId: body.id, text: part.text, now } };
    const base = { messageId: body.id, requestId: part.requestId, now };
    switch (part.action) {
      case 'submit': {
        const isProtected = run.inputRequests[part.requestId]?.request.interaction.kind === 'protected';
        if (!isProtected) return { type: 'AnswerInput', data: { ...base, action: 'submit', value: part.value } };
        if (typeof part.value !== 'string' || part.value === '') {
          throw new RequestValidationError([
            { path: 'parts[0].value', message: 'must be the secret, as a non-empty string' },
          ]);
        }
        // A repeated message refers to the secret kept the first time; it is never replaced.
        const secretRef = findMessage(run, body.id)
          ? this.secrets.refFor(run.runId, body.id)
          : await this.secrets.keep(run.runId, body.id, part.value);
        return { type: 'AnswerInput', data: { ...base, action: 'submit', secretRef } };
      }
      case 'alternative':
        return { type: 'AnswerInput', data: { ...base, action: 'alternative', text: part.text } };
      case 'decline':
        return {
          type: 'AnswerInput',
          data: { ...base, action: 'decline', ...(part.text === undefined ? {} : { text: part.text }) },
        };
    }
  }
}
