import {
  BaseError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
  isHex,
  type Hex,
} from 'viem';
import type { DomainError } from '@paykit/kernel';
import type { TransferError } from '@paykit/transfers';
import { chainInvalidResponse, chainUnavailable } from '../chain-errors.js';

const causesOf = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 16) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
};

const hexField = (value: unknown): Hex | undefined =>
  typeof value === 'string' && isHex(value) && value.length > 2 ? value : undefined;

/**
 * The revert data a node attached to an error: `error.data` as a hex string (geth, Anvil, the
 * JSON-RPC spec's code 3), `error.data.result` / `error.data.data` (Ganache and some proxies),
 * or viem's decoded `ContractFunctionRevertedError.raw`.
 */
export const revertDataOf = (error: unknown): Hex | undefined => {
  for (const cause of causesOf(error)) {
    if (cause instanceof ContractFunctionRevertedError && cause.raw) return cause.raw;
    const data = (cause as { data?: unknown }).data;
    const found =
      hexField(data) ??
      hexField((data as { result?: unknown } | undefined)?.result) ??
      hexField((data as { data?: unknown } | undefined)?.data);
    if (found) return found;
  }
  return undefined;
};

const messageOf = (error: unknown): string =>
  error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error);

const anyCause = (error: unknown, test: (cause: unknown) => boolean): boolean => causesOf(error).some(test);

export const isRevertError = (error: unknown): boolean =>
  revertDataOf(error) !== undefined ||
  anyCause(
    error,
    (cause) => cause instanceof ExecutionRevertedError || cause instanceof ContractFunctionRevertedError,
  ) ||
  anyCause(error, (cause) => /revert/i.test((cause as { message?: unknown }).message as string));

export const isInsufficientFundsError = (error: unknown): boolean =>
  anyCause(
    error,
    (cause) =>
      cause instanceof InsufficientFundsError ||
      /insufficient funds/i.test(String((cause as { message?: unknown }).message)),
  );

/** No answer came: the connection failed or closed, the node timed out or answered an HTTP error. */
export const isTransportError = (error: unknown): boolean =>
  anyCause(
    error,
    (cause) =>
      cause instanceof HttpRequestError ||
      cause instanceof TimeoutError ||
      cause instanceof WebSocketRequestError ||
      cause instanceof SocketClosedError ||
      (cause as { code?: unknown }).code === 'ECONNREFUSED',
  );

/** Why the chain would not take a transaction, when that is the transfer's fault (it ends `failed`). */
export const transferRejectionOf = (error: unknown): TransferError | undefined => {
  if (isInsufficientFundsError(error)) {
    return { reason: 'insufficient_funds', message: 'insufficient funds for gas * price + value' };
  }
  if (isRevertError(error)) {
    const revertData = revertDataOf(error);
    return { reason: 'reverted', message: 'execution reverted', ...(revertData && { revertData }) };
  }
  return undefined;
};

/** A node's fault as a DomainError: no answer is `unavailable` (retry), a bad answer `upstream_invalid`. */
export const nodeFailure = (chain: string, error: unknown): DomainError =>
  isTransportError(error)
    ? chainUnavailable(chain, `the ${chain} node did not answer: ${messageOf(error)}`)
    : chainInvalidResponse(chain, `the ${chain} node refused the request: ${messageOf(error)}`);
