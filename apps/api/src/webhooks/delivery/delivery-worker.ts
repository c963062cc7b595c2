import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Clock } from '@paykit/kernel';
import { type AfterAttempt, type RetryPolicy, nextAttemptAt, webhookHeaders } from '@paykit/webhooks';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, CLOCK } from '../../infrastructure/tokens.js';
import { EndpointSecrets } from '../endpoints/endpoint-secrets.js';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';
import * as E from 'fp-ts/lib/Either.js';
import { type ClaimedAttempt, DeliveryClaims, type DeliveryRef } from './delivery-claims.js';
import { DeliveryQueue, type DueDelivery } from './delivery-queue.js';
import { MessagePayloads } from './message-payloads.js';
import { AttemptInterruptedError, WebhookSender } from './webhook-sender.js';

/** Beyond the request's own time limit, how long a claim stays leased (rendering, recording). */
const LEASE_MARGIN_MS = 60_000;

/**
 * Sends due deliveries, at most WEBHOOK_CONCURRENCY at a time. It wakes when the outbox moves
 * (new deliveries are due at once) and every WEBHOOK_POLL_MS (retries come due). Each attempt is
 * claimed in the delivery's shared stream first, so of several API instances one sends it, and
 * its outcome is recorded there; every instance's outbox applies it. A restart resumes where the
 * streams stand: an attempt cut short by shutdown is made again, which receivers absorb by
 * deduplicating on `webhook-id`.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryWorker.name);
  private readonly stopping = new AbortController();
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly policy: RetryPolicy;
  private looping: Promise<void> = Promise.resolve();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly outbox: WebhooksOutbox,
    private readonly queue: DeliveryQueue,
    private readonly claims: DeliveryClaims,
    private readonly payloads: MessagePayloads,
    private readonly secrets: EndpointSecrets,
    private readonly sender: WebhookSender,
  ) {
    this.policy = {
      baseDelayMs: config.WEBHOOK_RETRY_BASE_MS,
      maxDelayMs: config.WEBHOOK_RETRY_MAX_DELAY_MS,
      windowMs: config.WEBHOOK_RETRY_WINDOW_MS,
    };
  }

  onApplicationBootstrap(): void {
    if (this.config.WEBHOOK_DELIVERY === 'inprocess') this.looping = this.loop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.looping;
    await Promise.all(this.inFlight.values());
  }

  private async loop(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      this.dispatch();
      await this.outbox.nextChange(this.config.WEBHOOK_POLL_MS, signal);
    }
  }

  private dispatch(): void {
    const free = this.config.WEBHOOK_CONCURRENCY - this.inFlight.size;
    if (free <= 0 || this.stopping.signal.aborted) return;
    let due: DueDelivery[];
    try {
      const now = this.clock.now().getTime();
      due = this.queue.claimDue(now, now + this.leaseMs(), free, new Set(this.inFlight.keys()));
    } catch (error) {
      this.logger.error(`Could not read due webhook deliveries: ${(error as Error).message}`);
      return;
    }
    for (const delivery of due) {
      const attempt = this.attempt(delivery).finally(() => {
        this.inFlight.delete(delivery.seq);
        this.dispatch();
      });
      this.inFlight.set(delivery.seq, attempt);
    }
  }

  private async attempt(delivery: DueDelivery): Promise<void> {
    const ref: DeliveryRef = {
      projectId: delivery.projectId,
      endpointId: delivery.endpointId,
      messageId: delivery.messageId,
    };
    let claimed: ClaimedAttempt;
    try {
      const started = await this.claims.start(ref, this.leaseMs());
      if (E.isLeft(started)) {
        // Another instance attempts it, or this table has not seen the last outcome yet.
        this.queue.holdUntil(delivery, started.left.retryAt ?? this.clock.now().getTime() + this.leaseMs());
        return;
      }
      claimed = started.right;
    } catch (error) {
      this.logger.warn(`Webhook delivery ${delivery.messageId} could not be claimed: ${(error as Error).message}`);
      return this.release(delivery);
    }
    try {
      const body = await this.payloads.bodyOf(delivery);
      const startedAt = this.clock.now();
      const content = { id: delivery.messageId, timestamp: Math.floor(startedAt.getTime() / 1000), body };
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'paykit-webhooks/1',
        ...webhookHeaders(content, this.secretsOf(delivery, startedAt)),
      };
      const sent = await this.sender.send(delivery.url, headers, body, this.stopping.signal);
      const succeeded = sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;
      const endedAt = this.clock.now();
      const attempt = {
        trigger: claimed.trigger,
        startedAt: startedAt.toISOString(),
        durationMs: Math.round(sent.durationMs),
        statusCode: sent.statusCode,
        error: sent.error,
      };
      await this.claims.record(ref, claimed, attempt, this.afterAttempt(claimed, succeeded, startedAt, endedAt));
    } catch (error) {
      if (error instanceof AttemptInterruptedError) await this.claims.abandon(ref).catch(() => undefined);
      else
        this.logger.warn(`Webhook delivery ${delivery.messageId} could not be attempted: ${(error as Error).message}`);
      this.release(delivery);
    }
  }

  private afterAttempt(claimed: ClaimedAttempt, succeeded: boolean, startedAt: Date, endedAt: Date): AfterAttempt {
    if (succeeded) return { status: 'delivered', at: endedAt.toISOString() };
    const cycleStartedAt = claimed.cycleStartedAt === null ? startedAt : new Date(claimed.cycleStartedAt);
    const next = nextAttemptAt(
      { attempts: claimed.cycleAttempts + 1, firstAttemptAt: cycleStartedAt, failedAt: endedAt },
      this.policy,
      Math.random,
    );
    return next === null
      ? { status: 'failed', cycleStartedAt: cycleStartedAt.toISOString() }
      : { status: 'pending', nextAttemptAt: next.toISOString(), cycleStartedAt: cycleStartedAt.toISOString() };
  }

  /** One attempt's claim: its time limit, and room to render and record. */
  private leaseMs(): number {
    return this.config.WEBHOOK_REQUEST_TIMEOUT_MS + LEASE_MARGIN_MS;
  }

  /** The current secret, and the previous one while its grace period lasts. */
  private secretsOf(delivery: DueDelivery, now: Date): string[] {
    const current = this.secrets.open(delivery.sealedSecret, delivery.endpointId);
    const { previousSealedSecret, previousSecretExpiresAt } = delivery;
    const previousValid =
      previousSealedSecret !== null &&
      previousSecretExpiresAt !== null &&
      Date.parse(previousSecretExpiresAt) > now.getTime();
    return previousValid ? [current, this.secrets.open(previousSealedSecret, delivery.endpointId)] : [current];
  }

  private release(delivery: DueDelivery): void {
    try {
      this.queue.release(delivery, this.clock.now().getTime() + this.config.WEBHOOK_POLL_MS);
    } catch {
      // The database is closing: the lease lapses on its own and the delivery is picked up after a restart.
    }
  }
}
