import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, sha256Hex } from '@paykit/kernel';
import { formatOwner, parseOwner } from '@paykit/wallets';
import { fieldError } from './field-error.js';

/**
 * A user of a project, written `<type>:<value>` like a wallet owner: email:, userId:,
 * phoneNumber: (E.164), twitter:, x:. The canonical form (emails and handles lowercased)
 * is what events and read models keep, so two spellings name one user.
 */
export type UserLocator = string & { readonly __brand: 'UserLocator' };

export const parseUserLocator = (text: string, field = 'userLocator'): E.Either<DomainError, UserLocator> => {
  const parsed = parseOwner(text, field);
  if (E.isLeft(parsed)) {
    const reason = parsed.left.message.startsWith(`${field}: `)
      ? parsed.left.message.slice(field.length + 2)
      : parsed.left.message;
    return E.left(fieldError(field, reason, 'invalid_user_locator'));
  }
  return E.right(formatOwner(parsed.right) as UserLocator);
};

/**
 * The part of a stream name that stands for a user of a project: a digest, so stream names
 * stay short and carry no email address or phone number.
 */
export const userKeyOf = (projectId: string, user: UserLocator): string =>
  sha256Hex(`${projectId}\n${user}`).slice(0, 40);
