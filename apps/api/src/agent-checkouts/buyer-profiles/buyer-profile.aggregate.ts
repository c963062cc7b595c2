import { type BuyerProfileEvent, buyerProfileDecider, buyerProfileStreamName } from '@paykit/agent-profiles';
import type { RecordedEvent } from '@paykit/event-store';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';
import type { DataKey } from '../../infrastructure/secrets/erasable-keys.js';
import { type StoredBuyerProfileEvent, openDetails, sealDetails } from './sealed-details.js';

const toStored =
  (key: DataKey | null) =>
  (event: BuyerProfileEvent): StoredBuyerProfileEvent => {
    if (event.type === 'BuyerProfileDeleted') return event;
    if (!key) throw new Error(`buyer profile ${event.data.profileId}: no data key to seal its details with`);
    const { details, ...rest } = event.data;
    return {
      type: event.type,
      data: { ...rest, ...sealDetails(key, rest.profileId, details) },
    } as StoredBuyerProfileEvent;
  };

const toDomain =
  (key: DataKey | null) =>
  (recorded: RecordedEvent): BuyerProfileEvent => {
    const event = { type: recorded.type, data: recorded.data } as StoredBuyerProfileEvent;
    if (event.type === 'BuyerProfileDeleted') return event;
    const {
      sealedDetails: _sealed,
      details: _clear,
      ...rest
    } = event.data as typeof event.data & Partial<{ sealedDetails: string; details: unknown }>;
    return {
      type: event.type,
      data: { ...rest, details: openDetails(key, rest.profileId, event.data) },
    } as BuyerProfileEvent;
  };

/**
 * A buyer profile: stream `buyerProfile-<profileId>`, its details sealed under the profile's
 * data key (docs/adr/0509) on the way in and opened on the way out; without the key (erased)
 * they read as ERASED_DETAILS.
 */
export const buyerProfileAggregate = (key: DataKey | null) =>
  aggregateType({
    name: 'buyer profile',
    decider: buyerProfileDecider,
    streamName: buyerProfileStreamName,
    toStoredEvent: toStored(key),
    toDomainEvent: toDomain(key),
  });
