import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapException } from './map-exception.js';

/**
 * The one exception layer: every error, from a route, a guard, Fastify's body parser or the
 * router's 404, leaves as `{ error: true, message, code?, parameters? }`.
 */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const answer = mapException(exception);
    if (answer.log === 'error') request.log.error({ err: exception }, 'request failed');
    if (answer.log === 'warn') request.log.warn({ err: exception }, `request failed with ${answer.status}`);
    // The handler timeout may already have answered while the handler kept running.
    if (reply.sent) return;
    void reply.code(answer.status).headers(answer.headers).send(answer.body);
  }
}
