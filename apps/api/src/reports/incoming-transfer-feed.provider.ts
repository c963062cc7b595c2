import type { Provider } from '@nestjs/common';
import { type ChainGateway, type IncomingTransferFeed, incomingTransferFeedOf } from '@paykit/providers';
import { CHAIN_GATEWAY } from '../wallets/gateway/chain-gateway.token.js';

/** The transfers into deposit addresses, as the deposit observer reads them. */
export const INCOMING_TRANSFER_FEED = Symbol('IncomingTransferFeed');

/**
 * What the app's chain gateway lists: the sandbox chains, from their streams in the event store
 * (docs/adr/0430). Chains served by a node (EVM JSON-RPC) have no feed yet (ADR 0611).
 */
export const incomingTransferFeedProvider: Provider = {
  provide: INCOMING_TRANSFER_FEED,
  useFactory: (gateway: ChainGateway): IncomingTransferFeed => incomingTransferFeedOf(gateway),
  inject: [CHAIN_GATEWAY],
};
