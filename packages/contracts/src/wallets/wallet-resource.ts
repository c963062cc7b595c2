import { z } from 'zod';
import { WALLET_CHAIN_TYPES, P256PublicKey, WALLET_SIGNER_TYPES, WALLET_KINDS } from './wallet-requests.js';

export const SignerResource = z
  .object({
    type: z.enum(WALLET_SIGNER_TYPES),
    address: z.string(),
    locator: z.string().describe('e.g. external-wallet:0x..., api-key:0x..., email:alice@example.com'),
    email: z.string().optional(),
    phone: z.string().optional(),
    id: z.string().optional(),
    name: z.string().optional(),
    publicKey: P256PublicKey.optional(),
  })
  .meta({ id: 'Signer' });

export const DelegatedSignerResource = SignerResource.extend({
  scopes: z.array(
    z.object({
      type: z.literal('transfer'),
      tokenLocator: z.string(),
      spendingLimit: z.object({ amount: z.string(), interval: z.number() }).optional(),
    }),
  ),
  expiresAt: z.string().optional(),
  chains: z.record(z.string(), z.object({ status: z.literal('success') })),
}).meta({ id: 'DelegatedSigner' });

export const WalletResource = z
  .object({
    chainType: z.enum(WALLET_CHAIN_TYPES),
    type: z.enum(WALLET_KINDS),
    address: z.string().describe('On-chain address'),
    config: z.object({
      adminSigner: SignerResource.optional(),
      delegatedSigners: z.array(DelegatedSignerResource).optional(),
    }),
    owner: z.string().optional().describe('<type>:<value>'),
    createdAt: z.number().describe('Epoch milliseconds'),
    alias: z.string().optional(),
  })
  .meta({ id: 'Wallet' });
export type WalletResource = z.infer<typeof WalletResource>;

/** Path of every wallet route: the locator is parsed by the handler, which names the wrong part. */
export const WalletLocatorParams = z.object({
  walletLocator: z
    .string()
    .min(1)
    .describe(
      '<address> | email:<email>:<chainType>[:<walletType>][:alias:<alias>] | userId:... | phoneNumber:... | twitter:... | x:... | ' +
        'me:<chainType>[:<walletType>][:alias:<alias>] | <chainType>[:<walletType>]:alias:<alias>',
    ),
});
