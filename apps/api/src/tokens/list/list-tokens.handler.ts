import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DEFAULT_TOKEN_CLASSES, type ListTokensQuery, type SupportedTokenPage } from '@paykit/contracts';
import { type Environment, findChain, otherEnvironmentOf } from '@paykit/wallets';
import type { AppConfig } from '../../config/config.js';
import { keysetPage } from '../../http/pagination/keyset-page.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { RequestValidationError } from '../../http/validation/request-validation.error.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { type CatalogueEntry, TokenCatalogue } from '../token-catalogue.js';

/** `GET /2024-09-26/tokens`: the environment's supported tokens, filtered by chains and classes; cursors keep the filters. */
export class ListTokens extends Query<SupportedTokenPage> {
  constructor(readonly query: ListTokensQuery) {
    super();
  }
}

const checkChains = (chains: readonly string[], environment: Environment): void => {
  const unknown = chains.find((chain) => !findChain(chain, environment));
  if (unknown === undefined) return;
  const other = otherEnvironmentOf(unknown, environment);
  const reason = other
    ? `"${unknown}" is a ${other} chain; ${environment} lists ${environment === 'staging' ? 'test' : 'main'} networks`
    : `unknown chain "${unknown}"`;
  throw new RequestValidationError([{ path: 'chains', message: reason }]);
};

const isTokenKey = (value: unknown): value is string => typeof value === 'string';

/** Rows strictly after / before a token in a list ordered by token. */
const inMemorySource = (entries: readonly CatalogueEntry[]) => ({
  after: (key: string | null, count: number) =>
    entries.filter((entry) => key === null || entry.token > key).slice(0, count),
  before: (key: string, count: number) =>
    entries
      .filter((entry) => entry.token < key)
      .slice(-count)
      .reverse(),
  keyOf: (entry: CatalogueEntry) => entry.token,
});

@QueryHandler(ListTokens)
export class ListTokensHandler implements IQueryHandler<ListTokens> {
  constructor(
    private readonly catalogue: TokenCatalogue,
    private readonly cursors: SignedCursors,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ query }: ListTokens): Promise<SupportedTokenPage> {
    const environment = this.config.APP_ENV;
    const chains = query.chains ? [...new Set(query.chains)].sort() : null;
    if (chains) checkChains(chains, environment);
    const classes = [...new Set(query.tokenClasses ?? DEFAULT_TOKEN_CLASSES)].sort();
    const entries = (await this.catalogue.entries()).filter(
      (entry) =>
        (chains === null || chains.includes(entry.chain)) &&
        entry.classes.some((tokenClass) => classes.includes(tokenClass)),
    );
    return keysetPage({
      cursors: this.cursors,
      binding: `tokens\n${environment}\n${chains?.join(',') ?? '*'}\n${classes.join(',')}`,
      cursor: query.cursor,
      limit: query.limit,
      isKey: isTokenKey,
      source: inMemorySource(entries),
      present: (entry) => ({
        token: entry.token,
        available: entry.available,
        features: { creditCardPayment: entry.creditCardPayment },
      }),
    });
  }
}
