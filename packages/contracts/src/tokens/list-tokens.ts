import { z } from 'zod';
import { Cursor, cursorPage } from '../common/pagination.js';

export const TOKEN_CLASSES = ['onramp', 'memecoin', 'stablecoin', 'native'] as const;
export const TokenClass = z.enum(TOKEN_CLASSES);
export type TokenClass = z.infer<typeof TokenClass>;

export const DEFAULT_TOKEN_CLASSES: readonly TokenClass[] = ['memecoin', 'onramp'];
export const DEFAULT_TOKENS_LIMIT = 30;
export const MAX_TOKENS_LIMIT = 100;

/** `a,b,,c` -> ['a', 'b', 'c']: blanks between commas are ignored. */
const commaSeparated = <Item extends z.ZodType<unknown, string>>(item: Item) =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item).min(1, 'must name at least one value'));

/** The spec's limit is a string of digits, at most 100. */
const limit = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().min(1, 'must be at least 1').max(MAX_TOKENS_LIMIT, `must be at most ${MAX_TOKENS_LIMIT}`));

export const ListTokensQuery = z.object({
  chains: commaSeparated(z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be chain names such as base-sepolia'))
    .optional()
    .describe('Comma-separated chains to include (e.g. base-sepolia,solana); all chains when omitted'),
  tokenClasses: commaSeparated(TokenClass)
    .optional()
    .describe('Comma-separated classes to include; default memecoin,onramp'),
  limit: limit.default(DEFAULT_TOKENS_LIMIT).describe('A whole number from 1 to 100; default 30'),
  cursor: Cursor.optional(),
});
export type ListTokensQuery = z.infer<typeof ListTokensQuery>;

export const SupportedToken = z
  .object({
    token: z.string().describe('Token locator, e.g. base-sepolia:usdxm'),
    available: z.boolean().describe('Whether the token can be bought now'),
    features: z.object({ creditCardPayment: z.boolean().describe('Whether it can be bought with a card') }),
  })
  .meta({ id: 'SupportedToken' });
export type SupportedToken = z.infer<typeof SupportedToken>;

export const SupportedTokenPage = cursorPage(SupportedToken).meta({ id: 'SupportedTokenPage' });
export type SupportedTokenPage = z.infer<typeof SupportedTokenPage>;
