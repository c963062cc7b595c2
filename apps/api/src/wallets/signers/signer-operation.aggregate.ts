import { signerOperationDecider, signerOperationStreamName } from '@paykit/wallets';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';

/** A wallet transaction that adds or removes a delegated signer: stream `walletsignerop-<id>`. */
export const SignerOperationAggregate = aggregateType({
  name: 'signer operation',
  decider: signerOperationDecider,
  streamName: signerOperationStreamName,
});
