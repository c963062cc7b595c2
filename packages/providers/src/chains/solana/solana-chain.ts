import { createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit';
import type { ChainInfo } from '@paykit/wallets';
import type { FinalityRule } from '../chain-gateway.js';
import { networkFinalityOf } from '../finality.js';

export interface SolanaChainEndpoint {
  readonly chain: string;
  /** The node's JSON-RPC URL (http or https). */
  readonly url: string;
  /** A call the node has not answered in this long is `chain_unavailable` (default 10 s). */
  readonly timeoutMs?: number;
}

export interface SolanaChain {
  readonly info: ChainInfo;
  readonly rpc: Rpc<SolanaRpcApi>;
  readonly timeoutMs: number;
  /** `finalized` commitment: the 32 slots of the network's rule. */
  readonly rule: FinalityRule;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export const connectSolanaChain = (info: ChainInfo, endpoint: SolanaChainEndpoint): SolanaChain => ({
  info,
  rpc: createSolanaRpc(endpoint.url),
  timeoutMs: endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  rule: networkFinalityOf(info),
});
