import type { Provider } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import type { Clock } from '@paykit/kernel';
import { type ChainGateway, createChainGateway } from '@paykit/providers';
import type { Hex } from 'viem';
import { type AppConfig, ConfigError } from '../../config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../../infrastructure/tokens.js';
import { CHAIN_GATEWAY, CHAIN_GATEWAY_OVERRIDE } from './chain-gateway.token.js';

/**
 * `EVM_FAUCET_KEY` (staging, RPC chains): a private key, so read like SECRETS_KEY, from the
 * environment and never echoed in an error.
 */
const evmFaucetKey = (): Hex | undefined => {
  const value = process.env['EVM_FAUCET_KEY'];
  if (value === undefined || value === '') return undefined;
  if (!/^0x[0-9a-fA-F]{64}$/.test(value))
    throw new ConfigError(['EVM_FAUCET_KEY: must be a 0x-prefixed 32-byte hex private key']);
  return value as Hex;
};

/**
 * The chains as the configuration says: EVM chains, Solana and Sui with a node over JSON-RPC, Stellar through
 * Horizon (STELLAR_HORIZON_URL), Aptos with a fullnode over REST (APTOS_NODE_URL), the other staging
 * chains on the sandbox ledger, production chains without a node unavailable. The sandbox keeps
 * what its chains accepted in the app's event store, so every instance on one store sees one
 * ledger (docs/adr/0430); a journal an earlier version left under DATA_DIR is imported once. A
 * global module may provide CHAIN_GATEWAY_OVERRIDE instead (tests, tools).
 */
export const chainGatewayProvider: Provider = {
  provide: CHAIN_GATEWAY,
  useFactory: async (
    config: AppConfig,
    clock: Clock,
    store: EventStore,
    override: ChainGateway | undefined,
  ): Promise<ChainGateway> => {
    if (override) return override;
    const faucetKey = evmFaucetKey();
    try {
      return await createChainGateway({
        environment: config.APP_ENV,
        clock,
        store,
        evmRpcUrls: config.EVM_RPC_URLS,
        ...(config.SOLANA_RPC_URL !== undefined && { solanaRpcUrl: config.SOLANA_RPC_URL }),
        solanaRpcTimeoutMs: config.SOLANA_RPC_TIMEOUT_MS,
        ...(config.STELLAR_HORIZON_URL !== undefined && { stellarHorizonUrl: config.STELLAR_HORIZON_URL }),
        stellarHorizonTimeoutMs: config.STELLAR_HORIZON_TIMEOUT_MS,
        ...(config.STELLAR_STABLECOIN_ASSET !== undefined && {
          stellarStablecoinAsset: config.STELLAR_STABLECOIN_ASSET,
        }),
        ...(config.APTOS_NODE_URL !== undefined && { aptosNodeUrl: config.APTOS_NODE_URL }),
        aptosNodeTimeoutMs: config.APTOS_NODE_TIMEOUT_MS,
        ...(config.SUI_RPC_URL !== undefined && { suiRpcUrl: config.SUI_RPC_URL }),
        suiRpcTimeoutMs: config.SUI_RPC_TIMEOUT_MS,
        ...(faucetKey && { evmFaucetKey: faucetKey }),
        ...(config.EVENT_STORE !== 'memory' && { dataDir: config.DATA_DIR }),
        ...(config.SANDBOX_BLOCK_TIME_MS !== undefined && {
          sandboxTiming: { blockTimeMs: config.SANDBOX_BLOCK_TIME_MS },
        }),
        productionFallback: config.CHAIN_PRODUCTION_FALLBACK,
      });
    } catch (error) {
      throw new ConfigError([(error as Error).message]);
    }
  },
  inject: [APP_CONFIG, CLOCK, EVENT_STORE, { token: CHAIN_GATEWAY_OVERRIDE, optional: true }],
};
