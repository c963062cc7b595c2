import { parseTransaction, recoverTransactionAddress, type Hex, type TransactionSerialized } from 'viem';
import type { EvmChain } from './evm-chain.js';

/**
 * Signed transactions whose `eth_sendRawTransaction` got no usable answer, by hash: they may be in
 * a mempool, so they count as submitted and are sent again, byte for byte (same nonce, same hash),
 * while the node does not know them. Signing anew would take the next nonce and could pay twice.
 * Kept in the process: after a restart, one the node never saw stays unknown to it.
 */
export class UnansweredSends {
  private readonly signed = new Map<string, Hex>();

  remember(chain: string, hash: Hex, serialized: Hex): void {
    this.signed.set(`${chain}:${hash.toLowerCase()}`, serialized);
  }

  serializedOf(chain: string, hash: string): Hex | undefined {
    return this.signed.get(`${chain}:${hash.toLowerCase()}`);
  }

  forget(chain: string, hash: string): void {
    this.signed.delete(`${chain}:${hash.toLowerCase()}`);
  }
}

/** Whether the sender's mined transactions already passed this one's nonce (so it can never be mined); a node fault reads as not. */
export const nonceTakenSince = async (chain: EvmChain, serialized: Hex): Promise<boolean> => {
  try {
    const { nonce } = parseTransaction(serialized);
    const address = await recoverTransactionAddress({ serializedTransaction: serialized as TransactionSerialized });
    const mined = await chain.client.getTransactionCount({ address, blockTag: 'latest' });
    return nonce !== undefined && nonce < mined;
  } catch {
    return false;
  }
};
