import { NextCursor, PreviousCursor, pageQuery } from '../common/pagination.js';
import { z } from 'zod';
import { WALLET_CHAIN_TYPES, WALLET_KINDS } from './wallet-requests.js';

const QuorumMember = z.object({ address: z.string(), locator: z.string(), type: z.string() });

const QuorumApprovalEntry = z
  .object({
    signer: z.object({ locator: z.string(), type: z.literal('quorum') }),
    quorumApprovals: z.object({
      threshold: z.number(),
      remaining: z.number(),
      pending: z.array(z.object({ message: z.string(), signer: QuorumMember })),
      submitted: z.array(
        z.object({ message: z.string(), signature: z.string(), signer: QuorumMember, submittedAt: z.number() }),
      ),
    }),
  })
  .meta({
    id: 'TransferApprovalQuorum',
    description: 'A k-of-n quorum: more than one member, or more than one signature needed',
  });

const PendingSignerApproval = z.object({ signer: QuorumMember, message: z.string() }).meta({
  id: 'TransferPendingApproval',
  description: 'One signer that alone approves: sign message, submit to .../approvals',
});

const SubmittedSignerApproval = z
  .object({ signer: QuorumMember, message: z.string(), signature: z.string(), submittedAt: z.number() })
  .meta({ id: 'TransferSubmittedApproval' });

const FeeAmount = z.object({ token: z.string(), amount: z.string() });

export const TransferResource = z
  .object({
    id: z.string(),
    chainType: z.enum(WALLET_CHAIN_TYPES),
    walletType: z.enum(WALLET_KINDS),
    status: z.enum(['awaiting-approval', 'pending', 'success', 'failed']),
    createdAt: z.number().describe('Epoch milliseconds'),
    completedAt: z.number().optional().describe('Epoch milliseconds at which the outcome became final'),
    params: z.object({
      call: z.object({
        abi: z.array(z.record(z.string(), z.unknown())),
        address: z.string(),
        args: z.array(z.string()),
        functionName: z.string(),
        value: z.string().optional(),
      }),
      chain: z.string(),
    }),
    onChain: z.object({
      call: z.object({ data: z.string(), to: z.string() }).optional(),
      transaction: z
        .string()
        .optional()
        .describe('Solana: the unsigned v0 VersionedTransaction (base58) that approvers sign'),
      explorerLink: z.string().optional(),
      txId: z.string().optional(),
    }),
    sendParams: z.object({
      token: z.string(),
      params: z.object({
        recipient: z.string(),
        recipientAddress: z.string(),
        amount: z.string(),
        memo: z.object({ type: z.string(), value: z.string() }).optional(),
      }),
    }),
    approvals: z.object({
      required: z.number(),
      pending: z.array(z.union([PendingSignerApproval, QuorumApprovalEntry])),
      submitted: z.array(z.union([SubmittedSignerApproval, QuorumApprovalEntry])),
    }),
    error: z
      .object({
        message: z.string(),
        reason: z.string(),
        logs: z.array(z.string()).optional(),
        revertData: z.string().optional(),
      })
      .optional(),
    fees: z.object({
      mode: z.literal('project'),
      actual: FeeAmount.optional(),
      estimate: FeeAmount.optional(),
      billed: z.object({ usd: z.number() }),
      billing: z.object({ status: z.string() }).optional(),
    }),
  })
  .meta({ id: 'TransferTransaction' });
export type TransferResource = z.infer<typeof TransferResource>;

/** `{ transactions }`: the list's shape in the public wallets SDK (COMPAT.md), newest first. */
export const TransactionPage = z
  .object({ transactions: z.array(TransferResource), nextCursor: NextCursor, previousCursor: PreviousCursor })
  .meta({ id: 'TransferTransactionPage' });

export const TransactionListQuery = pageQuery({ defaultLimit: 30, maxLimit: 100 });
