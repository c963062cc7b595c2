import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { CHECKOUT_RUN_STREAM_PREFIX } from '@paykit/checkout-runs';
import type { EventStore, Subscription } from '@paykit/event-store';
import { EVENT_STORE } from '../../infrastructure/tokens.js';

const RETRY_MS = 1_000;

/** What a live stream does when its run changes, and when the server shuts down. */
export interface RunListener {
  changed(): void;
  shutdown(): void;
}

/**
 * One subscription per process to every run's events, fanned out to the open streams by run
 * id: a hundred clients watching runs cost one reader of `$all`, not a hundred. It starts at
 * the head of the store before the server accepts requests, so a stream that registers and
 * then reads its run's history misses nothing in between. It only says "changed": each
 * stream reads its run's own events from where it stopped.
 */
@Injectable()
export class RunUpdatesHub implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RunUpdatesHub.name);
  private readonly listeners = new Map<string, Set<RunListener>>();
  private subscription: Subscription | null = null;
  private following: Promise<void> | null = null;
  private closing = false;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationBootstrap(): Promise<void> {
    const head = await this.store.headPosition();
    this.following = this.follow(head);
  }

  /** Stops the subscription and ends every open stream, so the HTTP server can drain. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    for (const listeners of this.listeners.values()) for (const listener of listeners) listener.shutdown();
    this.listeners.clear();
    await this.subscription?.close();
    await this.following;
  }

  /** Registers a stream's interest in a run; returns the function that unregisters it. */
  listen(runId: string, listener: RunListener): () => void {
    if (this.closing) {
      listener.shutdown();
      return () => undefined;
    }
    const listeners = this.listeners.get(runId) ?? new Set<RunListener>();
    listeners.add(listener);
    this.listeners.set(runId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(runId);
    };
  }

  /** How many open streams watch a run (for tests and metrics). */
  listening(runId: string): number {
    return this.listeners.get(runId)?.size ?? 0;
  }

  private async follow(after: bigint): Promise<void> {
    let position = after;
    while (!this.closing) {
      try {
        this.subscription = this.store.subscribeToAll({
          after: position,
          filter: { streamNamePrefixes: [CHECKOUT_RUN_STREAM_PREFIX] },
        });
        for await (const event of this.subscription) {
          position = event.position;
          const runId = event.streamName.slice(CHECKOUT_RUN_STREAM_PREFIX.length);
          for (const listener of this.listeners.get(runId) ?? []) listener.changed();
        }
      } catch (error) {
        if (this.closing) return;
        this.logger.warn(`Run updates subscription failed; retrying: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
      }
    }
  }
}
