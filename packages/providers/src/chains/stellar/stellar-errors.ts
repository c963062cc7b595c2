import { xdr } from '@stellar/stellar-sdk';
import type { DomainError } from '@paykit/kernel';
import type { TransferError } from '@paykit/transfers';
import { nodeFailure } from '../node-failure.js';
import { HorizonHttpError, MalformedHorizonAnswer } from './horizon-client.js';

/** No answer (5xx, 429, timeout, socket) is `chain_unavailable`; an answer we cannot use is `chain_invalid_response`. */
export const stellarNodeFailure = (chain: string, error: unknown): DomainError =>
  nodeFailure(chain, error, (cause) => (cause instanceof HorizonHttpError ? cause.status : undefined));

/** What a transaction's result says, in Horizon's `result_codes` form or the XDR's names. */
export interface StellarResultCodes {
  readonly transaction: string;
  readonly operations: readonly string[];
}

/**
 * The sender lacks the amount, the fee or its reserve: Horizon `op_underfunded`,
 * `tx_insufficient_balance`; the XDR's `paymentUnderfunded`, `createAccountUnderfunded`,
 * `txInsufficientBalance`.
 */
const INSUFFICIENT_FUNDS = /underfunded|insufficient_?balance/i;
/** The transaction's `maxTime` passed before a ledger took it. */
const TOO_LATE = /^tx_?too_?late$/i;

/**
 * A failed or refused transaction in the transfers domain's terms: a shortfall is
 * `insufficient_funds`, a lapsed time bound `expired`, anything else (`op_no_trust`,
 * `op_no_destination`, `op_low_reserve`, `tx_bad_seq`, `tx_bad_auth`, ...) `program_error`.
 */
export const stellarTransferErrorOf = (codes: StellarResultCodes): TransferError => {
  const all = [codes.transaction, ...codes.operations];
  const reason = all.some((code) => INSUFFICIENT_FUNDS.test(code))
    ? 'insufficient_funds'
    : TOO_LATE.test(codes.transaction)
      ? 'expired'
      : 'program_error';
  return {
    reason,
    message: `the transaction failed: ${codes.transaction}${codes.operations.length > 0 ? ` (${codes.operations.join(', ')})` : ''}`,
    logs: all,
  };
};

/** An operation's result code: the inner result of the operations the adapter sends, else the operation's outcome. */
const operationCodeOf = (operation: xdr.OperationResult): string => {
  if (operation.type !== 'opInner') return operation.type;
  const { tr } = operation;
  switch (tr.type) {
    case 'payment':
      return tr.paymentResult.type;
    case 'createAccount':
      return tr.createAccountResult.type;
    case 'bumpSequence':
      return tr.bumpSeqResult.type;
    default:
      return tr.type;
  }
};

/** The codes of a `TransactionResult` (Horizon's `result_xdr`), decoded with the SDK's XDR types. */
export const resultCodesOfXdr = (resultXdr: string): StellarResultCodes => {
  let result: xdr.TransactionResult;
  try {
    result = xdr.TransactionResult.fromXdr(resultXdr, 'base64');
  } catch {
    throw new MalformedHorizonAnswer('result_xdr is not a TransactionResult');
  }
  const outcome = result.result;
  const operations =
    outcome.type === 'txFailed' || outcome.type === 'txSuccess' ? outcome.results.map(operationCodeOf) : [];
  return { transaction: outcome.type, operations };
};

/** Horizon's `extras.result_codes` of a 400 `transaction_failed` problem. */
export const resultCodesOfProblem = (problem: unknown): StellarResultCodes => {
  const codes = (problem as { extras?: { result_codes?: { transaction?: unknown; operations?: unknown } } } | null)
    ?.extras?.result_codes;
  if (typeof codes?.transaction !== 'string')
    throw new MalformedHorizonAnswer('a refused submission without extras.result_codes');
  const operations = Array.isArray(codes.operations)
    ? codes.operations.filter((code): code is string => typeof code === 'string')
    : [];
  return { transaction: codes.transaction, operations };
};
