import { DomainException, invalid } from '@paykit/kernel';
import type { QuorumInput } from '@paykit/transfers';
import { type PriorSpend, type Signer, type Wallet, checkDelegatedTransfer, normalizeSignerLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';

/** Signers whose keys the service holds: it signs for them, so they add no approval to wait for. */
export const SERVICE_HELD_SIGNERS = new Set<Signer['type']>(['api-key', 'email', 'phone']);

export interface ApprovalRequirement {
  /** The signer that approves (smart wallets), recorded on the transfer for its spending limits. */
  readonly signer?: string;
  readonly quorums: readonly QuorumInput[];
}

export interface TransferIntent {
  readonly wallet: Wallet;
  /** The `signer` of the request, if any. */
  readonly signer?: string;
  readonly token: string;
  readonly amount: string;
  readonly now: number;
  /** A signer's earlier transfers within its longest spending-limit window. */
  readonly priorSpendsOf: (signerLocator: string, sinceMs: number) => PriorSpend[];
}

export const signersOf = (wallet: Wallet): Signer[] => [
  ...(wallet.adminSigner ? [wallet.adminSigner] : []),
  ...wallet.delegatedSigners.map((delegated) => delegated.signer),
];

/** `api-key` alone names the wallet's api-key signer, whose address only the service knows. */
export const signerLocatorOf = (wallet: Wallet, text: string): string =>
  text === 'api-key'
    ? (signersOf(wallet).find((signer) => signer.type === 'api-key')?.locator ?? text)
    : normalizeSignerLocator(wallet.chainType, text);

const longestWindowMs = (wallet: Wallet, locator: string): number | null => {
  const delegated = wallet.delegatedSigners.find((candidate) => candidate.signer.locator === locator);
  const intervals = (delegated?.scopes ?? []).flatMap((scope) => (scope.spendingLimit ? [scope.spendingLimit.interval] : []));
  return intervals.length === 0 ? null : Math.max(...intervals) * 1000;
};

/**
 * Who must approve a transfer. MPC wallets: nobody, the service holds the key. Smart wallets: the
 * signer the request names (the admin by default), after the delegated-signer checks (expiry,
 * scopes, spending limits over their windows); a 1-of-1 quorum unless the service holds its key.
 */
export const requiredApprovals = (intent: TransferIntent): ApprovalRequirement => {
  const { wallet } = intent;
  if (wallet.walletType === 'mpc' || !wallet.adminSigner) {
    if (intent.signer !== undefined) {
      throw new DomainException(invalid('invalid_signer', `signer: ${wallet.chainType} mpc wallets are signed by the service; omit signer`));
    }
    return { quorums: [] };
  }
  const locator = intent.signer === undefined ? wallet.adminSigner.locator : signerLocatorOf(wallet, intent.signer);
  const window = longestWindowMs(wallet, locator);
  const authorization = checkDelegatedTransfer({
    wallet,
    signer: locator,
    token: intent.token,
    amount: intent.amount,
    now: intent.now,
    priorSpends: window === null ? [] : intent.priorSpendsOf(locator, intent.now - window),
  });
  if (E.isLeft(authorization)) throw new DomainException(authorization.left);
  const { signer } = authorization.right;
  if (SERVICE_HELD_SIGNERS.has(signer.type)) return { signer: signer.locator, quorums: [] };
  return {
    signer: signer.locator,
    quorums: [{ threshold: 1, signers: [{ locator: signer.locator, type: signer.type, address: signer.address }] }],
  };
};
