import { parseEvmRpcUrls } from '@paykit/providers';
import { chainsOf } from '@paykit/wallets';
import type { ProductionParty } from './production-party.js';

const MAIN_NETWORKS = chainsOf('production')
  .filter((chain) => chain.chainType === 'evm')
  .map((chain) => chain.name);

/** EVM main networks, each through a node over JSON-RPC (EVM_RPC_URLS, viem). */
export const evmParty: ProductionParty = {
  name: 'evm',
  problems: (config) => {
    let urls: Readonly<Record<string, string>>;
    try {
      urls = parseEvmRpcUrls(config.EVM_RPC_URLS);
    } catch (error) {
      return [(error as Error).message];
    }
    const missing = MAIN_NETWORKS.filter((chain) => urls[chain] === undefined);
    const insecure = MAIN_NETWORKS.filter((chain) => urls[chain] !== undefined && !/^(https|wss):/.test(urls[chain]));
    return [
      ...(missing.length > 0 ? [`EVM_RPC_URLS: no node for ${missing.join(', ')} (chain=https://... each)`] : []),
      ...insecure.map((chain) => `EVM_RPC_URLS: the node of ${chain} must be https or wss`),
    ];
  },
  example: { EVM_RPC_URLS: MAIN_NETWORKS.map((chain) => `${chain}=https://${chain}.rpc.example`).join(',') },
};
