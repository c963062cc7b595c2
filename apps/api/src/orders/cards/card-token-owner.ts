import type { CardTokenOwner } from '@paykit/providers';
import type { Principal } from '../../auth/principal.js';

/**
 * Whom a card token is made for and who charges it: the caller's project (the processor's
 * account) and the end user the request acts for, when it acts for one (ADR 0102).
 */
export const cardTokenOwnerOf = (principal: Principal): CardTokenOwner => ({
  account: principal.projectId,
  ...(principal.userId !== null && { customer: principal.userId }),
});
