import { signatureRequestDecider, signatureStreamName } from '@paykit/wallets';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';

/** A request for a wallet's signature: stream `walletsignature-<id>`. */
export const SignatureRequestAggregate = aggregateType({
  name: 'signature request',
  decider: signatureRequestDecider,
  streamName: signatureStreamName,
});
