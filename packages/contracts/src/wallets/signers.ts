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

/** A delegated signer with its status per chain, as the public SDK reads it (`DelegatedSignerV2025Dto`). */
export const DelegatedSignerStatus = DelegatedSignerResource.extend({
  chains: z.record(
    z.string(),
    z.object({
      status: z.enum(['awaiting-approval', 'success']),
      id: z.string().optional().describe('While awaiting approval: the signature request the admin approves'),
    }),
  ),
}).meta({ id: 'DelegatedSignerStatus' });
