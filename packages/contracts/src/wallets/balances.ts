import { z } from 'zod';

export const csvParameter = (what: string) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(z.string()).max(20, { error: `must list at most 20 ${what}` }));

export const BalancesQuery = z.object({
  tokens: csvParameter('tokens')
    .optional()
    .describe(
      'Comma-separated currencies (usdc, eth, ...) or token addresses; default: the native token and the stablecoin',
    ),
  chains: csvParameter('chains')
    .optional()
    .describe('Comma-separated chains; default: every chain of the wallet’s chain type'),
});

export const TokenBalance = z
  .object({
    symbol: z.string(),
    name: z.string(),
    decimals: z.number(),
    amount: z.string().describe('Decimal total over the chains listed'),
    rawAmount: z.string().describe('Total in base units'),
    chains: z.record(
      z.string(),
      z.object({
        locator: z.string(),
        amount: z.string(),
        rawAmount: z.string(),
        contractAddress: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'TokenBalance' });
export const BalancesResponse = z.array(TokenBalance);
export type TokenBalance = z.infer<typeof TokenBalance>;

/** The staging faucet (COMPAT.md): the test stablecoin, or the chain's native token for gas. */
export const FaucetBody = z
  .object({
    amount: z
      .union([z.number(), z.string().regex(/^\d+(?:\.\d+)?$/, { error: 'must be a decimal amount' })])
      .describe('1 to 100 of the stablecoin'),
    token: z.string().min(1).describe('usdxm (usdc resolves to it in staging), or the chain’s native currency'),
    chain: z.string().min(1).optional().describe('Default: the first chain of the wallet’s chain type'),
  })
  .meta({ id: 'FaucetRequest' });
export type FaucetBody = z.infer<typeof FaucetBody>;

export const FaucetResponse = z.array(
  z
    .object({
      token: z.string(),
      decimals: z.number(),
      balances: z.record(z.string(), z.string()).describe('{ [chain]: amount, total: amount }'),
    })
    .meta({ id: 'FaucetBalance' }),
);
