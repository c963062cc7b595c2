import * as E from 'fp-ts/lib/Either.js';
import { serializeTransaction, type Hex } from 'viem';
import type { DomainError } from '@paykit/kernel';
import { findTokenByAddress } from '@paykit/wallets';
import type { ChainToken, FeeEstimate, UnsignedDepositTransaction } from '../chain-gateway.js';
import { nativeFeeOf } from '../fee-amount.js';
import { ERC20_READ_ABI, fallbackGasOf, tryNode, type EvmChain } from './evm-chain.js';
import type { CheckedEvmTransfer } from './evm-request.js';
import { evmTransferCallOf, type EvmTransferCall } from './evm-transfer-call.js';

/** Decimals from the registry when it knows the token, else from the contract. */
export const evmDecimalsOf = async (chain: EvmChain, token: ChainToken): Promise<E.Either<DomainError, number>> => {
  if (token.native) return E.right(chain.info.nativeCurrency.decimals);
  const known = findTokenByAddress(chain.info, token.address);
  if (known) return E.right(known.decimals);
  return tryNode(chain, () =>
    chain.client.readContract({ address: token.address as Hex, abi: ERC20_READ_ABI, functionName: 'decimals' }),
  );
};

/** `eth_getBalance`, or the token's `balanceOf`. */
export const evmUnitsOf = (
  chain: EvmChain,
  address: string,
  token: ChainToken,
): Promise<E.Either<DomainError, bigint>> =>
  tryNode(chain, () =>
    token.native
      ? chain.client.getBalance({ address: address as Hex })
      : chain.client.readContract({
          address: token.address as Hex,
          abi: ERC20_READ_ABI,
          functionName: 'balanceOf',
          args: [address as Hex],
        }),
  );

/** The node's estimate when the sender could already pay, else the fallback limits. */
const gasOf = async (chain: EvmChain, from: string, call: EvmTransferCall, native: boolean): Promise<bigint> => {
  try {
    return await chain.client.estimateGas({ account: from as Hex, ...call });
  } catch {
    return fallbackGasOf(call.data, native);
  }
};

/** An unsigned EIP-1559 transaction from the payer: its pending nonce, the node's fees, the memo trailer. */
export const buildEvmDeposit = (
  chain: EvmChain,
  { from, to, token, units, memo }: CheckedEvmTransfer,
): Promise<E.Either<DomainError, UnsignedDepositTransaction>> => {
  const call = evmTransferCallOf(token, to, units, memo);
  return tryNode(chain, async () => {
    const fees = await chain.client.estimateFeesPerGas();
    const nonce = await chain.client.getTransactionCount({ address: from as Hex, blockTag: 'pending' });
    const gas = await gasOf(chain, from, call, token.native);
    const serializedTransaction = serializeTransaction({
      type: 'eip1559',
      chainId: chain.chainId,
      nonce,
      gas,
      ...call,
      ...fees,
    });
    return { chain: chain.info.name, encoding: 'evm-eip1559', serializedTransaction, to: call.to, data: call.data };
  });
};

/** Gas times the current max fee per gas, in the gas token. */
export const estimateEvmFee = (
  chain: EvmChain,
  { from, to, token, units }: CheckedEvmTransfer,
): Promise<E.Either<DomainError, FeeEstimate>> => {
  const call = evmTransferCallOf(token, to, units);
  return tryNode(chain, async () => {
    const { maxFeePerGas } = await chain.client.estimateFeesPerGas();
    return nativeFeeOf(chain.info, (await gasOf(chain, from, call, token.native)) * maxFeePerGas);
  });
};
