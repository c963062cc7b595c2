import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { yearsBetween } from '../common/calendar-date.js';
import { fieldError } from '../common/field-error.js';

export interface PostalAddress {
  readonly line1: string;
  readonly line2?: string;
  readonly city: string;
  readonly state?: string;
  readonly postalCode: string;
  /** ISO 3166-1 alpha-2 */
  readonly country: string;
}

/** What a project tells us about a user, for identity checks. Personal data: never logged. */
export interface UserDetails {
  readonly userDetails?: {
    readonly firstName: string;
    readonly lastName: string;
    /** YYYY-MM-DD */
    readonly dateOfBirth: string;
    readonly countryOfResidence?: string;
  };
  readonly kycData?: {
    readonly email?: string;
    readonly phoneNumber?: string;
    readonly address?: PostalAddress;
  };
}

/** The pieces of data an identity check can ask for. */
export const DATA_ITEMS = ['name', 'dateOfBirth', 'countryOfResidence', 'address', 'email', 'phoneNumber'] as const;
export type DataItem = (typeof DATA_ITEMS)[number];

export const MINIMUM_AGE = 18;
const MAXIMUM_AGE = 120;

/** A date of birth of an adult, not in the future and not beyond any human age. */
export const checkDateOfBirth = (dateOfBirth: string, today: string): E.Either<DomainError, string> => {
  const path = 'userDetails.dateOfBirth';
  if (dateOfBirth > today) return E.left(fieldError(path, 'must not be in the future'));
  const age = yearsBetween(dateOfBirth, today);
  if (age < MINIMUM_AGE)
    return E.left(fieldError(path, `the user must be at least ${MINIMUM_AGE} years old`, 'user_underage'));
  if (age > MAXIMUM_AGE) return E.left(fieldError(path, `must be within the last ${MAXIMUM_AGE} years`));
  return E.right(dateOfBirth);
};

/** The two sections of a user's details: each is sent, stored and replaced whole. */
export type DetailsSection = 'userDetails' | 'kycData';

/** The data items a section holds. */
export const dataItemsOfSection = (section: DetailsSection, details: UserDetails): DataItem[] => {
  const given = new Set<DataItem>();
  if (section === 'userDetails' && details.userDetails) {
    given.add('name').add('dateOfBirth');
    if (details.userDetails.countryOfResidence) given.add('countryOfResidence');
  }
  if (section === 'kycData' && details.kycData) {
    if (details.kycData.address) given.add('address');
    if (details.kycData.email) given.add('email');
    if (details.kycData.phoneNumber) given.add('phoneNumber');
  }
  return DATA_ITEMS.filter((item) => given.has(item));
};

/**
 * The data items a user has given, from every section on record. A user known by email or
 * phone number has given that one: the locator is the address the project reaches them at.
 */
export const dataItemsOfUser = (sectionItems: readonly (readonly DataItem[])[], userLocator: string): DataItem[] => {
  const given = new Set(sectionItems.flat());
  if (userLocator.startsWith('email:')) given.add('email');
  if (userLocator.startsWith('phoneNumber:')) given.add('phoneNumber');
  return DATA_ITEMS.filter((item) => given.has(item));
};

/** What an identity check verifies about the person: changing it after a check voids the check. */
export const identityPartOf = (userDetails: NonNullable<UserDetails['userDetails']>): string =>
  JSON.stringify([userDetails.firstName, userDetails.lastName, userDetails.dateOfBirth]);
