import { AptosApiError } from '@aptos-labs/ts-sdk';
import type { DomainError } from '@paykit/kernel';
import type { TransferError } from '@paykit/transfers';
import { chainUnavailable } from '../chain-errors.js';
import { nodeFailure } from '../node-failure.js';

/** An answer of the node that is not of the documented shape. */
export class MalformedAptosAnswer extends Error {}

/**
 * The mempool holds another transaction at this sequence number, or the account has moved past
 * it (another process sent from the wallet, or this one restarted while one was waiting): a
 * fresh read of the account later gives a free number, so the caller should retry.
 */
export class AptosSequenceConflict extends Error {}

/** The mempool's `error_code`s for a sequence number that is taken. */
export const SEQUENCE_CONFLICT_CODES: ReadonlySet<string> = new Set([
  'sequence_number_too_old',
  'invalid_transaction_update',
]);

const httpStatusOf = (error: unknown): number | undefined =>
  error instanceof AptosApiError ? error.status : undefined;

/**
 * No answer (5xx, timeout, socket) is `chain_unavailable`, and so is a sequence number the mempool
 * has taken; an answer we cannot use is `chain_invalid_response`.
 */
export const aptosNodeFailure = (chain: string, error: unknown): DomainError =>
  error instanceof AptosSequenceConflict
    ? chainUnavailable(chain, `the ${chain} mempool refused the sequence number: ${error.message}`)
    : nodeFailure(chain, error, httpStatusOf);

/** The `error_code` of the node's `AptosError` body, when the call failed with one. */
export const aptosErrorCodeOf = (error: unknown): string | undefined => {
  if (!(error instanceof AptosApiError)) return undefined;
  const code = (error.data as { error_code?: unknown } | null)?.error_code;
  return typeof code === 'string' ? code : undefined;
};

/** The node's `AptosError.message`, else the SDK's. */
export const aptosErrorMessageOf = (error: unknown): string => {
  const message = (error as { data?: { message?: unknown } | null }).data?.message;
  return typeof message === 'string' ? message : String((error as Error).message);
};

/**
 * Move aborts `EINSUFFICIENT_BALANCE` (coin, fungible_asset) and the prologue's
 * `INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE` are both a shortfall.
 */
const INSUFFICIENT_BALANCE = /INSUFFICIENT_BALANCE/;

/** A `vm_status` (simulation, committed transaction, or a submission the VM refused) in the transfers domain's terms. */
export const aptosTransferErrorOf = (vmStatus: string): TransferError => ({
  reason: INSUFFICIENT_BALANCE.test(vmStatus) ? 'insufficient_funds' : 'program_error',
  message: `the transaction failed: ${vmStatus}`,
  logs: [vmStatus],
});
