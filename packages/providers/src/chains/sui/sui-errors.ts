import { JsonRpcError, SuiHTTPStatusError } from '@mysten/sui/jsonRpc';
import type { DomainError } from '@paykit/kernel';
import type { TransferError } from '@paykit/transfers';
import { chainUnavailable } from '../chain-errors.js';
import { nodeFailure } from '../node-failure.js';

/** An answer of the node that is not of the documented shape. */
export class MalformedSuiAnswer extends Error {}

const httpStatusOf = (error: unknown): number | undefined =>
  error instanceof SuiHTTPStatusError ? error.status : undefined;

/**
 * A refusal because an input object moved on (another client spent the coin first, or holds its
 * lock): nothing was executed, and the transfer can be built again from the coins' new versions.
 */
const STALE_OBJECT =
  /referenced object \S+ at version|ObjectVersionUnavailableForConsumption|already locked|ObjectLockConflict/i;
export const isStaleObjectRefusal = (error: JsonRpcError): boolean =>
  isRefusal(error) && STALE_OBJECT.test(error.message);

/** JSON-RPC `ServerBusy` and `TransientError`: the node answers, but only to say try again later. */
const TRY_LATER = new Set([-32604, -32050]);

/**
 * No answer (5xx, timeout, socket), a busy node or coins that moved on are `chain_unavailable`
 * (try again); an answer we cannot use is `chain_invalid_response`.
 */
export const suiNodeFailure = (chain: string, error: unknown): DomainError => {
  if (!(error instanceof JsonRpcError)) return nodeFailure(chain, error, httpStatusOf);
  if (TRY_LATER.has(error.code)) return chainUnavailable(chain, `the ${chain} node is busy: ${error.message}`);
  if (isStaleObjectRefusal(error))
    return chainUnavailable(chain, `the sender's coins moved on while sending: ${error.message}`);
  return nodeFailure(chain, error, httpStatusOf);
};

/** JSON-RPC `InvalidParams` (-32602) with this text: the node holds no such transaction (yet). */
const INVALID_PARAMS = -32602;
export const isTransactionNotFound = (error: unknown): boolean =>
  error instanceof JsonRpcError &&
  error.code === INVALID_PARAMS &&
  /could not find the referenced transaction/i.test(error.message);

/** `TransactionExecutionClientError`: the node checked the transaction and will not run it. */
const TRANSACTION_EXECUTION_CLIENT_ERROR = -32002;

/**
 * The node refused the transaction itself (its inputs, gas or signature), so it was not executed:
 * `TransactionExecutionClientError` or `InvalidParams`. Other JSON-RPC errors are the node's own.
 */
export const isRefusal = (error: unknown): error is JsonRpcError =>
  error instanceof JsonRpcError && (error.code === TRANSACTION_EXECUTION_CLIENT_ERROR || error.code === INVALID_PARAMS);

/**
 * Execution errors (`ExecutionFailureStatus` as the node prints it) that mean the sender had too
 * little: a coin split beyond its balance, or gas beyond the budget or the gas coins.
 */
const INSUFFICIENT_FUNDS = /InsufficientCoinBalance|InsufficientGas|lower than the needed amount|InsufficientFunds/;

/** A failed execution (`effects.status.error`) or a refusal, in the transfers domain's terms. */
export const suiTransferErrorOf = (error: string): TransferError => ({
  reason: INSUFFICIENT_FUNDS.test(error) ? 'insufficient_funds' : 'program_error',
  message: `the transaction failed: ${error}`,
});
