import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type MessageView, toMessage } from '@paykit/checkout-runs';
import type { agentCheckoutMessageListQuerySchema } from '@paykit/contracts';
import type { z } from 'zod';
import type { Page } from '../../../http/pagination/newest-first-page.js';
import type { SignedCursors } from '../../../http/pagination/signed-cursors.js';
import { OwnedRuns } from '../../runs/owned-runs.js';
import type { Owner } from '../../shared/owner.js';
import { AGENT_CHECKOUT_CURSORS } from '../../shared/tokens.js';

export const DEFAULT_MESSAGES_LIMIT = 50;

/** `GET /unstable/agent-checkouts/{runId}/messages`: the run's conversation, oldest first. */
export class ListMessages extends Query<Page<MessageView>> {
  constructor(
    readonly owner: Owner,
    readonly runId: string,
    readonly query: z.output<typeof agentCheckoutMessageListQuerySchema>,
  ) {
    super();
  }
}

const isOffset = (value: unknown): value is { offset: number } =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as { offset: unknown }).offset) &&
  (value as { offset: number }).offset >= 0;

/**
 * Agent narration and questions, the user's texts and answers. Messages are only ever appended
 * to a run, so a position in the list is stable and pages read the run's own stream (one
 * aggregate, always current) rather than a projection.
 */
@QueryHandler(ListMessages)
export class ListMessagesHandler implements IQueryHandler<ListMessages> {
  constructor(
    private readonly runs: OwnedRuns,
    @Inject(AGENT_CHECKOUT_CURSORS) private readonly cursors: SignedCursors,
  ) {}

  async execute({ owner, runId, query }: ListMessages): Promise<Page<MessageView>> {
    const run = await this.runs.get(owner, runId);
    const binding = `messages\n${owner.projectId}\n${owner.subject}\n${runId}`;
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
}
