import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.js';
import type { ProjectContext } from '../infrastructure/aggregates/aggregates.js';

export type { ProjectContext } from '../infrastructure/aggregates/aggregates.js';

/** Who asked, in which request: the principal the auth guard established, and the context its events carry. */
export interface Caller {
  readonly principal: Principal;
  /** Metadata of every event the request writes: the project, the key, the request id. */
  readonly context: ProjectContext;
}

export const callerOfRequest = (request: FastifyRequest): Caller => {
  const principal = request.principal;
  // Only a @Public() route has no principal, and a public route has no caller to ask for.
  if (!principal) throw new Error('CallerOf used on a route without authentication');
  return {
    principal,
    context: {
      projectId: principal.projectId,
      actor: { type: 'api-key', id: principal.keyId },
      correlationId: request.id,
    },
  };
};

/** `@CallerOf() caller: Caller` on an authenticated route: what its command or query carries. */
export const CallerOf = createParamDecorator((_data: unknown, execution: ExecutionContext): Caller =>
  callerOfRequest(execution.switchToHttp().getRequest<FastifyRequest>()),
);
