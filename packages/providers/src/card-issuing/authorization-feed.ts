import type { EventStore } from '@paykit/event-store';
import type { ProviderStreams } from '../state/provider-streams.js';
import type { CardAuthorization, CardAuthorizationPage, FedAuthorization } from './card-issuing-port.js';
import { ISSUED_CARD_STREAM_PREFIX, type IssuedCardStreams } from './issued-card-streams.js';

const DECIDED = 'SandboxCardAuthorizationDecided';
/** Events of `$all` looked at per page: the feed skips the rest of the store's events. */
const SCAN = 2000;

export interface FeedSources {
  readonly store: EventStore;
  readonly streams: ProviderStreams;
  readonly cards: IssuedCardStreams;
}

/**
 * The sandbox issuer's authorizations in the order it decided them: its cards' decision events
 * in `$all`, from the position after `after`. The cursor is the position of the last event looked
 * at, so a page that found nothing still moves on; each authorization carries its card's metadata.
 */
export const authorizationsAfter = async (
  sources: FeedSources,
  after: string | null,
  limit: number,
): Promise<CardAuthorizationPage> => {
  const found: FedAuthorization[] = [];
  const metadata = new Map<string, Readonly<Record<string, string>>>();
  let position = after === null || !/^\d+$/.test(after) ? 0n : BigInt(after);
  let scanned = 0;
  for await (const event of sources.store.readAll({ after: position, maxCount: SCAN })) {
    position = event.position;
    scanned++;
    if (event.type !== DECIDED || !event.streamName.startsWith(ISSUED_CARD_STREAM_PREFIX)) continue;
    const { authorization } = sources.streams.open<{ authorization: CardAuthorization }>(event.streamName, event.data);
    if (!metadata.has(authorization.cardId)) {
      const { state } = await sources.cards.load(authorization.cardId);
      metadata.set(authorization.cardId, state.exists ? state.card.metadata : {});
    }
    found.push({ authorization, metadata: metadata.get(authorization.cardId) ?? {} });
    if (found.length >= limit) break;
  }
  return {
    authorizations: found,
    next: position === 0n ? after : position.toString(),
    more: scanned >= SCAN || found.length >= limit,
  };
};
