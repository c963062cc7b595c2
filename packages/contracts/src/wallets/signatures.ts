import { z } from 'zod';
import { WalletLocatorParams } from './wallet-resource.js';

/** EIP-712 typed data as viem and wallets take it: `types` without EIP712Domain is fine. */
const TypedData = z.object({
  domain: z
    .object({
      name: z.string().optional(),
      version: z.string().optional(),
      chainId: z.union([z.number().int(), z.string().regex(/^\d+$/)]).optional(),
      verifyingContract: z.string().optional(),
      salt: z.string().optional(),
    })
    .describe('EIP-712 domain'),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string().min(1),
  message: z.record(z.string(), z.unknown()),
});

const SignatureParams = {
  signer: z
    .string()
    .min(1)
    .optional()
    .describe('Signer locator of the wallet signer that approves (default: the admin signer)'),
  chain: z.string().min(1).optional().describe('An EVM chain of the wallet (default: the first of its environment)'),
};

export const CreateSignatureBody = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('message'), params: z.object({ message: z.string().min(1), ...SignatureParams }) }),
    z.object({
      type: z.literal('typed-data'),
      params: z.object({ typedData: TypedData, ...SignatureParams, isSmartWalletSignature: z.boolean().optional() }),
    }),
  ])
  .meta({ id: 'CreateSignatureRequest' });
export type CreateSignatureBody = z.infer<typeof CreateSignatureBody>;

const SignerRef = z.object({ type: z.string(), address: z.string(), locator: z.string() });

export const SignatureResource = z
  .object({
    id: z.string(),
    type: z.enum(['message', 'typed-data']),
    chainType: z.literal('evm'),
    walletType: z.enum(['smart', 'mpc']),
    status: z.enum(['awaiting-approval', 'success']),
    params: z.record(z.string(), z.unknown()).describe('The request params as sent, with the signer and the chain'),
    approvals: z.object({
      required: z.number(),
      pending: z.array(z.object({ signer: SignerRef, message: z.string() })),
      submitted: z.array(
        z.object({ signer: SignerRef, message: z.string(), signature: z.string(), submittedAt: z.number() }),
      ),
    }),
    createdAt: z.number().describe('Epoch milliseconds'),
    completedAt: z.number().optional(),
    outputSignature: z
      .string()
      .optional()
      .describe(
        'The wallet’s signature: ERC-1271 for smart wallets (verify with viem verifyMessage/verifyTypedData), ECDSA for MPC',
      ),
  })
  .meta({ id: 'WalletSignature' });

export const SignatureParamsById = WalletLocatorParams.extend({
  signatureId: z.guid({ error: 'must be a signature id (a UUID)' }),
});
