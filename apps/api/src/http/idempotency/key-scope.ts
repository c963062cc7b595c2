import { sha256Hex } from '@paykit/kernel';
import type { Principal } from '../../auth/principal.js';

/**
 * Whose idempotency keys a request's are (ADR 0311): its project's and, within the project, its
 * acting subject's, so two end users sending the same key never meet. The subject is the end
 * user a request acts for: the JWT subject under a client key, the x-service-user-id under a
 * server key. A server key acting for no one is the project's own backend: its scope is the
 * project alone, as it was for every key before ADR 0311, so its keys (and the resource ids
 * they derive) stay where they were; every server key of the project shares it, so a retry with
 * a rotated key still replays.
 *
 * The subject enters as a digest (stream names and ids never carry a user id in clear), tagged
 * with how it was named: a JWT subject and a service user of the same name are two subjects.
 */
export const keyScopeOf = (principal: Principal): string => {
  if (principal.userId === null) return principal.projectId;
  const named = principal.keyKind === 'client' ? 'jwt-subject' : 'service-user';
  return `${principal.projectId}.${sha256Hex(`${named}:${principal.userId}`)}`;
};
