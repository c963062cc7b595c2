import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@paykit/event-store';
import { type Clock, type CommandContext, type IdGenerator, envelope } from '@paykit/kernel';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { thisProcess } from './claim-holders.js';
import { IdempotencySecrets } from './idempotency-secrets.js';
import {
  type ClaimedData,
  IdempotencyEvents,
  type KeyState,
  type RecordedData,
  type RecordedResponse,
  type ReleasedData,
  foldKeyStream,
  idempotencyStream,
} from './key-stream.js';

export interface IdempotentRequest {
  /** Whose key namespace: the caller's project and acting subject (keyScopeOf, ADR 0311). */
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly method: string;
  readonly path: string;
  readonly context: CommandContext;
}

/** Held by the one request that runs for a key; completed or released when it ends. */
export interface IdempotencyClaim {
  readonly stream: string;
  /** The claim event's id (thisProcess.holding). */
  readonly claimId: string;
  readonly revision: bigint;
  readonly fingerprint: string;
  readonly context: CommandContext;
}

export type AcquireOutcome =
  | { readonly kind: 'claimed'; readonly claim: IdempotencyClaim }
  | { readonly kind: 'replay'; readonly response: RecordedResponse }
  | { readonly kind: 'key_reused' }
  | { readonly kind: 'in_progress' }
  /** The request that claimed the key died before it answered: it may have taken effect, so it never runs again. */
  | { readonly kind: 'interrupted' }
  /** The key's request completed, but its sealed response does not open (the secrets key changed). */
  | { readonly kind: 'unreadable' };

/** How often a waiting request re-reads a key that another instance holds. */
const POLL_INTERVAL_MS = 50;

/**
 * Idempotency keys of the routes that keep a record of their response (ADR 0302, 0305): the
 * claim appended at `no_stream` (or at the revision of a released or expired record) is the
 * lock, so it holds across instances. A claim names the process that holds it; once that
 * process is gone without an answer, the key answers `interrupted` and never runs again, since
 * the request may have taken effect. Recorded responses are sealed.
 */
