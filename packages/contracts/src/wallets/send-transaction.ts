import { z } from 'zod';

const EvmCall = z.union([
  z.object({
    to: z.string().min(1),
    value: z.union([z.string(), z.number()]).optional().describe('Wei, decimal'),
    data: z.string().optional().describe('0x call data'),
  }),
  z.object({ transaction: z.string().min(1).describe('A serialized EVM transaction (not executed by the sandbox)') }),
]);

const StellarTransaction = z.object({
  type: z.string().describe('contract-call (upgrade-wallet and migrate-wallet are not served)'),
  contractId: z.string().optional(),
  method: z.string().optional(),
  args: z.record(z.string(), z.unknown()).optional(),
  memo: z.object({ type: z.enum(['text', 'id', 'hash']), value: z.string() }).optional(),
});

/** The public SDK's `sendTransaction` body: EVM calls, a serialized Solana transaction, or a Stellar contract call. */
export const SendTransactionBody = z
  .object({
    params: z.object({
      signer: z.string().min(1).optional().describe('Signer locator of the wallet signer that approves'),
      chain: z.string().min(1).optional().describe('EVM: the chain the calls run on'),
      calls: z
        .array(EvmCall)
        .min(1)
        .optional()
        .describe('EVM: exactly one call, a native value transfer or an ERC-20 transfer'),
      transaction: z
        .union([z.string().min(1), StellarTransaction])
        .optional()
        .describe('Solana: a base58 VersionedTransaction; Stellar: a contract call'),
    }),
  })
  .meta({ id: 'SendTransactionRequest' });
export type SendTransactionBody = z.infer<typeof SendTransactionBody>;
