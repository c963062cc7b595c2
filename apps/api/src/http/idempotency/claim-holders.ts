import { randomUUID } from 'node:crypto';

/**
 * This process, as the holder of idempotency claims (ADR 0305): its id goes into every claim it
 * makes, and `holding` has the event id of each claim whose request it is running now (added
 * before the claim is appended, so no reader can see a live claim missing from it). A claim that
 * names this process but is not held here belongs to a request that ended without settling.
 * Module state on purpose: it is a fact about the process, shared by every app instance in it.
 */
export const thisProcess = { id: randomUUID(), holding: new Set<string>() } as const;
