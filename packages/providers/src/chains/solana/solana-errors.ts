import { isSolanaError, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR } from '@solana/kit';
import type { DomainError } from '@paykit/kernel';
import type { TransferError } from '@paykit/transfers';
import { nodeFailure } from '../node-failure.js';

/** An answer of the node that is not of the documented shape. */
export class MalformedSolanaAnswer extends Error {}

const httpStatusOf = (error: unknown): number | undefined =>
  isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR) ? error.context.statusCode : undefined;

/** JSON-RPC's error codes (-32768 to -32000): the node answered, refusing the call. */
const JSON_RPC_ERROR_CODES = { lowest: -32768, highest: -32000 };

/**
 * The node answered the call with a JSON-RPC error: for `sendTransaction`, it did not take the
 * transaction. Its internal error (-32603) says nothing of what it did, so it is not a refusal.
 */
export const isNodeRefusal = (error: unknown): boolean => {
  if (!isSolanaError(error)) return false;
  const code = error.context.__code as number;
  return code >= JSON_RPC_ERROR_CODES.lowest && code <= JSON_RPC_ERROR_CODES.highest && code !== -32603;
};

/** No answer (5xx, timeout, socket) is `chain_unavailable`; an answer we cannot use is `chain_invalid_response`. */
export const solanaNodeFailure = (chain: string, error: unknown): DomainError =>
  nodeFailure(chain, error, httpStatusOf);

/** SPL Token `InsufficientFunds` and System Program `ResultWithNegativeLamports` are both custom error 1. */
const INSUFFICIENT_FUNDS_CUSTOM_CODE = 1;
const INSUFFICIENT_FUNDS_ERRORS = new Set(['InsufficientFundsForFee', 'AccountNotFound']);

const isInsufficientFunds = (err: unknown): boolean => {
  if (typeof err === 'string') return INSUFFICIENT_FUNDS_ERRORS.has(err);
  if (typeof err !== 'object' || err === null) return false;
  if ('InsufficientFundsForRent' in err) return true;
  const instruction = (err as { InstructionError?: unknown }).InstructionError;
  if (!Array.isArray(instruction)) return false;
  const cause = instruction[1] as unknown;
  if (cause === 'InsufficientFunds') return true;
  const custom = (cause as { Custom?: unknown } | null)?.Custom;
  return custom !== undefined && BigInt(custom as number) === BigInt(INSUFFICIENT_FUNDS_CUSTOM_CODE);
};

const describe = (err: unknown): string =>
  JSON.stringify(err, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value));

/** A transaction error as the node reports it (`TransactionError` JSON) in the transfers domain's terms. */
export const solanaTransferErrorOf = (err: unknown, logs: readonly string[] | null | undefined): TransferError => ({
  reason: isInsufficientFunds(err) ? 'insufficient_funds' : 'program_error',
  message: `the transaction failed: ${describe(err)}`,
  ...(logs && logs.length > 0 && { logs: [...logs] }),
});
