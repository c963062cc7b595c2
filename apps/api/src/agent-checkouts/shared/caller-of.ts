import type { Principal } from '../../auth/principal.js';
import { type Caller, SERVICE_SUBJECT, userSubject } from './caller.js';

/**
 * The JWT subject under a client key, `x-service-user-id` under a server key (the same user
 * either way), else the fixed service subject.
 */
export const callerOf = (principal: Principal): Caller => ({
  projectId: principal.projectId,
  subject: principal.userId === null ? SERVICE_SUBJECT : userSubject(principal.userId),
});
