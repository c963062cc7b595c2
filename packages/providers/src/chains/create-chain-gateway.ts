import type { EventStore } from '@paykit/event-store';
import { http, webSocket, type Hex, type Transport } from 'viem';
import type { Clock } from '@paykit/kernel';
import { chainsOf, findChain, otherEnvironmentOf } from '@paykit/wallets';
import type { Environment } from '../environment.js';
import type { ChainGateway } from './chain-gateway.js';
import { EvmJsonRpcGateway } from './evm/evm-json-rpc-gateway.js';
import type { EvmChainEndpoint } from './evm/evm-chain.js';
import { SolanaRpcGateway } from './solana/solana-rpc-gateway.js';
import { RoutingChainGateway, type ChainAdapterName } from './routing-chain-gateway.js';
import { legacyJournalPath } from './sandbox/legacy-journal.js';
import { SandboxChainGateway, type SandboxChainGatewayOptions } from './sandbox/sandbox-chain-gateway.js';

export interface ChainGatewayConfig {
  readonly environment: Environment;
  readonly clock: Clock;
  /**
   * `EVM_RPC_URLS`: comma-separated `chain=url` pairs (`base-sepolia=https://...,base=wss://...`);
   * http(s) and ws(s) URLs. Pairs naming the other environment's chains are ignored, so one
   * value can serve both; a name no environment knows, or a non-EVM chain, is a start-up error.
   */
  readonly evmRpcUrls?: string | Readonly<Record<string, string>>;
  /** Transports by chain name (in-process nodes, tests); they win over URLs. */
  readonly evmTransports?: Readonly<Record<string, Transport>>;
  /** Per-chain overrides of the confirmations a node-backed chain waits for. */
  readonly evmConfirmations?: Readonly<Record<string, number>>;
  /** `EVM_FAUCET_KEY`: a staging key holding stablecoin and gas on the RPC chains (never used in production). */
  readonly evmFaucetKey?: Hex;
  /**
   * `SOLANA_RPC_URL`: the http(s) JSON-RPC URL of a node of the environment's Solana cluster
   * (mainnet-beta in production, devnet in staging); the `solana` chain then goes through it.
   */
  readonly solanaRpcUrl?: string;
  /** `SOLANA_RPC_TIMEOUT_MS`: a Solana node call unanswered this long is `chain_unavailable` (default 10 s). */
  readonly solanaRpcTimeoutMs?: number;
  /**
   * `STELLAR_HORIZON_URL`: the http(s) URL of a Horizon server of the environment's Stellar
   * network (the public network in production, testnet in staging); the `stellar` chain then goes through it.
   */
  readonly stellarHorizonUrl?: string;
  /** `STELLAR_HORIZON_TIMEOUT_MS`: a Horizon call unanswered this long is `chain_unavailable` (default 10 s). */
  readonly stellarHorizonTimeoutMs?: number;
  /** `STELLAR_STABLECOIN_ASSET`: `CODE:ISSUER` of the stablecoin on a staging Horizon (production knows Circle's USDC). */
  readonly stellarStablecoinAsset?: string;
  /**
   * `APTOS_NODE_URL`: the http(s) REST API base (`.../v1`) of a fullnode of the environment's Aptos
   * network (mainnet in production, testnet in staging); the `aptos` chain then goes through it.
   */
  readonly aptosNodeUrl?: string;
  /** `APTOS_NODE_TIMEOUT_MS`: an Aptos fullnode call unanswered this long is `chain_unavailable` (default 10 s). */
  readonly aptosNodeTimeoutMs?: number;
  /**
   * `SUI_RPC_URL`: the http(s) JSON-RPC URL of a fullnode of the environment's Sui network
   * (mainnet in production, testnet in staging); the `sui` chain then goes through it.
   */
  readonly suiRpcUrl?: string;
  /** `SUI_RPC_TIMEOUT_MS`: a Sui node call unanswered this long is `chain_unavailable` (default 10 s). */
  readonly suiRpcTimeoutMs?: number;
  /** Where the sandbox keeps what its chains accepted (the service's event store); a memory store of its own when absent. */
  readonly store?: EventStore;
  /** `DATA_DIR`: a journal an earlier version kept there (`chain-sandbox-<environment>.jsonl`) is imported into `store` once. */
  readonly dataDir?: string;
  readonly sandboxTiming?: SandboxChainGatewayOptions['timing'];
  /**
   * What serves a production chain without an RPC URL: `unavailable` (default: every call is
   * `chain_not_configured`), or `sandbox` for demo deployments (its faucet stays refused).
   */
  readonly productionFallback?: 'unavailable' | 'sandbox';
}

