import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../src/auth/principal.js';

export const TEST_PROJECT_HEADER = 'x-test-project';
export const TEST_KEY_HEADER = 'x-test-key';

/** Headers that make a request act as a caller of a project under the test guard. */
export const asProject = (projectId: string, keyId = `${projectId}-key`): Record<string, string> => ({
  [TEST_PROJECT_HEADER]: projectId,
  [TEST_KEY_HEADER]: keyId,
});

/**
 * Test-only stand-in for the auth guard: sets `request.principal` from plain headers, so the
 * HTTP layer (rate limits, idempotency) can be exercised without API keys.
 */
@Injectable()
export class TestPrincipalGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const projectId = request.headers[TEST_PROJECT_HEADER];
    if (typeof projectId === 'string') {
      const keyId = request.headers[TEST_KEY_HEADER];
      const principal: Principal = {
        projectId,
        environment: 'staging',
        keyId: typeof keyId === 'string' ? keyId : `${projectId}-key`,
        keyKind: 'server',
        keyPrefix: 'sk_staging_test',
        scopes: new Set(),
        userId: null,
      };
      request.principal = principal;
    }
    return true;
  }
}
