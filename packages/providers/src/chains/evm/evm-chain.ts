import * as E from 'fp-ts/lib/Either.js';
import { createPublicClient, defineChain, type Hex, type PublicClient, type Transport } from 'viem';
import type { DomainError } from '@paykit/kernel';
import type { ChainInfo } from '@paykit/wallets';
import type { FinalityRule } from '../chain-gateway.js';
import { networkFinalityOf } from '../finality.js';
import { nodeFailure } from './evm-errors.js';

/** One EVM chain served by a node. */
export interface EvmChainEndpoint {
  /** The registry's chain name, e.g. `base-sepolia`. */
  readonly chain: string;
  /** How to reach the node: viem `http(url)`, `webSocket(url)`, or `custom(eip1193Provider)`. */
  readonly transport: Transport;
  /** Overrides the network's finality rule (finality.ts). */
  readonly confirmations?: number;
  readonly blockTimeMs?: number;
  /**
   * Estimate (simulate) before broadcasting, default true: a call that would revert is
   * `rejected` with its revert data instead of being mined as a failure that still costs gas.
   */
  readonly simulate?: boolean;
  /** Staging faucet on a node we control: a key holding the stablecoin and gas, and where the stablecoin lives. */
  readonly faucet?: { readonly secretKey: Hex; readonly stablecoinAddress?: string };
}

export interface EvmChain {
  readonly info: ChainInfo;
  readonly client: PublicClient;
  readonly chainId: number;
  readonly rule: FinalityRule;
  readonly simulate: boolean;
  readonly faucet?: EvmChainEndpoint['faucet'];
}

export const connectEvmChain = (info: ChainInfo, endpoint: EvmChainEndpoint): EvmChain => {
  const chainId = info.evmChainId as number;
  const network = networkFinalityOf(info);
  const chain = defineChain({
    id: chainId,
    name: info.name,
    nativeCurrency: {
      name: info.nativeCurrency.name,
      symbol: info.nativeCurrency.symbol.toUpperCase(),
      decimals: info.nativeCurrency.decimals,
    },
    rpcUrls: { default: { http: [] } },
  });
  return {
    info,
    client: createPublicClient({ chain, transport: endpoint.transport }) as PublicClient,
    chainId,
    rule: {
      chain: info.name,
      confirmations: endpoint.confirmations ?? network.confirmations,
      blockTimeMs: endpoint.blockTimeMs ?? network.blockTimeMs,
    },
    simulate: endpoint.simulate ?? true,
    ...(endpoint.faucet && { faucet: endpoint.faucet }),
  };
};

/** Runs node calls, turning a thrown viem error into the node's DomainError. */
export const tryNode = async <A>(chain: EvmChain, work: () => Promise<A>): Promise<E.Either<DomainError, A>> => {
  try {
    return E.right(await work());
  } catch (error) {
    return E.left(nodeFailure(chain.info.name, error));
  }
};

/** Gas limits used when a call cannot be estimated (a payer not yet funded, simulation off). */
export const FALLBACK_GAS = { native: 21_000n, nativeWithData: 40_000n, token: 100_000n } as const;

export const fallbackGasOf = (data: Hex, native: boolean): bigint =>
  native ? (data === '0x' ? FALLBACK_GAS.native : FALLBACK_GAS.nativeWithData) : FALLBACK_GAS.token;

export const ERC20_READ_ABI = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint8' }] },
] as const;
