import { z } from 'zod';

export const LinkedWalletParams = z.object({
  userLocator: z.string().min(1).max(300),
  address: z.string().min(1).max(100).describe('The external wallet’s address'),
});

export const LinkWalletBody = z
  .strictObject({
    chainType: z.enum(['evm', 'solana'], { error: 'must be "evm" or "solana": wallets that can sign a message here' }),
    proof: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .describe(
        'The signature of ownership.verificationChallenge.message: 0x-hex (EVM personal_sign) or base58 (Solana)',
      ),
  })
  .meta({ id: 'LinkWalletRequest' });
export type LinkWalletBody = z.infer<typeof LinkWalletBody>;

export const VerificationChallenge = z
  .object({
    message: z.string().describe('The CAIP-122 message to sign, exactly as given'),
    domain: z.string(),
    address: z.string(),
    statement: z.string(),
    uri: z.string(),
    chainId: z.string(),
    nonce: z.string(),
    issuedAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'WalletVerificationChallenge' });

export const LinkedWalletResponse = z
  .object({
    address: z.string(),
    chainType: z.enum(['evm', 'solana']),
    type: z.literal('external-wallet'),
    ownership: z.object({ verified: z.boolean(), verificationChallenge: VerificationChallenge.optional() }),
  })
  .meta({ id: 'LinkedWallet' });
export type LinkedWalletResponse = z.infer<typeof LinkedWalletResponse>;
