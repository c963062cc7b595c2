import type { Provider } from '@nestjs/common';
import { type ChainGateway, type IncomingTransferFeed, SandboxTransferFeed, sandboxJournalPath } from '@paykit/providers';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';
import { CHAIN_GATEWAY } from '../wallets/gateway/chain-gateway.token.js';

/** The transfers into deposit addresses, as the deposit observer reads them. */
export const INCOMING_TRANSFER_FEED = Symbol('IncomingTransferFeed');

/**
 * The sandbox chains' journal under DATA_DIR, statused by the app's chain gateway. Beside a
 * store in memory the sandbox journals nothing, so the feed lists nothing. Chains served by a
 * node (EVM JSON-RPC) have no feed yet (ADR 0611).
 */
export const incomingTransferFeedProvider: Provider = {
  provide: INCOMING_TRANSFER_FEED,
  useFactory: (config: AppConfig, gateway: ChainGateway): IncomingTransferFeed =>
    new SandboxTransferFeed({ journalPath: sandboxJournalPath(config.DATA_DIR, config.APP_ENV), environment: config.APP_ENV, gateway }),
  inject: [APP_CONFIG, CHAIN_GATEWAY],
};
