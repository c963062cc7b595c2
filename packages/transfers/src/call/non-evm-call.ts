import type { ChainType } from '../transfer/chain.js';
import type { ContractCall, TransferCallInput } from './contract-call.js';

const SOLANA_SYSTEM_PROGRAM = '11111111111111111111111111111111';
const SUI_NATIVE_COIN = '0x2::sui::SUI';

/**
 * The transfer each non-EVM family executes, in the spec's call shape (no ABI: these chains
 * describe functions differently). `address` is the program, contract or package called; `args`
 * are the function's arguments in order, amounts in base units.
 * - Solana: System Program `transfer(to, lamports)`; SPL `transferChecked` on the mint.
 * - Stellar: the asset contract's SEP-41 `transfer(from, to, amount)`.
 * - Aptos: `0x1::aptos_account::transfer(to, amount)`; `0x1::primary_fungible_store::transfer(metadata, to, amount)`.
 * - Sui: `0x2::pay::split_and_transfer<T>(coin, amount, to)`, the coin type standing in for the coin object.
 */
export const nonEvmContractCallOf = ({
  chainType,
  from,
  token,
  recipientAddress: to,
  baseUnits,
}: TransferCallInput & { readonly chainType: Exclude<ChainType, 'evm'> }): ContractCall => {
  const call = (address: string, functionName: string, args: string[]): ContractCall => ({
    abi: [],
    address,
    args,
    functionName,
  });
  switch (chainType) {
    case 'solana':
      return token.native
        ? call(SOLANA_SYSTEM_PROGRAM, 'transfer', [to, baseUnits])
        : call(token.address as string, 'transferChecked', [to, baseUnits, String(token.decimals)]);
    case 'stellar':
      // The native asset has a contract too; the handler passes its id as the token address.
      return call(token.address ?? 'native', 'transfer', [from, to, baseUnits]);
    case 'aptos':
      return token.native
        ? call('0x1', 'aptos_account::transfer', [to, baseUnits])
        : call('0x1', 'primary_fungible_store::transfer', [token.address as string, to, baseUnits]);
    case 'sui':
      return call('0x2', 'pay::split_and_transfer', [
        token.native ? (token.address ?? SUI_NATIVE_COIN) : (token.address as string),
        baseUnits,
        to,
      ]);
  }
};
