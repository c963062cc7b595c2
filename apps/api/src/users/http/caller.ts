import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { EventToAppend } from '@paykit/event-store';
import { type Clock, type CommandContext, type DomainEvent, type IdGenerator, envelope } from '@paykit/kernel';
import type { FastifyRequest } from 'fastify';

/** The command context of a project's request: its events name the project, the key and the request. */
export type ProjectContext = CommandContext & { readonly projectId: string };

/** `@CallerContext() context: ProjectContext` on an authenticated route. */
export const CallerContext = createParamDecorator((_data: unknown, execution: ExecutionContext): ProjectContext => {
  const request = execution.switchToHttp().getRequest<FastifyRequest>();
  const principal = request.principal;
  if (!principal) throw new Error('CallerContext used on a route without authentication');
  return { projectId: principal.projectId, actor: { type: 'api-key', id: principal.keyId }, correlationId: request.id };
});

/** Stamps a command's events with its context, one id and one time for the batch. */
export const toEnvelope =
  (context: CommandContext, clock: Clock, ids: IdGenerator) =>
  (event: DomainEvent): EventToAppend =>
    envelope(event, context, { eventId: ids.uuid(), occurredAt: clock.now() });
