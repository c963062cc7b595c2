/**
 * The subject a server key acts as when it sends no `x-service-user-id`. User subjects are
 * `user:<id>`, so no end user can ever be this one (or see its runs and profiles).
 */
export const SERVICE_SUBJECT = 'service';

/** Who owns agent-checkout resources: a subject under a project. One never sees another's. */
export interface Caller {
  readonly projectId: string;
  readonly subject: string;
}

/** The subject of an end user (the JWT subject, or x-service-user-id). */
export const userSubject = (userId: string): string => `user:${userId}`;