/** Parses `EVM_RPC_URLS`; throws on a malformed pair (configuration is checked at start-up). */
export const parseEvmRpcUrls = (text: string): Readonly<Record<string, string>> => {
  const urls: Record<string, string> = {};
  for (const pair of text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const at = pair.indexOf('=');
    const chain = pair.slice(0, at).trim();
    const url = pair.slice(at + 1).trim();
    if (at <= 0 || !/^(https?|wss?):\/\/\S+$/.test(url))
      throw new Error(`EVM_RPC_URLS: "${pair}" is not chain=http(s)|ws(s)://url`);
    urls[chain] = url;
  }
  return urls;
};

/** A node that does not answer in 10 s is unavailable; viem retries twice with backoff before that verdict. */
const transportOf = (url: string): Transport =>
  url.startsWith('ws')
    ? webSocket(url, { retryCount: 2, timeout: 10_000 })
    : http(url, { retryCount: 2, timeout: 10_000 });

const rpcTransportsOf = (config: ChainGatewayConfig): Map<string, Transport> => {
  const urls = typeof config.evmRpcUrls === 'string' ? parseEvmRpcUrls(config.evmRpcUrls) : (config.evmRpcUrls ?? {});
  const transports = new Map<string, Transport>();
  for (const [chain, url] of Object.entries(urls)) {
    const info = findChain(chain, config.environment);
    if (!info && otherEnvironmentOf(chain, config.environment)) continue;
    if (!info || info.chainType !== 'evm') throw new Error(`EVM_RPC_URLS: "${chain}" is not an EVM chain`);
    transports.set(chain, transportOf(url));
  }
  for (const [chain, transport] of Object.entries(config.evmTransports ?? {})) transports.set(chain, transport);
  return transports;
};

/** A single-chain node setting's URL, checked as http(s) at start-up; undefined when not set. */
const nodeUrlOf = (setting: string, value: string | undefined): string | undefined => {
  const url = value?.trim();
  if (!url) return undefined;
  if (!/^https?:\/\/\S+$/.test(url)) throw new Error(`${setting}: "${url}" is not an http(s) URL`);
  return url;
};

const timeoutOf = (timeoutMs: number | undefined) => (timeoutMs !== undefined ? { timeoutMs } : {});

const SOLANA_CHAIN = 'solana';

const solanaGatewayOf = ({ environment, clock, ...config }: ChainGatewayConfig): SolanaRpcGateway | undefined => {
  const url = nodeUrlOf('SOLANA_RPC_URL', config.solanaRpcUrl);
  if (!url) return undefined;
  return new SolanaRpcGateway({
    environment,
    clock,
    chains: [{ chain: SOLANA_CHAIN, url, ...timeoutOf(config.solanaRpcTimeoutMs) }],
  });
};

const STELLAR_CHAIN = 'stellar';

const stellarGatewayOf = async ({ environment, clock, ...config }: ChainGatewayConfig) => {
  const url = nodeUrlOf('STELLAR_HORIZON_URL', config.stellarHorizonUrl);
  if (!url) return undefined;
  const { StellarHorizonGateway } = await import('./stellar/stellar-horizon-gateway.js');
  const stablecoin = config.stellarStablecoinAsset ? { stablecoinAsset: config.stellarStablecoinAsset } : {};
  return new StellarHorizonGateway({
    environment,
    clock,
    chains: [{ chain: STELLAR_CHAIN, url, ...timeoutOf(config.stellarHorizonTimeoutMs), ...stablecoin }],
  });
};

