import { DomainException, domainError, invalid } from '@paykit/kernel';
import { type Owner, formatOwner, normalizeOwnerValue } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';

/**
 * The owner `me` stands for: `userId:<the JWT subject>` under a client key, `userId:<x-service-user-id>`
 * under a server key. `field` names where `me` was used, for the 400.
 */
export const callerOwner = (principal: Principal, field: string): Owner => {
  if (principal.userId === null) {
    throw new DomainException(
      invalid(
        'user_required',
        `${field}: "me" needs a user: call with a client key and the user's JWT, or send x-service-user-id with a server key`,
      ),
    );
  }
  const value = normalizeOwnerValue('userId', principal.userId);
  if (E.isLeft(value))
    throw new DomainException(invalid('user_required', `${field}: the caller's user id ${value.left}`));
  return { type: 'userId', value: value.right };
};

/**
 * Client keys act for their signed-in user only: they see and use that user's wallets, and
 * another project's or user's wallet is "not there" (404) for them. Server keys see the project's.
 */
export const isVisibleTo = (principal: Principal, projectId: string, owner: string | undefined): boolean => {
  if (projectId !== principal.projectId) return false;
  if (principal.keyKind === 'server') return true;
  return principal.userId !== null && owner === formatOwner({ type: 'userId', value: principal.userId });
};

export const ownerNotAllowed = (owner: string) =>
  new DomainException(
    domainError(
      'forbidden',
      'owner_not_allowed',
      `owner: this request creates wallets only for the calling user (${owner})`,
    ),
  );
