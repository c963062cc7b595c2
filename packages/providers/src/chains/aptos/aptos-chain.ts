import {
  Aptos,
  AptosConfig,
  Network,
  NetworkToChainId,
  type Client,
  type ClientRequest,
  type ClientResponse,
} from '@aptos-labs/ts-sdk';
import type { ChainInfo } from '@paykit/wallets';
import type { FinalityRule } from '../chain-gateway.js';
import { networkFinalityOf } from '../finality.js';
import { MalformedAptosAnswer } from './aptos-errors.js';

export interface AptosChainEndpoint {
  readonly chain: string;
  /** The fullnode's REST API base, with its version (`https://fullnode.mainnet.aptoslabs.com/v1`). */
  readonly url: string;
  /** A call the node has not answered in this long is `chain_unavailable` (default 10 s). */
  readonly timeoutMs?: number;
}

export interface AptosChain {
  readonly info: ChainInfo;
  readonly aptos: Aptos;
  /** The id the node must serve: 1 on mainnet (production), 2 on testnet (staging). */
  readonly chainId: number;
  readonly timeoutMs: number;
  /** A committed transaction is final (the block that holds it is BFT-final): one confirmation. */
  readonly rule: FinalityRule;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const queryOf = (params: unknown): string => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>))
    if (value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
};

const headersOf = (headers: Record<string, unknown> | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );

/** JSON, or (for an error status) the text as the SDK's own client hands it on; a 2xx that is not JSON is malformed. */
const bodyOf = (text: string, ok: boolean): unknown => {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (ok) throw new MalformedAptosAnswer('the node answered a body that is not JSON');
    return text;
  }
};

/**
 * The SDK's HTTP client, on fetch with a timeout per call: its default client (got, HTTP/2) has
 * no timeout, and fetch's own failures are what node-failure.ts reads.
 */
export const fetchClientOf = (timeoutMs: number): Client => ({
  async provider<Req, Res>(request: ClientRequest<Req>): Promise<ClientResponse<Res>> {
    const { body } = request;
    const response = await fetch(`${request.url}${queryOf(request.params)}`, {
      method: request.method,
      headers: headersOf(request.headers),
      ...(body !== undefined && { body: body instanceof Uint8Array ? body : JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const data = bodyOf(await response.text(), response.ok) as Res;
    return { status: response.status, statusText: response.statusText, data };
  },
});

export const connectAptosChain = (info: ChainInfo, endpoint: AptosChainEndpoint): AptosChain => {
  const timeoutMs = endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const network = info.network === 'mainnet' ? Network.MAINNET : Network.TESTNET;
  const config = new AptosConfig({
    // The network names the SDK's per-network defaults (unused: every term is read off the node).
    network,
    fullnode: endpoint.url.replace(/\/+$/, ''),
    client: fetchClientOf(timeoutMs),
  });
  return {
    info,
    aptos: new Aptos(config),
    chainId: NetworkToChainId[network] as number,
    timeoutMs,
    rule: networkFinalityOf(info),
  };
};
