import { z } from 'zod';

/**
 * Create-wallet bodies (spec endpoint 2, COMPAT.md "Wallets"). The contract checks the shape;
 * what a kind accepts (which signers, seeds, owners) is validated by @paykit/wallets, whose
 * refusals name the field as precisely (`config.delegatedSigners[0].signer.address: ...`).
 */
export const WALLET_CHAIN_TYPES = ['evm', 'solana', 'aptos', 'sui', 'stellar'] as const;
export const WALLET_KINDS = ['smart', 'mpc'] as const;
export const WALLET_SIGNER_TYPES = [
  'external-wallet',
  'server',
  'api-key',
  'passkey',
  'email',
  'phone',
  'device',
] as const;

export const P256PublicKey = z
  .object({
    x: z.string().describe('Affine x coordinate, decimal'),
    y: z.string().describe('Affine y coordinate, decimal'),
  })
  .meta({ id: 'P256PublicKey' });

export const SignerInput = z
  .object({
    type: z.enum(WALLET_SIGNER_TYPES),
    address: z.string().optional().describe('external-wallet and server signers'),
    id: z.string().optional().describe('passkey credential id'),
    name: z.string().optional().describe('passkey or device name'),
    publicKey: P256PublicKey.optional().describe('passkey and device signers'),
    email: z.string().optional().describe('email signers'),
    phone: z.string().optional().describe('phone signers, E.164'),
  })
  .meta({ id: 'SignerInput' });

export const TransferScopeInput = z
  .object({
    type: z.string().describe('transfer'),
    tokenLocator: z.string().describe('chain:currency or chain:address'),
    spendingLimit: z
      .object({
        amount: z.string().describe('Decimal amount of the token'),
        interval: z.number().describe('Rolling window in seconds'),
      })
      .optional(),
  })
  .meta({ id: 'TransferScopeInput' });

export const DelegatedSignerInput = z
  .object({
    signer: z
      .union([z.string().min(1), SignerInput])
      .describe('A signer object, or a signer locator such as external-wallet:0x...'),
    scopes: z.array(TransferScopeInput).optional(),
    expiresAt: z.string().optional().describe('ISO 8601 instant after which the signer can approve nothing'),
    deployImmediately: z.boolean().optional(),
  })
  .meta({ id: 'DelegatedSignerInput' });

export const CreateWalletBody = z
  .object({
    chainType: z.enum(WALLET_CHAIN_TYPES),
    type: z
      .enum(WALLET_KINDS)
      .optional()
      .describe('smart by default (mpc on aptos and sui, which only have mpc wallets)'),
    owner: z.string().optional().describe('<type>:<value> with type email, userId, phoneNumber (E.164), twitter or x'),
    alias: z.string().optional().describe('1 to 64 letters, digits, dots, dashes or underscores'),
    config: z
      .object({
        adminSigner: SignerInput.optional().describe('Smart wallets: who governs the wallet'),
        delegatedSigners: z.array(DelegatedSignerInput).optional(),
        creationSeed: z.string().optional().describe('EVM and Solana smart wallets: unsigned 256-bit integer, decimal'),
        recovery: SignerInput.optional(),
      })
      .optional(),
  })
  .describe(
    'One of seven kinds: EVM smart {chainType: evm, type?: smart, config: {adminSigner, delegatedSigners?, creationSeed?}}, ' +
      'EVM MPC {chainType: evm, type: mpc}, Solana smart and MPC alike, {chainType: aptos}, {chainType: sui}, ' +
      'Stellar {chainType: stellar, config: {adminSigner, delegatedSigners?}}; each with optional owner and alias.',
  )
  .meta({ id: 'CreateWalletRequest' });
export type CreateWalletBody = z.infer<typeof CreateWalletBody>;
