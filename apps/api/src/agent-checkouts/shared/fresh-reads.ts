import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';

/** How long a list waits for its projection before answering from what it has. */
const WAIT_MS = 2_000;

/**
 * Lists answer from projections. Before reading, a list waits (bounded) until its projection
 * has reached the head of the store as it was when the request came in: every write the
 * caller saw acknowledged is then in the answer (read your own writes), across instances too,
 * at the cost of one head lookup.
 */
@Injectable()
export class FreshReads {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ProjectionsHost) private readonly projections: ProjectionsHost,
  ) {}

  async catchUp(projectionName: string): Promise<void> {
    await this.projections.waitFor(await this.store.headPosition(), WAIT_MS, projectionName);
  }
}
