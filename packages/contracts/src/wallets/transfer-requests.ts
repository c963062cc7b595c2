import { z } from 'zod';
import { WalletLocatorParams } from './wallet-resource.js';

/** COMPAT.md: the public API's amount pattern. */
export const TRANSFER_AMOUNT_PATTERN = /^\d+(?:\.\d*)?$/;

export const CreateTransferBody = z
  .object({
    recipient: z.string().min(1).describe('A wallet locator or an address on the wallet’s chain'),
    amount: z
      .string()
      .regex(TRANSFER_AMOUNT_PATTERN, { error: 'must be a decimal amount such as "10" or "0.5"' })
      .describe('Decimal amount of the token'),
    signer: z.string().min(1).optional().describe('Signer locator of the wallet signer that will approve'),
    transactionType: z.string().optional().describe('Accepted for compatibility; transfers are direct'),
    memo: z
      .object({ type: z.enum(['text', 'id', 'hash']), value: z.string() })
      .optional()
      .describe('Stellar and Solana only'),
  })
  .meta({ id: 'CreateTransferRequest' });
export type CreateTransferBody = z.infer<typeof CreateTransferBody>;

export const TokenTransferParams = WalletLocatorParams.extend({
  tokenLocator: z.string().min(1).describe('chain:currency, chain:address or chain:address:tokenId'),
});

/** The UUID the create answer gave; any other value names no transaction: 404, like an unknown UUID. */
const TransactionId = z.string().min(1).max(255).describe('Transaction id (a UUID)');

export const TokenTransferByIdParams = TokenTransferParams.extend({ transactionId: TransactionId });

export const TransactionParams = WalletLocatorParams.extend({ transactionId: TransactionId });

/** What the authenticator and the browser produced around a passkey's signature (ox's `WebAuthnP256.sign` metadata). */
export const WebAuthnMetadata = z
  .object({
    authenticatorData: z.string().min(1).max(2_048).describe('Hex of the authenticator data'),
    clientDataJSON: z.string().min(1).max(4_096).describe('The client data JSON exactly as the browser produced it'),
    challengeIndex: z.number().int().min(0).optional(),
    typeIndex: z.number().int().min(0).optional(),
    userVerificationRequired: z
      .boolean()
      .optional()
      .describe('The client asked for user verification: the UV flag must then be set'),
  })
  .meta({ id: 'WebAuthnMetadata' });

export const SubmitApprovalsBody = z
  .object({
    approvals: z
      .array(
        z.object({
          signer: z.string().min(1).describe('Signer locator, e.g. external-wallet:0x...'),
          signature: z
            .union([
              z.string().min(1),
              z.object({ r: z.string().min(1).max(80), s: z.string().min(1).max(80) }).describe('P-256 r and s'),
            ])
            .describe(
              'EVM: 65-byte personal_sign signature over the raw 32-byte message (hex). Passkey: {r, s} (0x-hex or ' +
                'decimal, low s) of a WebAuthn assertion whose challenge is the message, with metadata. Device: r||s hex ' +
                'over the 32-byte message. Solana and Stellar: Ed25519 signature over the message bytes (hex, base58 or base64)',
            ),
          metadata: WebAuthnMetadata.optional().describe('Passkey signers: the WebAuthn assertion (required for them)'),
        }),
      )
      .min(1),
  })
  .meta({ id: 'SubmitApprovalsRequest' });
export type SubmitApprovalsBody = z.infer<typeof SubmitApprovalsBody>;
