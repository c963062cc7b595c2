import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { ChainInfo } from '@paykit/wallets';
import type { FeeEstimateRequest, SubmitTransferRequest, TransferAuthority } from './chain-gateway.js';
import { authorityNotSupported, signerMismatch } from './chain-errors.js';
import { checkEvmTransfer, type CheckedEvmTransfer } from './evm/evm-request.js';

/** A transfer to send, checked (errors name `from.address` and `recipient`); zero units allowed (ADR 0811). */
export const checkSubmittedTransfer = (
  chain: ChainInfo,
  request: SubmitTransferRequest,
): E.Either<DomainError, CheckedEvmTransfer> =>
  checkEvmTransfer(
    chain,
    { ...request, from: request.from.address, to: request.recipient },
    { from: 'from.address', to: 'recipient', allowZero: true },
  );

/** A transfer whose fee is estimated, checked (errors name `from` and `recipient`). */
export const checkEstimatedTransfer = (
  chain: ChainInfo,
  request: FeeEstimateRequest,
): E.Either<DomainError, CheckedEvmTransfer> =>
  checkEvmTransfer(chain, { ...request, to: request.recipient }, { from: 'from', to: 'recipient', allowZero: true });

/**
 * The 32-byte ed25519 secret of a custodial-key authority, for node adapters that sign locally.
 * Smart-account approvals carry no key: `authority_not_supported` with the adapter's reason; a
 * key of another curve or size cannot control the address: `signer_mismatch`.
 */
export const ed25519SecretOf = (
  chain: string,
  authority: TransferAuthority,
  smartAccountRefusal: string,
): E.Either<DomainError, Uint8Array> => {
  if (authority.kind === 'smart-account') return E.left(authorityNotSupported(chain, smartAccountRefusal));
  return authority.curve === 'ed25519' && authority.secretKey.length === 32
    ? E.right(authority.secretKey)
    : E.left(signerMismatch(chain));
};
