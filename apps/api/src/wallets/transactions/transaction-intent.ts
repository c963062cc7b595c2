import type { SendTransactionBody } from '@paykit/contracts';
import { DomainException, invalid } from '@paykit/kernel';
import { type ChainInfo, type Wallet, solanaTransactionMovements } from '@paykit/wallets';
import { decodeEvmTransfer, evmTransferCallOf } from '@paykit/providers';
import { isAddress, isHex } from 'viem';

/** A raw transaction read as the token transfer it makes: the sandbox ledger executes transfers. */
export interface TransferIntent {
  /** `chain:address` of the token, or `chain:<native symbol>`. */
  readonly tokenLocator: string;
  readonly recipient: string;
  readonly baseUnits: bigint;
  readonly memo?: { readonly type: 'text' | 'id' | 'hash'; readonly value: string };
}

const refuse = (field: string, message: string) =>
  new DomainException(invalid('unsupported_transaction', `${field}: ${message}`));

const SUPPORTED =
  'a native value transfer (empty data) or an ERC-20 transfer(address,uint256) call, either followed by a memo trailer';

/** One EVM call `{to, value, data}`. */
export const evmIntentOf = (
  chain: ChainInfo,
  calls: NonNullable<SendTransactionBody['params']['calls']>,
): TransferIntent => {
  if (calls.length !== 1) throw refuse('params.calls', `exactly one call is executed here, ${SUPPORTED}`);
  const [call] = calls as [(typeof calls)[number]];
  if (!('to' in call))
    throw refuse(
      'params.calls[0].transaction',
      `serialized EVM transactions are not executed here; send the call as {to, value, data}: ${SUPPORTED}`,
    );
  const valueText = String(call.value ?? '0');
  if (!/^\d+$/.test(valueText))
    throw new DomainException(
      invalid('invalid_transaction', 'params.calls[0].value: must be an integer amount of wei'),
    );
  const value = BigInt(valueText);
  if (!isAddress(call.to, { strict: false }))
    throw new DomainException(invalid('invalid_transaction', 'params.calls[0].to: must be an EVM address'));
  const data = (call.data ?? '0x') as string;
  if (!isHex(data))
    throw new DomainException(invalid('invalid_transaction', 'params.calls[0].data: must be 0x-prefixed hex'));
  const transfer = decodeEvmTransfer(call.to, data, value);
  if (!transfer) throw refuse('params.calls[0].data', `not ${SUPPORTED}`);
  if (!transfer.token.native && value !== 0n)
    throw refuse('params.calls[0].value', `an ERC-20 transfer moves no value: ${SUPPORTED}`);
  // Every byte of the call executes: the transfer, then at most its memo trailer, nothing dropped.
  const rebuilt = evmTransferCallOf(transfer.token, transfer.recipient, transfer.baseUnits, transfer.memo);
  if (rebuilt.data.toLowerCase() !== data.toLowerCase())
    throw refuse(
      'params.calls[0].data',
      'bytes after the transfer must be a memo trailer ("memo", then the UTF-8 of <type>:<value>)',
    );
  return {
    tokenLocator: transfer.token.native ? `${chain.name}:${chain.nativeCurrency.symbol}` : `${chain.name}:${call.to}`,
    recipient: transfer.recipient,
    baseUnits: transfer.baseUnits,
    ...(transfer.memo && { memo: transfer.memo }),
  };
};

/** A base58 `VersionedTransaction` whose one instruction is a System Program transfer from the wallet. */
export const solanaIntentOf = (wallet: Wallet, chain: ChainInfo, serialized: string): TransferIntent => {
  const read = solanaTransactionMovements(serialized);
  if (!read)
    throw new DomainException(
      invalid('invalid_transaction', 'params.transaction: not a base58 serialized Solana transaction'),
    );
  const [movement] = read.movements;
  if (read.otherPrograms.length > 0 || read.movements.length !== 1 || !movement) {
    throw refuse(
      'params.transaction',
      'one System Program transfer of SOL is executed here; send tokens with POST .../tokens/{tokenLocator}/transfers',
    );
  }
  if (movement.from !== wallet.address)
    throw refuse('params.transaction', `the transfer must move SOL from this wallet (${wallet.address})`);
  return {
    tokenLocator: `${chain.name}:${chain.nativeCurrency.symbol}`,
    recipient: movement.to,
    baseUnits: movement.lamports,
  };
};

/** A contract call `transfer({from?, to, amount})` on a token's contract (SEP-41). */
export const stellarIntentOf = (
  wallet: Wallet,
  chain: ChainInfo,
  transaction: Exclude<SendTransactionBody['params']['transaction'], string | undefined>,
): TransferIntent => {
  if (transaction.type !== 'contract-call' || transaction.method !== 'transfer' || !transaction.contractId) {
    throw refuse(
      'params.transaction',
      'a contract-call of transfer(from, to, amount) on a token contract is executed here',
    );
  }
  const { from, to, amount } = transaction.args ?? {};
  if (from !== undefined && from !== wallet.address)
    throw refuse('params.transaction.args.from', `must be this wallet (${wallet.address})`);
  if (
    typeof to !== 'string' ||
    (typeof amount !== 'string' && typeof amount !== 'number') ||
    !/^\d+$/.test(String(amount))
  ) {
    throw new DomainException(
      invalid(
        'invalid_transaction',
        'params.transaction.args: transfer takes { to: address, amount: integer base units }',
      ),
    );
  }
  return {
    tokenLocator: `${chain.name}:${transaction.contractId}`,
    recipient: to,
    baseUnits: BigInt(amount),
    ...(transaction.memo && { memo: transaction.memo }),
  };
};