@Injectable()
export class IdempotencyStore {
  private readonly logger = new Logger(IdempotencyStore.name);
  /** Wakes requests of this instance that wait on a key as soon as its holder finishes. */
  private readonly settled = new EventEmitter().setMaxListeners(0);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly secrets: IdempotencySecrets,
  ) {}

  async acquire(request: IdempotentRequest): Promise<AcquireOutcome> {
    const stream = idempotencyStream(request.scope, request.key);
    const waitUntil = Date.now() + this.config.IDEMPOTENCY_WAIT_MS;
    // Most keys are new: try the claim before reading anything.
    let state: KeyState = { status: 'free', revision: 'no_stream' };
    for (;;) {
      if (state.status === 'free' || this.hasExpired(state)) {
        const claim = await this.tryClaim(stream, state.revision, request);
        if (claim) return { kind: 'claimed', claim };
      } else if (state.fingerprint !== request.fingerprint) {
        return { kind: 'key_reused' };
      } else if (state.status === 'completed') {
        const response = this.responseOf(stream, state.recorded);
        return response ? { kind: 'replay', response } : { kind: 'unreadable' };
      } else if (!this.isAlive(state)) {
        return { kind: 'interrupted' };
      } else {
        const remaining = waitUntil - Date.now();
        if (remaining <= 0) return { kind: 'in_progress' };
        await this.waitForSettlement(stream, Math.min(remaining, POLL_INTERVAL_MS));
      }
      state = foldKeyStream(await this.read(stream));
    }
  }

  /** Records the response a claim's request produced; later requests with the key replay it. */
  async complete(claim: IdempotencyClaim, response: RecordedResponse): Promise<void> {
    const data: RecordedData = {
      fingerprint: claim.fingerprint,
      sealedResponse: this.secrets.seal(response, claim.stream),
      recordedAt: this.clock.now().toISOString(),
    };
    await this.settle(claim, IdempotencyEvents.recorded, data);
  }

  /** Gives the key back (the request failed before or without an outcome worth replaying). */
  async release(claim: IdempotencyClaim, reason: string): Promise<void> {
    const data: ReleasedData = { fingerprint: claim.fingerprint, reason };
    await this.settle(claim, IdempotencyEvents.released, data);
  }

  /** A key is remembered for IDEMPOTENCY_TTL_HOURS from its claim or its response; then it is free. */
  private hasExpired(state: Exclude<KeyState, { status: 'free' }>): boolean {
    const since = state.status === 'claimed' ? state.claimedAt : state.recordedAt;
    return since + this.config.IDEMPOTENCY_TTL_HOURS * 3_600_000 <= this.clock.now().getTime();
  }

  /**
   * Whether the request holding a claim may still answer. This process knows its own requests.
   * The embedded store serves one API process, so a claim of another process is one that died
   * with it; on EventStoreDB other instances are alive until their lease runs out.
   */
  private isAlive(state: Extract<KeyState, { status: 'claimed' }>): boolean {
    if (state.holder === thisProcess.id) return thisProcess.holding.has(state.claimId);
    return this.config.EVENT_STORE === 'esdb' && state.leaseExpiresAt > this.clock.now().getTime();
  }

  private responseOf(stream: string, recorded: RecordedData): RecordedResponse | null {
    if (recorded.sealedResponse === undefined) return recorded.response ?? null;
    return this.secrets.open(recorded.sealedResponse, stream) as RecordedResponse | null;
  }

  private async tryClaim(
    stream: string,
    revision: ExpectedRevision,
    request: IdempotentRequest,
  ): Promise<IdempotencyClaim | null> {
    // A claim outlives any request that may still be running: the timeout answers the client,
    // but the handler it cut short may go on until it ends.
    const leaseMs = 2 * this.config.REQUEST_TIMEOUT_MS + this.config.IDEMPOTENCY_WAIT_MS;
    const now = this.clock.now();
    const data: ClaimedData = {
      fingerprint: request.fingerprint,
      method: request.method,
      path: request.path,
      holder: thisProcess.id,
      claimedAt: now.toISOString(),
      leaseExpiresAt: new Date(now.getTime() + leaseMs).toISOString(),
    };
    const claimId = this.ids.uuid();
    thisProcess.holding.add(claimId);
    try {
      const result = await this.store.appendToStream(
        stream,
        [envelope({ type: IdempotencyEvents.claimed, data }, request.context, { eventId: claimId, occurredAt: now })],
        { expectedRevision: revision },
      );
      return {
        stream,
        claimId,
        revision: result.nextExpectedRevision,
        fingerprint: request.fingerprint,
        context: request.context,
      };
    } catch (error) {
      thisProcess.holding.delete(claimId);
      if (error instanceof WrongExpectedRevisionError) return null;
      throw error;
    }
  }

  private async settle(claim: IdempotencyClaim, type: string, data: RecordedData | ReleasedData): Promise<void> {
    try {
      await this.store.appendToStream(
        claim.stream,
        [envelope({ type, data }, claim.context, { eventId: this.ids.uuid(), occurredAt: this.clock.now() })],
        { expectedRevision: claim.revision },
      );
    } catch (error) {
      // The store is down: the response still goes out; a retry of the key answers `interrupted`.
      this.logger.warn(`Could not settle idempotency claim on ${claim.stream}: ${(error as Error).message}`);
    } finally {
      thisProcess.holding.delete(claim.claimId);
      this.settled.emit(claim.stream);
    }
  }

  private waitForSettlement(stream: string, milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.settled.off(stream, done);
        resolve();
      };
      const timer = setTimeout(done, milliseconds);
      this.settled.on(stream, done);
    });
  }

  private async read(stream: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const event of this.store.readStream(stream)) events.push(event);
    return events;
  }
}
