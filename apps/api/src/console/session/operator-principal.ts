import { ALL_SCOPES, type Environment, type Operator, type OperatorRole } from '@paykit/platform';
import type { Principal } from '../../auth/principal.js';
import type { Caller } from '../../http/caller.js';

/** Roles that may write (through the same commands as the API); support only reads. */
export const canWrite = (role: OperatorRole): boolean => role !== 'support';

const READ_SCOPES = ALL_SCOPES.filter((scope) => scope.endsWith('.read'));

/**
 * The operator as the API's handlers know callers: a server-side principal of the project, with
 * every scope for writers and the read scopes for support. Its events name the operator as actor.
 */
export const operatorCaller = (
  operator: Operator,
  project: { projectId: string; environment: Environment },
  requestId: string,
): Caller => {
  const principal: Principal = {
    projectId: project.projectId,
    environment: project.environment,
    keyId: `operator:${operator.operatorId}`,
    keyKind: 'server',
    keyPrefix: `operator:${operator.email}`,
    scopes: new Set(canWrite(operator.role) ? ALL_SCOPES : READ_SCOPES),
    userId: null,
  };
  return {
    principal,
    context: {
      projectId: project.projectId,
      actor: { type: 'operator', id: operator.operatorId },
      correlationId: requestId,
    },
  };
};
