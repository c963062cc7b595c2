import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, invalid } from '@paykit/kernel';
import { type SpendingBudget, checkDelegatedTransfer } from './delegated-transfer.js';
import type { Wallet } from './types.js';
import { SERVICE_HELD_SIGNERS, signerLocatorOf } from './wallet-signers.js';

/** `threshold` of `signers` must approve (the Transfer aggregate's quorum input). */
export interface ApprovalQuorum {
  readonly threshold: number;
  readonly signers: readonly { readonly locator: string; readonly type: string; readonly address: string }[];
}

export interface ApprovalRequirement {
  /** The signer that approves (smart wallets), recorded on the transfer for its spending limits. */
  readonly signer?: string;
  readonly quorums: readonly ApprovalQuorum[];
  /** The spending limit the amount must be claimed from before the transfer opens (ADR 0454). */
  readonly budget?: SpendingBudget;
}

export interface TransferApprovalRequest {
  readonly wallet: Wallet;
  /** The `signer` of the request, if any. */
  readonly signer?: string;
  /** Token locator of the transfer. */
  readonly token: string;
  /** Decimal amount to send. */
  readonly amount: string;
  /** Epoch milliseconds. */
  readonly now: number;
}

/**
 * Who must approve a transfer. MPC wallets: nobody, the service holds the key. Smart wallets: the
 * signer the request names (the admin by default), after the delegated-signer checks (expiry,
 * scopes; the spending limit comes back as the budget to claim); a 1-of-1 quorum unless the
 * service holds its key.
 */
export const requiredApprovals = (request: TransferApprovalRequest): E.Either<DomainError, ApprovalRequirement> => {
  const { wallet } = request;
  if (wallet.walletType === 'mpc' || !wallet.adminSigner) {
    if (request.signer !== undefined) {
      return E.left(
        invalid('invalid_signer', `signer: ${wallet.chainType} mpc wallets are signed by the service; omit signer`),
      );
    }
    return E.right({ quorums: [] });
  }
  const locator = request.signer === undefined ? wallet.adminSigner.locator : signerLocatorOf(wallet, request.signer);
  const authorization = checkDelegatedTransfer({
    wallet,
    signer: locator,
    token: request.token,
    amount: request.amount,
    now: request.now,
  });
  if (E.isLeft(authorization)) return authorization;
  const { signer } = authorization.right;
  const budget = authorization.right.role === 'delegated' ? authorization.right.budget : undefined;
  const quorums = SERVICE_HELD_SIGNERS.has(signer.type)
    ? []
    : [{ threshold: 1, signers: [{ locator: signer.locator, type: signer.type, address: signer.address }] }];
  return E.right({ signer: signer.locator, quorums, ...(budget && { budget }) });
};
