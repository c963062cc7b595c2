import { linkedWalletDecider, linkedWalletStream } from '@paykit/identity';
import { aggregateType } from '../infrastructure/aggregates/aggregate-type.js';

/** An external wallet of a project (normalized address), verified for one of its users at most. */
export interface LinkedWalletRef {
  readonly projectId: string;
  readonly chainType: string;
  readonly address: string;
}

export const LinkedWalletAggregate = aggregateType({
  name: 'linked wallet',
  decider: linkedWalletDecider,
  streamName: ({ projectId, chainType, address }: LinkedWalletRef) => linkedWalletStream(projectId, chainType, address),
});
