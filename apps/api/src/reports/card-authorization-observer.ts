import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock, IdGenerator } from '@paykit/kernel';
import type { CardAuthorizationFeed, FedAuthorization } from '@paykit/providers';
import { type AgentCardAuthorizationObserved, agentCardAuthorizationStream } from '@paykit/reconciliation';
import * as E from 'fp-ts/lib/Either.js';
import { CARD_ISSUER } from '../card-issuing/card-issuer.provider.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { PeriodicPass } from './periodic-pass.js';
import { recordOnce } from './record-once.js';

const PAGE = 500;
const OBSERVER = { type: 'system' as const, id: 'card-authorization-observer' };

/**
 * Follows the card issuer's authorization feed and records each authorization it decided as
 * `AgentCardAuthorizationObserved`, once (its stream is appended at no_stream), under the project
 * its card names: the reconciliation projection then lists agent card spend per run and flags an
 * authorization no run recorded the card of (docs/adr/0226). The feed's cursor is kept in
 * memory; after a restart the feed is read from its start and the store refuses what it holds.
 */
@Injectable()
export class CardAuthorizationObserver implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CardAuthorizationObserver.name);
  private cursor: string | null = null;
  private readonly passes = new PeriodicPass(
    () => this.observeAll(),
    (error) => this.logger.error(`Card authorization observer: ${(error as Error).message}`),
  );

  constructor(
    @Inject(CARD_ISSUER) private readonly feed: CardAuthorizationFeed,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  private get writer() {
    return { store: this.store, clock: this.clock, ids: this.ids };
  }

  onApplicationBootstrap(): void {
    this.passes.start(this.config.RECONCILIATION_OBSERVE_EVERY_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  /** One pass to the end of the feed; resolves to how many authorizations it recorded. One pass at a time. */
  observe(): Promise<number> {
    return this.passes.run();
  }

  private async observeAll(): Promise<number> {
    let recorded = 0;
    for (;;) {
      const page = await this.feed.authorizationsAfter(this.cursor, PAGE);
      if (E.isLeft(page)) {
        this.logger.warn(`Card authorization observer: ${page.left.message} (${page.left.code})`);
        return recorded;
      }
      for (const fed of page.right.authorizations) if (!this.passes.stopped && (await this.record(fed))) recorded++;
      this.cursor = page.right.next;
      if (!page.right.more || this.passes.stopped) return recorded;
    }
  }

  /** Appends the observation; false when it was recorded before (here or by another instance). */
  private async record({ authorization, metadata }: FedAuthorization): Promise<boolean> {
    const event: AgentCardAuthorizationObserved = {
      type: 'AgentCardAuthorizationObserved',
      data: {
        authorizationId: authorization.authorizationId,
        cardId: authorization.cardId,
        ...(metadata['runId'] ? { runId: metadata['runId'] } : {}),
        ...(metadata['attemptId'] ? { attemptId: metadata['attemptId'] } : {}),
        amount: authorization.amount.amount,
        currency: authorization.amount.currency,
        merchant: authorization.merchant,
        approved: authorization.approved,
        ...(authorization.declineCode ? { declineCode: authorization.declineCode } : {}),
        at: authorization.createdAt,
      },
    };
    const context = { projectId: metadata['projectId'] ?? null, actor: OBSERVER, correlationId: authorization.cardId };
    return recordOnce(this.writer, agentCardAuthorizationStream(authorization.authorizationId), event, context);
  }
}
