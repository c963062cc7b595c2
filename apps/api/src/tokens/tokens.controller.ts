import { Controller, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ListTokensQuery, SupportedTokenPage } from '@paykit/contracts';
import { Scopes } from '../auth/scopes.js';
import { Route } from '../http/routes/route.decorator.js';
import { ListTokens } from './list/list-tokens.handler.js';

@Controller()
export class TokensController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: '2024-09-26/tokens',
    tags: ['Tokens'],
    summary: 'List supported tokens',
    description:
      'The tokens of this environment (test networks in staging, main networks in production) with their availability ' +
      'and features. Filters: chains and tokenClasses (onramp, memecoin, stablecoin, native; default memecoin,onramp), ' +
      'comma-separated; a token matching any class is listed. Cursors keep the filters they were issued for.',
    scope: Scopes.tokensRead,
    query: ListTokensQuery,
    responses: { 200: SupportedTokenPage },
  })
  list(@Query() query: ListTokensQuery): Promise<SupportedTokenPage> {
    return this.queries.execute(new ListTokens(query));
  }
}
