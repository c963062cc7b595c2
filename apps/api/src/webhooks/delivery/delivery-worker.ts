import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Clock } from '@paykit/kernel';
import { type RetryPolicy, nextAttemptAt, webhookHeaders } from '@paykit/webhooks';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, CLOCK } from '../../infrastructure/tokens.js';
import { EndpointSecrets } from '../endpoints/endpoint-secrets.js';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';
import { type AfterAttempt, DeliveryQueue, type DueDelivery } from './delivery-queue.js';
import { MessagePayloads } from './message-payloads.js';
import { AttemptInterruptedError, WebhookSender } from './webhook-sender.js';

/** Beyond the request's own time limit, how long a claim stays leased (rendering, recording). */
const LEASE_MARGIN_MS = 60_000;

/**
 * Sends due deliveries, at most WEBHOOK_CONCURRENCY at a time. It wakes when the outbox moves
 * (new deliveries are due at once) and every WEBHOOK_POLL_MS (retries come due). Everything it
 * knows is in the outbox tables, so a restart resumes where it stopped: an attempt cut short
 * by shutdown is made again, which receivers absorb by deduplicating on `webhook-id`.
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
      due = this.queue.claimDue(now, now + this.config.WEBHOOK_REQUEST_TIMEOUT_MS + LEASE_MARGIN_MS, free, new Set(this.inFlight.keys()));
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
      this.queue.record(delivery, { trigger: delivery.trigger, startedAt, ...sent }, this.afterAttempt(delivery, succeeded, startedAt, endedAt));
    } catch (error) {
      if (!(error instanceof AttemptInterruptedError)) {
        this.logger.warn(`Webhook delivery ${delivery.messageId} could not be attempted: ${(error as Error).message}`);
      }
      this.release(delivery);
    }
  }

  private afterAttempt(delivery: DueDelivery, succeeded: boolean, startedAt: Date, endedAt: Date): AfterAttempt {
    if (succeeded) return { status: 'delivered', at: endedAt };
    const cycleStartedAt = delivery.cycleStartedAt === null ? startedAt : new Date(delivery.cycleStartedAt);
    const next = nextAttemptAt({ attempts: delivery.cycleAttempts + 1, firstAttemptAt: cycleStartedAt, failedAt: endedAt }, this.policy, Math.random);
    return next === null ? { status: 'failed', cycleStartedAt } : { status: 'pending', nextAttemptAt: next, cycleStartedAt };
  }

  /** The current secret, and the previous one while its grace period lasts. */
  private secretsOf(delivery: DueDelivery, now: Date): string[] {
    const current = this.secrets.open(delivery.sealedSecret, delivery.endpointId);
    const { previousSealedSecret, previousSecretExpiresAt } = delivery;
    const previousValid = previousSealedSecret !== null && previousSecretExpiresAt !== null && Date.parse(previousSecretExpiresAt) > now.getTime();
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
