import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, invalid } from '@paykit/kernel';
import { type PriorSpend, checkDelegatedTransfer } from './delegated-transfer.js';
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
  /** A signer's earlier transfers from the wallet since `sinceMs`: asked only of a signer with a spending limit. */
  readonly priorSpendsOf: (signerLocator: string, sinceMs: number) => readonly PriorSpend[];
}

const longestWindowMs = (wallet: Wallet, locator: string): number | null => {
  const delegated = wallet.delegatedSigners.find((candidate) => candidate.signer.locator === locator);
  const intervals = (delegated?.scopes ?? []).flatMap((scope) =>
    scope.spendingLimit ? [scope.spendingLimit.interval] : [],
  );
  return intervals.length === 0 ? null : Math.max(...intervals) * 1000;
};

/**
 * Who must approve a transfer. MPC wallets: nobody, the service holds the key. Smart wallets: the
 * signer the request names (the admin by default), after the delegated-signer checks (expiry,
 * scopes, spending limits over their windows); a 1-of-1 quorum unless the service holds its key.
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
  const window = longestWindowMs(wallet, locator);
  const authorization = checkDelegatedTransfer({
    wallet,
    signer: locator,
    token: request.token,
    amount: request.amount,
    now: request.now,
    priorSpends: window === null ? [] : request.priorSpendsOf(locator, request.now - window),
  });
  if (E.isLeft(authorization)) return authorization;
  const { signer } = authorization.right;
  if (SERVICE_HELD_SIGNERS.has(signer.type)) return E.right({ signer: signer.locator, quorums: [] });
  return E.right({
    signer: signer.locator,
    quorums: [{ threshold: 1, signers: [{ locator: signer.locator, type: signer.type, address: signer.address }] }],
  });
};
