import { z } from 'zod';
import { DelegatedSignerInput } from './wallet-requests.js';
import { DelegatedSignerResource, WalletLocatorParams } from './wallet-resource.js';

/** The public SDK's `registerSigner` body: the signer (a locator, or a passkey or device object), its grant, and the chain. */
export const RegisterSignerBody = DelegatedSignerInput.omit({ deployImmediately: true })
  .extend({
    chain: z
      .string()
      .min(1)
      .optional()
      .describe('EVM chain the admin approves the registration on (default: the first)'),
  })
  .meta({ id: 'RegisterSignerRequest' });
export type RegisterSignerBody = z.infer<typeof RegisterSignerBody>;

export const SignerParams = WalletLocatorParams.extend({
  signer: z.string().min(1).describe('The delegated signer’s locator, URL-encoded (e.g. external-wallet%3A0x...)'),
});

const ApproverResource = z.object({ type: z.string(), address: z.string(), locator: z.string() });

/**
 * A wallet transaction that adds or removes a delegated signer once the admin approves it (ADR
 * 0448): how Solana and Stellar registrations and every removal are approved. The public SDK
 * approves and polls it through `.../transactions/{id}`.
 */
export const SignerTransaction = z
  .object({
    id: z.string(),
    type: z.enum(['add-signer', 'remove-signer']),
    chainType: z.enum(['evm', 'solana', 'stellar']),
    walletType: z.literal('smart'),
    status: z.enum(['awaiting-approval', 'success']),
    params: z.object({ chain: z.string(), delegatedSigner: z.string().describe('The signer added or removed') }),
    onChain: z.object({
      transaction: z
        .string()
        .optional()
        .describe('Solana: the unsigned v0 VersionedTransaction, base58, whose message the admin signs'),
      txId: z.string().optional().describe('Once approved'),
    }),
    approvals: z.object({
      required: z.number().int(),
      pending: z.array(
        z.object({
          signer: ApproverResource,
          message: z
            .string()
            .describe('EVM: hex digest (EIP-191 over its bytes); Stellar: base64; Solana: base58 message'),
        }),
      ),
      submitted: z.array(
        z.object({
          signer: ApproverResource,
          message: z.string(),
          signature: z.string().optional().describe('Absent when the service holds the admin key'),
          submittedAt: z.number().describe('Epoch milliseconds'),
        }),
      ),
    }),
    createdAt: z.number().describe('Epoch milliseconds'),
    completedAt: z.number().optional(),
  })
  .meta({ id: 'SignerTransaction' });

/** A delegated signer with its status per chain, as the public SDK reads it (`DelegatedSignerV2025Dto`). */
export const DelegatedSignerStatus = DelegatedSignerResource.extend({
  chains: z.record(
    z.string(),
    z.object({
      status: z.enum(['awaiting-approval', 'success']),
      id: z.string().optional().describe('While awaiting approval: the signature request the admin approves'),
    }),
  ),
  transaction: SignerTransaction.optional().describe(
    'Solana and Stellar: the transaction the admin approves through .../transactions/{id}/approvals',
  ),
}).meta({ id: 'DelegatedSignerStatus' });

/** The public SDK's `removeSigner` query. */
export const RemoveSignerQuery = z.object({
  chain: z.string().min(1).optional().describe('EVM chain the admin approves the removal on (default: the first)'),
});
