import { domainError, invalid, type DomainError } from '@paykit/kernel';
import type { Environment } from '../environment.js';

const RETRY_AFTER_SECONDS = 5;

export const chainNotSupported = (chain: string, environment: Environment): DomainError =>
  invalid('chain_not_supported', `chain "${chain}" is not a ${environment} chain`, { chain, environment });

export const invalidChainAddress = (field: string, chain: string, address: string): DomainError =>
  invalid('invalid_address', `${field}: "${address}" is not an address on ${chain}`, { chain });

export const invalidBaseUnits = (field = 'amount'): DomainError =>
  invalid('invalid_amount', `${field}: must be a positive integer number of base units`);

export const tokenNotSupportedOnChain = (chain: string, token: string): DomainError =>
  invalid('token_not_supported', `token "${token}" is not supported on ${chain}`, { chain, token });

export const transactionNotFound = (chain: string, txId: string): DomainError =>
  domainError('not_found', 'transaction_not_found', `transaction ${txId} was not found on ${chain}`, { chain, txId });

export const faucetNotAvailable = (environment: Environment): DomainError =>
  domainError('forbidden', 'faucet_not_available', `the test faucet is not available in ${environment}`, {
    environment,
  });

export const faucetNotConfigured = (chain: string): DomainError =>
  domainError('unavailable', 'faucet_not_configured', `no faucet is configured for ${chain}`, { chain });

/** The faucet account could not send (it ran dry, or its call reverted). */
export const faucetUnavailable = (chain: string, reason: string): DomainError =>
  domainError('unavailable', 'faucet_unavailable', `the ${chain} faucet cannot send: ${reason}`, { chain });

/** The node or network did not answer: the caller may retry. */
export const chainUnavailable = (chain: string, message?: string): DomainError =>
  domainError('unavailable', 'chain_unavailable', message ?? `the ${chain} node is unavailable`, {
    chain,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });

/** No adapter serves the chain here (a production chain without an RPC URL). */
export const chainNotConfigured = (chain: string): DomainError =>
  domainError('unavailable', 'chain_not_configured', `no node is configured for ${chain}`, { chain });

/** The node answered something we cannot use. */
export const chainInvalidResponse = (chain: string, message?: string): DomainError =>
  domainError(
    'upstream_invalid',
    'chain_invalid_response',
    message ?? `the ${chain} node answered with a response that could not be understood`,
    {
      chain,
    },
  );

/** The key handed in does not control the wallet's address. */
export const signerMismatch = (chain: string): DomainError =>
  invalid('signer_mismatch', `the signing key does not control the sending address on ${chain}`, { chain });

export const authorityNotSupported = (chain: string, message: string): DomainError =>
  domainError('unprocessable', 'authority_not_supported', message, { chain });

/** The transaction moves no funds the gateway can read (not a native or token transfer). */
export const transactionNotATransfer = (txId: string, message: string): DomainError =>
  domainError('unprocessable', 'transaction_not_a_transfer', message, { txId });
