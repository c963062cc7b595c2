import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { routeAccessOf } from '../http/access.decorators.js';
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
    if (context.getType() !== 'http') return true;
    const access = routeAccessOf(this.reflector, context);
    if (access.isPublic) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const credentials = {
      apiKey: single(request.headers['x-api-key']),
      authorization: single(request.headers.authorization),
      serviceUserId: single(request.headers['x-service-user-id']),
    };
    const clientSecret = access.acceptsOrderClientSecret ? rawSecretOf(credentials.authorization) : undefined;
    request.principal =
      clientSecret === undefined
        ? await this.authenticator.authenticate(credentials, access.requiredScopes)
        : await this.authenticator.authenticateWithOrderClientSecret(credentials, clientSecret);
    return true;
  }
}

/** A header sent twice is ambiguous: treated as its first value. */
const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** An order's client secret is sent raw in Authorization; a `Bearer` token is a user's JWT instead. */
const rawSecretOf = (authorization: string | undefined): string | undefined => {
  const value = authorization?.trim();
  return value === undefined || value === '' || /^Bearer\s/i.test(value) ? undefined : value;
};
