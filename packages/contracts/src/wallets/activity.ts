import { z } from 'zod';
import { cursorPage, integerParameter, pageQuery } from '../common/pagination.js';
import { csvParameter } from './balances.js';

/** The public SDK's `transfers({ tokens, status })` query (`GET /unstable/wallets/{walletLocator}/transfers`). */
export const TransferActivityQuery = pageQuery({ defaultLimit: 30, maxLimit: 100 }).extend({
  chain: z.string().min(1).optional().describe('A chain of the wallet; default: the first of its family'),
  tokens: csvParameter('tokens')
    .optional()
    .describe('Comma-separated currencies or token addresses; default: every token'),
  status: z.enum(['successful', 'failed']).default('successful'),
  sort: z.enum(['asc', 'desc']).default('desc').describe('By the time the transfer was made'),
});

const Party = z.object({ address: z.string(), chain: z.string(), locator: z.string() });

export const TransferActivityItem = z
  .object({
    type: z.enum(['wallets.transfer.out', 'wallets.transfer.in']),
    transferId: z.string(),
    status: z.enum(['succeeded', 'failed']),
    sender: Party,
    recipient: Party,
    token: z.object({
      type: z.literal('fungible'),
      chain: z.string(),
      locator: z.string(),
      symbol: z.string(),
      decimals: z.number(),
      amount: z.string(),
      rawAmount: z.string(),
      contractAddress: z.string().optional(),
      mintHash: z.string().optional(),
      contractId: z.string().optional(),
    }),
    completedAt: z.string().optional().describe('ISO 8601'),
    onChain: z.object({ txId: z.string(), explorerLink: z.string() }).optional(),
    error: z.object({ message: z.string(), reason: z.string() }).optional(),
  })
  .meta({ id: 'WalletTransferActivity' });

export const TransferActivityPage = cursorPage(TransferActivityItem).meta({ id: 'WalletTransferActivityPage' });

/** `GET /2025-06-09/wallets/{chain}:{address}/nfts` (the public SDK's `nfts({ perPage, page })`). */
export const WalletNftParams = z.object({
  walletLocator: z.string().min(1).describe('<chain>:<address>, e.g. base-sepolia:0x...'),
});

export const NftListQuery = z.object({
  page: integerParameter(1, Number.MAX_SAFE_INTEGER).default(1),
  perPage: integerParameter(1, 100).default(20),
});

export const NftPage = z
  .array(
    z.object({
      chain: z.string(),
      contractAddress: z.string(),
      tokenId: z.string(),
      metadata: z.record(z.string(), z.unknown()).optional(),
      locator: z.string(),
    }),
  )
  .meta({ id: 'WalletNftPage', description: 'The NFTs on the page, as an array' });
