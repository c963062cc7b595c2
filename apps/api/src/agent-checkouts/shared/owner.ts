import type { Principal } from '../../auth/principal.js';
import type { ProjectContext } from '../../http/caller.js';

/**
 * The subject a server key acts as when it sends no `x-service-user-id`. User subjects are
 * `user:<id>`, so no end user can ever be this one (or see its runs and profiles).
 */
export const SERVICE_SUBJECT = 'service';

/** Who owns agent-checkout resources: a subject under a project. One never sees another's. */
export interface Owner {
  readonly projectId: string;
  readonly subject: string;
}

/** The subject of an end user (the JWT subject, or x-service-user-id). */
export const userSubject = (userId: string): string => `user:${userId}`;

/**
 * The JWT subject under a client key, `x-service-user-id` under a server key (the same user
 * either way), else the fixed service subject.
 */
export const ownerOf = (principal: Principal): Owner => ({
  projectId: principal.projectId,
  subject: principal.userId === null ? SERVICE_SUBJECT : userSubject(principal.userId),
});

/** What the events of an owner's command carry: the project, the subject as the actor, the resource as correlation. */
export const ownerContext = (owner: Owner, correlationId: string): ProjectContext => ({
  projectId: owner.projectId,
  actor: { type: 'user', id: owner.subject },
  correlationId,
});
