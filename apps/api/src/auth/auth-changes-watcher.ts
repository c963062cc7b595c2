import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore, RecordedEvent, Subscription } from '@paykit/event-store';
import { apiKeyStream, projectStream } from '@paykit/platform';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { Authenticator } from './authenticator.js';

const API_KEY_STREAM_PREFIX = apiKeyStream('');
const PROJECT_STREAM_PREFIX = projectStream('');

/**
 * Key revocations and JWT settings changed by another process (the admin CLI, another
 * instance) reach this one through the store's subscription (the sqlite store polls every
 * 100 ms), so they take effect well before the authentication cache would expire them.
 */
@Injectable()
export class AuthChangesWatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AuthChangesWatcher.name);
  private subscription: Subscription | null = null;
  private consuming: Promise<void> | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(Authenticator) private readonly authenticator: Authenticator,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const subscription = this.store.subscribeToAll({
      after: await this.store.headPosition(),
      filter: {
        streamNamePrefixes: [API_KEY_STREAM_PREFIX, PROJECT_STREAM_PREFIX],
        eventTypePrefixes: ['ApiKeyRevoked', 'ProjectJwtConfigured'],
      },
    });
    this.subscription = subscription;
    this.consuming = this.consume(subscription);
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
    await this.consuming;
  }

  private async consume(subscription: Subscription): Promise<void> {
    try {
      for await (const event of subscription) this.forget(event);
    } catch (error) {
      // The cache still lets go of changed keys and projects after its TTL.
      this.logger.warn(`Auth change feed stopped: ${(error as Error).message}`);
    }
  }

  private forget(event: RecordedEvent): void {
    if (event.streamName.startsWith(API_KEY_STREAM_PREFIX)) {
      this.authenticator.forgetKey(event.streamName.slice(API_KEY_STREAM_PREFIX.length));
    } else if (event.streamName.startsWith(PROJECT_STREAM_PREFIX)) {
      this.authenticator.forgetProject(event.streamName.slice(PROJECT_STREAM_PREFIX.length));
    }
  }
}
