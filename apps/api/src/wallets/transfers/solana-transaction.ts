import {
  type Memo,
  type QuorumInput,
  type TransferRecipient,
  type TransferToken,
  approvalMessageOf,
} from '@paykit/transfers';
import { type Wallet, isSolanaAddress, solanaTransferTransaction } from '@paykit/wallets';

export interface SolanaTransferPlan {
  readonly transferId: string;
  readonly chain: string;
  readonly wallet: Wallet;
  readonly token: TransferToken;
  readonly recipient: TransferRecipient;
  readonly baseUnits: string;
  readonly memo?: Memo;
  readonly quorums: readonly QuorumInput[];
}

/**
 * Who signs: the approving signers; without approvals, the service-held admin signer. P-256
 * signers (devices) have no Ed25519 account to sign with: they approve the digest instead.
 */
const signersOf = (plan: SolanaTransferPlan): string[] | undefined => {
  const approvers = plan.quorums.flatMap((quorum) => quorum.signers.map((signer) => signer.address));
  const signers =
    approvers.length > 0 ? [...new Set(approvers)] : [plan.wallet.adminSigner?.address].filter((a) => a !== undefined);
  return signers.every(isSolanaAddress) ? signers : undefined;
};

/**
 * A Solana transfer's unsigned v0 transaction (ADR 0442), bound to this transfer by its approval
 * digest (the 32 bytes in the lifetime slot): approvers sign its message, as the public SDK's
 * Solana signers do. Undefined on other chains, or for a smart wallet without a signer address.
 */
export const solanaTransactionFor = (
  plan: SolanaTransferPlan,
): { transaction: string; message: string } | undefined => {
  const { wallet } = plan;
  if (wallet.chainType !== 'solana') return undefined;
  const signers = signersOf(plan);
  if (signers === undefined || (wallet.walletType === 'smart' && signers.length === 0)) return undefined;
  try {
    return buildTransaction(plan, signers);
  } catch {
    // An address the Solana encoder refuses (the decider still checks every field): the
    // approvers then sign the transfer's digest, as before ADR 0442.
    return undefined;
  }
};

const buildTransaction = (plan: SolanaTransferPlan, signers: readonly string[]) => {
  const { wallet, token } = plan;
  const digest = approvalMessageOf({
    transferId: plan.transferId,
    chain: plan.chain,
    chainType: 'solana',
    from: wallet.address,
    token,
    recipientAddress: plan.recipient.address,
    baseUnits: plan.baseUnits,
    ...(plan.memo && { memo: plan.memo }),
  });
  return solanaTransferTransaction({
    wallet: { address: wallet.address, walletType: wallet.walletType },
    signers,
    recipient: plan.recipient.address,
    token: token.native ? { native: true } : { native: false, mint: token.address as string, decimals: token.decimals },
    baseUnits: BigInt(plan.baseUnits),
    ...(plan.memo && { memo: plan.memo.type === 'text' ? plan.memo.value : `${plan.memo.type}:${plan.memo.value}` }),
    lifetime: Buffer.from(digest, 'hex'),
  });
};