const APTOS_CHAIN = 'aptos';

const aptosGatewayOf = async ({ environment, clock, ...config }: ChainGatewayConfig) => {
  const url = nodeUrlOf('APTOS_NODE_URL', config.aptosNodeUrl);
  if (!url) return undefined;
  const { AptosNodeGateway } = await import('./aptos/aptos-node-gateway.js');
  return new AptosNodeGateway({
    environment,
    clock,
    chains: [{ chain: APTOS_CHAIN, url, ...timeoutOf(config.aptosNodeTimeoutMs) }],
  });
};

const SUI_CHAIN = 'sui';

const suiGatewayOf = async ({ environment, clock, ...config }: ChainGatewayConfig) => {
  const url = nodeUrlOf('SUI_RPC_URL', config.suiRpcUrl);
  if (!url) return undefined;
  const { SuiRpcGateway } = await import('./sui/sui-rpc-gateway.js');
  return new SuiRpcGateway({
    environment,
    clock,
    chains: [{ chain: SUI_CHAIN, url, ...timeoutOf(config.suiRpcTimeoutMs) }],
  });
};

/**
 * The chain gateway of one environment: EVM chains, Solana and Sui with a node configured go through JSON-RPC,
 * Stellar with a Horizon URL through Horizon, Aptos with a fullnode through its REST API;
 * every other staging chain is the sandbox ledger; other production chains are unavailable
 * unless `productionFallback: 'sandbox'`. The sandbox faucet never answers in production.
 * The Stellar, Aptos and Sui SDKs load only when their chain is configured (about 0.5 s of every
 * start-up otherwise).
 */
export const createChainGateway = async (config: ChainGatewayConfig): Promise<RoutingChainGateway> => {
  const { environment, clock } = config;
  const routes = new Map<string, { readonly name: ChainAdapterName; readonly gateway: ChainGateway }>();
  const transports = rpcTransportsOf(config);
  if (transports.size > 0) {
    const endpoints: EvmChainEndpoint[] = [...transports].map(([chain, transport]) => ({
      chain,
      transport,
      ...(config.evmConfirmations?.[chain] !== undefined && { confirmations: config.evmConfirmations[chain] }),
      ...(config.evmFaucetKey && environment === 'staging' && { faucet: { secretKey: config.evmFaucetKey } }),
    }));
    const rpc = new EvmJsonRpcGateway({ environment, clock, chains: endpoints });
    for (const chain of transports.keys()) routes.set(chain, { name: 'evm-json-rpc', gateway: rpc });
  }
  const solana = solanaGatewayOf(config);
  if (solana) routes.set(SOLANA_CHAIN, { name: 'solana-json-rpc', gateway: solana });
  const stellar = await stellarGatewayOf(config);
  if (stellar) routes.set(STELLAR_CHAIN, { name: 'stellar-horizon', gateway: stellar });
  const aptos = await aptosGatewayOf(config);
  if (aptos) routes.set(APTOS_CHAIN, { name: 'aptos-node', gateway: aptos });
  const sui = await suiGatewayOf(config);
  if (sui) routes.set(SUI_CHAIN, { name: 'sui-json-rpc', gateway: sui });
  if (environment === 'staging' || config.productionFallback === 'sandbox') {
    const sandbox = new SandboxChainGateway({
      environment,
      clock,
      ...(config.store && { store: config.store }),
      ...(config.dataDir && { legacyJournalPath: legacyJournalPath(config.dataDir, environment) }),
      ...(config.sandboxTiming && { timing: config.sandboxTiming }),
    });
    for (const chain of chainsOf(environment))
      if (!routes.has(chain.name)) routes.set(chain.name, { name: 'sandbox', gateway: sandbox });
  }
  return new RoutingChainGateway(environment, routes);
};
