import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type CheckoutRun,
  type CheckoutRunCommand,
  type MessageView,
  findMessage,
  toMessage,
} from '@paykit/checkout-runs';
import type { AgentCheckoutMessageBody } from '@paykit/contracts';
import { RequestValidationError } from '../../../http/validation/request-validation.error.js';
import { OwnedRuns } from '../../runs/owned-runs.js';
import type { Owner } from '../../shared/owner.js';
import { ProtectedAnswers } from '../protected-answers.js';

/**
 * `POST /unstable/agent-checkouts/{runId}/messages`: the user's message, a text or the answer to
 * the run's question. The client chooses the id, so sending the same message again changes
 * nothing and answers the same; another message under a used id is a 409.
 */
export class PostMessage extends Command<MessageView> {
  constructor(
    readonly owner: Owner,
    readonly runId: string,
    readonly body: AgentCheckoutMessageBody,
  ) {
    super();
  }
}

@CommandHandler(PostMessage)
export class PostMessageHandler implements ICommandHandler<PostMessage> {
  constructor(
    private readonly runs: OwnedRuns,
    private readonly secrets: ProtectedAnswers,
  ) {}

  async execute({ owner, runId, body }: PostMessage): Promise<MessageView> {
    const run = await this.runs.get(owner, runId);
    const command = await this.commandFor(run, body);
    const state = await this.runs.execute(owner, runId, command);
    const message = findMessage(state, body.id);
    if (!message) throw new Error('a posted message is in its run');
    return toMessage(message);
  }

  private async commandFor(run: CheckoutRun, body: AgentCheckoutMessageBody): Promise<CheckoutRunCommand> {
    const [part] = body.parts;
    const now = this.runs.now();
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
