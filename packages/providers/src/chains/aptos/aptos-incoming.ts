import * as E from 'fp-ts/lib/Either.js';
import { AccountAddress, TransactionResponseType, type EntryFunctionPayloadResponse } from '@aptos-labs/ts-sdk';
import type { DomainError } from '@paykit/kernel';
import type { ChainToken, IncomingTransfer } from '../chain-gateway.js';
import { transactionNotATransfer, transactionNotFound } from '../chain-errors.js';
import type { AptosChain } from './aptos-chain.js';
import { MalformedAptosAnswer } from './aptos-errors.js';
import { APTOS_COIN, askNode, expectU64 } from './aptos-reads.js';
import { aptosTransactionByHash, isAptosTransactionHash } from './aptos-status.js';

interface Movement {
  readonly to: string;
  readonly token: ChainToken;
  readonly units: bigint;
}

const longAddress = (value: unknown, what: string): string => {
  // An `Object<Metadata>` argument is written `{ "inner": "0x…" }`.
  const text = typeof value === 'object' && value !== null ? (value as { inner?: unknown }).inner : value;
  if (typeof text !== 'string' || !AccountAddress.isValid({ input: text }).valid)
    throw new MalformedAptosAnswer(`${what} is not an address`);
  return AccountAddress.from(text).toStringLong();
};

/** The APT and fungible-asset transfer functions of the framework, read from the JSON payload. */
const movementOf = (payload: EntryFunctionPayloadResponse): Movement | undefined => {
  const args = payload.arguments;
  const apt = (to: unknown, units: unknown): Movement => ({
    to: longAddress(to, 'the recipient'),
    token: { native: true },
    units: expectU64(units, 'the amount'),
  });
  const asset = (metadata: unknown, to: unknown, units: unknown): Movement => ({
    to: longAddress(to, 'the recipient'),
    token: { native: false, address: longAddress(metadata, 'the asset metadata') },
    units: expectU64(units, 'the amount'),
  });
  switch (payload.function) {
    case '0x1::aptos_account::transfer':
      return apt(args[0], args[1]);
    case '0x1::aptos_account::transfer_coins':
    case '0x1::coin::transfer':
      return payload.type_arguments[0] === APTOS_COIN ? apt(args[0], args[1]) : undefined;
    case '0x1::primary_fungible_store::transfer':
    case '0x1::aptos_account::transfer_fungible_assets':
      return asset(args[0], args[1], args[2]);
    default:
      return undefined;
  }
};

/**
 * A transfer as the node recorded it (`GET /transactions/by_hash/{hash}`, its entry-function
 * payload): pending while in the mempool, then final with its outcome once committed.
 */
export const aptosIncomingTransfer = async (
  chain: AptosChain,
  txId: string,
): Promise<E.Either<DomainError, IncomingTransfer>> => {
  if (!isAptosTransactionHash(txId)) return E.left(transactionNotFound(chain.info.name, txId));
  return E.flatten(
    await askNode(chain, async (): Promise<E.Either<DomainError, IncomingTransfer>> => {
      const found = await aptosTransactionByHash(chain, txId);
      if (!found) return E.left(transactionNotFound(chain.info.name, txId));
      const payload = found.payload as Partial<EntryFunctionPayloadResponse> | undefined;
      if (payload?.type !== 'entry_function_payload' || !Array.isArray(payload.arguments))
        return E.left(transactionNotATransfer(txId, `transaction ${txId} is not an entry function call`));
      const movement = movementOf(payload as EntryFunctionPayloadResponse);
      if (!movement)
        return E.left(transactionNotATransfer(txId, `transaction ${txId} is not an APT or fungible asset transfer`));
      const committed = found.type === TransactionResponseType.User ? found : undefined;
      return E.right({
        chain: chain.info.name,
        txId,
        from: longAddress(found.sender, 'the sender'),
        to: movement.to,
        token: movement.token,
        baseUnits: movement.units.toString(),
        status: committed ? (committed.success ? 'success' : 'failed') : 'pending',
        confirmations: committed ? chain.rule.confirmations : 0,
        final: committed !== undefined,
        ...(committed && { blockNumber: Number(expectU64(committed.version, 'version')) }),
      });
    }),
  );
};
