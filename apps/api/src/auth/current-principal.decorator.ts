import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './principal.js';

/** The caller the auth guard established: `handler(@CurrentPrincipal() principal: Principal)`. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
  // Only a @Public() route has no principal, and a public route has no caller to ask for.
  if (!principal) throw new Error('CurrentPrincipal used on a route without authentication');
  return principal;
});
