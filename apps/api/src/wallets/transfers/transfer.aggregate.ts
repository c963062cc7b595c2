import { transferDecider, transferStreamName } from '@paykit/transfers';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';

/** A token transfer from a wallet: stream `transfer-<id>`. */
export const TransferAggregate = aggregateType({
  name: 'transfer',
  decider: transferDecider,
  streamName: transferStreamName,
});
