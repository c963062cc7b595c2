import { JsonRpcHTTPTransport, SuiJsonRpcClient } from '@mysten/sui/jsonRpc';
import type { ChainInfo } from '@paykit/wallets';
import type { FinalityRule } from '../chain-gateway.js';
import { networkFinalityOf } from '../finality.js';

export interface SuiChainEndpoint {
  readonly chain: string;
  /** The fullnode's JSON-RPC URL (http or https). */
  readonly url: string;
  /** A call the node has not answered in this long is `chain_unavailable` (default 10 s). */
  readonly timeoutMs?: number;
}

export interface SuiChain {
  readonly info: ChainInfo;
  readonly client: SuiJsonRpcClient;
  /** Final at its checkpoint: one checkpoint (BFT, no reorganisation). */
  readonly rule: FinalityRule;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Every call gets the timeout through the transport's fetch: the SDK passes no signal on some
 * calls (`dryRunTransactionBlock`), so the deadline is set where every request goes through.
 */
const fetchWithin =
  (timeoutMs: number): typeof fetch =>
  (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
  };

export const connectSuiChain = (info: ChainInfo, endpoint: SuiChainEndpoint): SuiChain => ({
  info,
  client: new SuiJsonRpcClient({
    network: info.network,
    transport: new JsonRpcHTTPTransport({
      url: endpoint.url,
      fetch: fetchWithin(endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    }),
  }),
  rule: networkFinalityOf(info),
});
