import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { isPublicRoute, requiredScopesOf } from '../http/access.decorators.js';
import { Authenticator } from './authenticator.js';

/**
 * The global guard: every route needs a valid API key (and, for a client key, a user JWT)
 * holding the scope its `@Route`/`@RequireScope` declares, unless it is `@Public()`.
 * Sets `request.principal` for the handlers.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(Authenticator) private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http' || isPublicRoute(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.principal = await this.authenticator.authenticate(
      {
        apiKey: single(request.headers['x-api-key']),
        authorization: single(request.headers.authorization),
        serviceUserId: single(request.headers['x-service-user-id']),
      },
      requiredScopesOf(this.reflector, context),
    );
    return true;
  }
}

/** A header sent twice is ambiguous: treated as its first value. */
const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);
