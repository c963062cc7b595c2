import { walletDecider } from '@paykit/wallets';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';
import { walletStream } from './wallet-ids.js';

/** A wallet: stream `wallet-<id>`, its id derived from its identity, key or address (wallet-ids.ts). */
export const WalletAggregate = aggregateType({
  name: 'wallet',
  decider: walletDecider,
  streamName: walletStream,
});
