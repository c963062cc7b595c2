import {
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  SetMetadata,
  UseGuards,
  UseInterceptors,
  UsePipes,
  applyDecorators,
} from '@nestjs/common';
import { AcceptsOrderClientSecret, Public, RequireScope } from '../access.decorators.js';
import { HandlesIdempotencyKey } from '../idempotency/handles-idempotency-key.decorator.js';
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor.js';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard.js';
import { ZodValidationPipe } from '../validation/zod-validation.pipe.js';
import {
  type HttpMethod,
  ROUTE_CONTRACT_METADATA,
  type RouteContract,
  scopesOf,
  successStatusOf,
} from './route-contract.js';

export { ROUTE_CONTRACT_METADATA } from './route-contract.js';

const METHODS: Readonly<Record<HttpMethod, (path: string) => MethodDecorator>> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};

/**
 * Declares a route once: its path, zod schemas, required scope and summary. The same contract
 * drives the validation pipe, the auth guard (through RequireScope/Public) and the OpenAPI
 * document; the route also gets the rate limit and, for a POST, the idempotency layer.
 *
 *   @Route({ method: 'GET', path: '2022-06-09/orders', summary: 'List orders',
 *            scope: Scopes.ordersRead, query: ListOrdersQuery, responses: { 200: OrderPage } })
 *   list(@Query() query: ListOrdersQuery) { ... }
 */
export const Route = (contract: RouteContract): MethodDecorator => {
  const scopes = scopesOf(contract);
  const [first, ...rest] = scopes;
  if (contract.public !== true && first === undefined) {
    throw new Error(`Route ${contract.method} ${contract.path} must declare a scope or public: true`);
  }
  return applyDecorators(
    SetMetadata(ROUTE_CONTRACT_METADATA, contract),
    METHODS[contract.method](contract.path),
    HttpCode(successStatusOf(contract)),
    UsePipes(new ZodValidationPipe(contract)),
    first === undefined ? Public() : RequireScope(first, ...rest),
    UseGuards(RateLimitGuard),
    ...(contract.orderClientSecret === true ? [AcceptsOrderClientSecret()] : []),
    ...(contract.method !== 'POST'
      ? []
      : contract.idempotency === 'route'
        ? [HandlesIdempotencyKey()]
        : [UseInterceptors(IdempotencyInterceptor)]),
  );
};
