import { DomainException, notFound } from '@paykit/kernel';
import { isOwnedBy } from '@paykit/platform';
import type { Principal } from './principal.js';

/**
 * For handlers: the resource if it belongs to the caller's project, else the 404 that a missing
 * resource gets (another project's resource must not be told apart from none).
 *
 *   const order = ownedBy(principal)(await orders.get(orderId));
 */
export const ownedBy =
  (principal: Pick<Principal, 'projectId'>) =>
  <Resource extends { readonly projectId: string }>(resource: Resource | null | undefined): Resource => {
    if (!isOwnedBy(principal.projectId)(resource)) throw new DomainException(notFound());
    return resource;
  };
