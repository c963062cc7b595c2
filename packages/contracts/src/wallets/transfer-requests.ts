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

export const SubmitApprovalsBody = z
  .object({
    approvals: z
      .array(
        z.object({
          signer: z.string().min(1).describe('Signer locator, e.g. external-wallet:0x...'),
          signature: z
            .string()
            .min(1)
            .describe(
              'EVM: 65-byte personal_sign signature over the raw 32-byte message (hex). Passkey and device: r||s hex. ' +
                'Solana and Stellar: Ed25519 signature over the 32 message bytes (hex, base58 or base64)',
            ),
        }),
      )
      .min(1),
  })
  .meta({ id: 'SubmitApprovalsRequest' });
export type SubmitApprovalsBody = z.infer<typeof SubmitApprovalsBody>;
