import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { CommandContext } from '@paykit/kernel';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../auth/principal.js';

/** Who asked and in which request, for the metadata of the events a command writes. */
export interface WalletsRequest {
  readonly principal: Principal;
  readonly context: CommandContext;
}

/** `@CallerOf() caller: WalletsRequest`: the authenticated caller and its command context. */
export const CallerOf = createParamDecorator((_data: unknown, execution: ExecutionContext): WalletsRequest => {
  const request = execution.switchToHttp().getRequest<FastifyRequest>();
  const principal = request.principal;
  if (!principal) throw new Error('CallerOf used on a route without authentication');
  return {
    principal,
    context: {
      projectId: principal.projectId,
      actor: { type: 'api-key', id: principal.keyId },
      correlationId: request.id,
    },
  };
});

export { eventsToAppend } from '../../infrastructure/events-to-append.js';
