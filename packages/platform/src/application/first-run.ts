import { WrongExpectedRevisionError } from '@paykit/event-store';
import { type Actor, envelope } from '@paykit/kernel';
import { FIRST_RUN_STREAM } from '../domain/streams.js';
import type { PlatformDeps } from './deps.js';

export const FIRST_RUN_PROJECT_NAME = 'Development';
export const FIRST_RUN_ACTOR: Actor = { type: 'system', id: 'first-run' };

/**
 * True for exactly one caller ever: the claim stream is appended at no_stream, so when several
 * instances start on one empty store at once, one of them creates the development project.
 */
export const claimFirstRun = async (deps: Pick<PlatformDeps, 'store' | 'clock' | 'ids'>): Promise<boolean> => {
  const claimedAt = deps.clock.now();
  const claim = envelope(
    { type: 'FirstRunClaimed', data: { claimedAt: claimedAt.toISOString() } },
    { projectId: null, actor: FIRST_RUN_ACTOR, correlationId: deps.ids.uuid() },
    { eventId: deps.ids.uuid(), occurredAt: claimedAt },
  );
  try {
    await deps.store.appendToStream(FIRST_RUN_STREAM, [claim], { expectedRevision: 'no_stream' });
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
};
