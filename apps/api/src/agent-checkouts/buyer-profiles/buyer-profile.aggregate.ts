import { buyerProfileDecider, buyerProfileStreamName } from '@paykit/agent-profiles';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';

/** A buyer profile: stream `buyerProfile-<profileId>`. */
export const BuyerProfileAggregate = aggregateType({
  name: 'buyer profile',
  decider: buyerProfileDecider,
  streamName: buyerProfileStreamName,
});
