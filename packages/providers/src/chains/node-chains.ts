import type { ChainInfo, ChainType } from '@paykit/wallets';
import { findChain } from '@paykit/wallets';
import type { Environment } from '../environment.js';

/**
 * A node adapter's chains by name, each endpoint connected once; an endpoint naming no chain of
 * the family in this environment is a start-up error.
 */
export const connectNodeChains = <Endpoint extends { readonly chain: string }, Chain>(
  environment: Environment,
  chainType: ChainType,
  endpoints: readonly Endpoint[],
  connect: (info: ChainInfo, endpoint: Endpoint) => Chain,
): Map<string, Chain> => {
  const chains = new Map<string, Chain>();
  for (const endpoint of endpoints) {
    const info = findChain(endpoint.chain, environment);
    if (!info || info.chainType !== chainType)
      throw new Error(`${endpoint.chain} is not a ${chainType} chain of ${environment}`);
    chains.set(info.name, connect(info, endpoint));
  }
  return chains;
};
