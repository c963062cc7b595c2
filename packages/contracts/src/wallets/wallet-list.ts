import { z } from 'zod';
import { cursorPage, pageQuery } from '../common/pagination.js';
import { WalletResource } from './wallet-resource.js';

const CHAIN_TYPES = ['evm', 'solana', 'aptos', 'sui', 'stellar'] as const;

/** `GET /2025-06-09/wallets`: the project's wallets, newest first (ADR 0812). */
export const WalletListQuery = pageQuery({ defaultLimit: 30, maxLimit: 100 }).extend({
  chainType: z
    .enum(CHAIN_TYPES, { error: `must be one of ${CHAIN_TYPES.join(', ')}` })
    .optional()
    .describe('Only wallets of this chain family'),
  owner: z
    .string()
    .min(1, { error: 'must not be empty' })
    .optional()
    .describe('Only wallets of this owner, `<type>:<value>` such as email:alice@example.com or userId:42'),
});
export type WalletListQuery = z.infer<typeof WalletListQuery>;

export const WalletPage = cursorPage(WalletResource).meta({ id: 'WalletPage' });
export type WalletPage = z.infer<typeof WalletPage>;
