import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, handleCommand } from '@paykit/event-store';
import { type Clock, type CommandContext, type DomainError, DomainException, type IdGenerator } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { newHolderId } from '../../infrastructure/effects/effect-ledger.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { eventsToAppend } from '../../wallets/http/command-context.js';
import { type AfterAttempt, type AttemptFacts, type DeliveryCommand, type DeliveryState, deliveryDecider, deliveryStream } from './delivery-stream.js';

/** A delivery this instance may attempt now, and the cycle the attempt belongs to. */
export type ClaimedAttempt = Pick<DeliveryState, 'generation' | 'trigger' | 'cycleAttempts' | 'cycleStartedAt'>;

export interface DeliveryRef {
  readonly projectId: string;
  readonly endpointId: string;
  readonly messageId: string;
}

const contextOf = (ref: DeliveryRef, correlationId: string): CommandContext => ({
  projectId: ref.projectId,
  actor: { type: 'system', id: 'webhook-delivery' },
  correlationId,
});

/**
 * Claims, outcomes and redeliveries of webhook deliveries in their shared streams
 * (delivery-stream.ts): what keeps several API instances from sending the same attempt.
 */
@Injectable()
export class DeliveryClaims {
  readonly holder = newHolderId();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** The attempt is this instance's to make; or when to look again (null: settled, the outbox will show it). */
  async start(ref: DeliveryRef, leaseMs: number): Promise<E.Either<{ readonly retryAt: number | null }, ClaimedAttempt>> {
    const { endpointId, messageId } = ref;
    const started = await this.handle(ref, { type: 'StartAttempt', data: { endpointId, messageId, holder: this.holder, now: this.now(), leaseMs } });
    if (E.isLeft(started)) {
      const retryAt = started.left.parameters?.['retryAt'];
      return E.left({ retryAt: typeof retryAt === 'string' ? Date.parse(retryAt) : null });
    }
    const { generation, trigger, cycleAttempts, cycleStartedAt } = started.right;
    return E.right({ generation, trigger, cycleAttempts, cycleStartedAt });
  }

  async record(ref: DeliveryRef, claimed: ClaimedAttempt, attempt: AttemptFacts, after: AfterAttempt): Promise<void> {
    const { endpointId, messageId } = ref;
    const recorded = await this.handle(ref, { type: 'RecordAttempt', data: { endpointId, messageId, generation: claimed.generation, attempt, after } });
    if (E.isLeft(recorded)) throw new DomainException(recorded.left);
  }

  /** Gives the claim back unused (shutdown before sending): the next instance need not wait out the lease. */
  async abandon(ref: DeliveryRef): Promise<void> {
    const { endpointId, messageId } = ref;
    await this.handle(ref, { type: 'AbandonAttempt', data: { endpointId, messageId, holder: this.holder, now: this.now() } });
  }

  /** Queues the message again for the endpoint; resolves to the position to wait for. */
  async redeliver(ref: DeliveryRef): Promise<bigint> {
    const { endpointId, messageId } = ref;
    const requested = await handleCommand(
      this.store,
      deliveryStream(endpointId, messageId),
      deliveryDecider,
      { type: 'RequestRedelivery', data: { endpointId, messageId, now: this.now() } },
      eventsToAppend(contextOf(ref, `redeliver-${messageId}`), this.clock, this.ids),
    );
    if (E.isLeft(requested)) throw new DomainException(requested.left);
    return requested.right.position;
  }

  private async handle(ref: DeliveryRef, command: DeliveryCommand): Promise<E.Either<DomainError, DeliveryState>> {
    const handled = await handleCommand(
      this.store,
      deliveryStream(ref.endpointId, ref.messageId),
      deliveryDecider,
      command,
      eventsToAppend(contextOf(ref, ref.messageId), this.clock, this.ids),
    );
    return E.map((result: { state: DeliveryState }) => result.state)(handled);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
