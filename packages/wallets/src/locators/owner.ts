import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import { checkIdentifierText } from './identifier-text.js';

/** Who a wallet belongs to, written `<type>:<value>` (spec: Wallet.owner). */
export const OWNER_TYPES = ['email', 'userId', 'phoneNumber', 'twitter', 'x'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

export interface Owner {
  readonly type: OwnerType;
  readonly value: string;
}

export const isOwnerType = (value: string): value is OwnerType => (OWNER_TYPES as readonly string[]).includes(value);

const EMAIL = /^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/;
const E164 = /^\+[1-9]\d{1,14}$/;
const HANDLE = /^[A-Za-z0-9_]{1,15}$/;
const USER_ID = /^[^\s:/]{1,256}$/;

export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);
export const isE164PhoneNumber = (value: string): boolean => E164.test(value);

/** The value's own syntax per type; emails and handles are case-insensitive, so kept lowercase. */
const syntaxOf = (type: OwnerType, value: string): E.Either<string, string> => {
  switch (type) {
    case 'email':
      return isEmail(value) ? E.right(value.toLowerCase()) : E.left(`"${value}" is not an email address`);
    case 'phoneNumber':
      return isE164PhoneNumber(value)
        ? E.right(value)
        : E.left(`"${value}" is not a phone number in E.164 format (e.g. +14155550123)`);
    case 'twitter':
    case 'x':
      return HANDLE.test(value)
        ? E.right(value.toLowerCase())
        : E.left(
            `"${value}" is not ${type === 'x' ? 'an' : 'a'} ${type} handle (1 to 15 letters, digits or underscores, without @)`,
          );
    case 'userId':
      return USER_ID.test(value)
        ? E.right(value)
        : E.left(`"${value}" is not a user id (1 to 256 characters, no spaces, colons or slashes)`);
  }
};

/**
 * The canonical value of an owner, or why it is not one: its syntax, then the text checks every
 * identifier passes (NFC; no invisible, compatibility or mixed-script text: checkIdentifierText).
 * One person, one owner string: what wallets, signers and the identity areas all parse with.
 */
export const normalizeOwnerValue = (type: OwnerType, value: string): E.Either<string, string> =>
  E.flatMap(checkIdentifierText)(syntaxOf(type, value));

const OWNER_TYPE_LIST = 'email, userId, phoneNumber, twitter or x';

export const unknownOwnerTypeReason = (type: string): string =>
  `unknown owner type "${type}"; expected ${OWNER_TYPE_LIST}`;

/** Parses `<type>:<value>`; errors name the field and the part that is wrong. */
export const parseOwner = (text: string, field = 'owner'): E.Either<DomainError, Owner> => {
  const separator = text.indexOf(':');
  if (separator <= 0) {
    return E.left(
      invalid('invalid_owner', `${field}: expected <type>:<value> such as email:alice@example.com, got "${text}"`),
    );
  }
  const type = text.slice(0, separator);
  if (!isOwnerType(type)) return E.left(invalid('invalid_owner', `${field}: ${unknownOwnerTypeReason(type)}`));
  const value = normalizeOwnerValue(type, text.slice(separator + 1));
  return E.isLeft(value)
    ? E.left(invalid('invalid_owner', `${field}: ${value.left}`))
    : E.right({ type, value: value.right });
};

export const formatOwner = (owner: Owner): string => `${owner.type}:${owner.value}`;
