import { Injectable } from '@nestjs/common';
import type { DomainError } from '@paykit/kernel';
import type { AfterAttempt, AttemptFacts, WebhookDeliveryCommand, WebhookDeliveryState } from '@paykit/webhooks';
import * as E from 'fp-ts/lib/Either.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { newHolderId } from '../../infrastructure/effects/effect-ledger.js';
import { WebhookDeliveryAggregate, deliveryContext } from './webhook-delivery.aggregate.js';

/** A delivery this instance may attempt now, and the cycle the attempt belongs to. */
export type ClaimedAttempt = Pick<WebhookDeliveryState, 'generation' | 'trigger' | 'cycleAttempts' | 'cycleStartedAt'>;

export interface DeliveryRef {
  readonly projectId: string;
  readonly endpointId: string;
  readonly messageId: string;
}

/**
 * Claims and outcomes of webhook delivery attempts in their shared streams (WebhookDelivery,
 * @paykit/webhooks): what keeps several API instances from sending the same attempt.
 */
@Injectable()
export class DeliveryClaims {
  readonly holder = newHolderId();

  constructor(private readonly aggregates: Aggregates) {}

  /** The attempt is this instance's to make; or when to look again (null: settled, the outbox will show it). */
  async start(
    ref: DeliveryRef,
    leaseMs: number,
  ): Promise<E.Either<{ readonly retryAt: number | null }, ClaimedAttempt>> {
    const { endpointId, messageId } = ref;
    const started = await this.handle(ref, {
      type: 'StartAttempt',
      data: { endpointId, messageId, holder: this.holder, now: this.now(), leaseMs },
    });
    if (E.isLeft(started)) {
      const retryAt = started.left.parameters?.['retryAt'];
      return E.left({ retryAt: typeof retryAt === 'string' ? Date.parse(retryAt) : null });
    }
    const { generation, trigger, cycleAttempts, cycleStartedAt } = started.right;
    return E.right({ generation, trigger, cycleAttempts, cycleStartedAt });
  }

  async record(ref: DeliveryRef, claimed: ClaimedAttempt, attempt: AttemptFacts, after: AfterAttempt): Promise<void> {
    const { endpointId, messageId } = ref;
    const command = {
      type: 'RecordAttempt' as const,
      data: { endpointId, messageId, generation: claimed.generation, attempt, after },
    };
    await this.aggregates.execute(WebhookDeliveryAggregate, ref, command, deliveryContext(ref.projectId, messageId));
  }

  /** Gives the claim back unused (shutdown before sending): the next instance need not wait out the lease. */
  async abandon(ref: DeliveryRef): Promise<void> {
    const { endpointId, messageId } = ref;
    await this.handle(ref, {
      type: 'AbandonAttempt',
      data: { endpointId, messageId, holder: this.holder, now: this.now() },
    });
  }

  private async handle(
    ref: DeliveryRef,
    command: WebhookDeliveryCommand,
  ): Promise<E.Either<DomainError, WebhookDeliveryState>> {
    const handled = await this.aggregates.tryExecute(
      WebhookDeliveryAggregate,
      ref,
      command,
      deliveryContext(ref.projectId, ref.messageId),
    );
    return E.map((result: { state: WebhookDeliveryState }) => result.state)(handled);
  }

  private now(): string {
    return this.aggregates.now().toISOString();
  }
}
