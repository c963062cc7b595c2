import * as E from 'fp-ts/lib/Either.js';
import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  type UserEvent,
  checkDateOfBirth,
  dataItemsOfUser,
  eligibilityOf,
  parseUserLocator,
  userDecider,
  yearsBetween,
} from '../src/index.js';

const section = (fingerprint: string) => ({
  sealed: 'sealed',
  fingerprint,
  dataItems: ['name' as const, 'dateOfBirth' as const],
});
const update = (fingerprint: string, identityFingerprint?: string) => ({
  type: 'UpdateUserDetails' as const,
  data: {
    userLocator: 'userId:u',
    sections: { userDetails: section(fingerprint) },
    ...(identityFingerprint && { identityFingerprint }),
    at: 't1',
  },
});
const updated = (
  fingerprint: string,
  identityFingerprint: string | undefined,
  verificationVoided: boolean,
): UserEvent => ({
  type: 'UserDetailsUpdated',
  data: {
    userLocator: 'userId:u',
    sections: { userDetails: section(fingerprint) },
    ...(identityFingerprint && { identityFingerprint }),
    verificationVoided,
    updatedAt: 't1',
  },
});
const started = (status: 'pending' | 'approved' | 'declined' | 'needs-review'): UserEvent => ({
  type: 'IdentityVerificationStarted',
  data: { userLocator: 'userId:u', provider: 'p', inquiryId: 'inq_1', environmentId: 'env', status, startedAt: 't0' },
});

describe('user decider', () => {
  const spec = DeciderSpecification.for(userDecider);

  it('records details, and nothing when the same details come again', () => {
    spec
      .given([])
      .when(update('f1', 'id1'))
      .then([updated('f1', 'id1', false)]);
    spec
      .given([updated('f1', 'id1', false)])
      .when(update('f1', 'id1'))
      .thenNothingHappened();
  });

  it('voids a verification when the person described changes, not when other details do', () => {
    spec
      .given([updated('f1', 'id1', false), started('approved')])
      .when(update('f2', 'id2'))
      .then([updated('f2', 'id2', true)]);
    spec
      .given([updated('f1', 'id1', false), started('approved')])
      .when(update('f2', 'id1'))
      .then([updated('f2', 'id1', false)]);
  });

  it('keeps a rejection whatever the details become, and refuses a new check', () => {
    spec
      .given([updated('f1', 'id1', false), started('declined')])
      .when(update('f2', 'id2'))
      .then([updated('f2', 'id2', false)]);
    spec
      .given([started('declined')])
      .when({
        type: 'StartIdentityVerification',
        data: {
          userLocator: 'userId:u',
          provider: 'p',
          inquiryId: 'inq_2',
          environmentId: 'env',
          status: 'approved',
          at: 't',
        },
      })
      .thenFails({ code: 'identity_verification_rejected' });
  });

  it('records the provider’s later answer about the current check only', () => {
    const record = (inquiryId: string, status: 'approved' | 'needs-review') => ({
      type: 'RecordVerificationStatus' as const,
      data: { userLocator: 'userId:u', inquiryId, status, at: 't2' },
    });
    spec
      .given([started('needs-review')])
      .when(record('inq_1', 'approved'))
      .then([
        {
          type: 'IdentityVerificationStatusChanged',
          data: { userLocator: 'userId:u', inquiryId: 'inq_1', status: 'approved', changedAt: 't2' },
        },
      ]);
    spec
      .given([started('needs-review')])
      .when(record('inq_1', 'needs-review'))
      .thenNothingHappened();
    spec
      .given([started('needs-review')])
      .when(record('inq_0', 'approved'))
      .thenNothingHappened();
  });
});

describe('eligibility', () => {
  const base = { dataItems: ['name', 'dateOfBirth', 'address', 'email'] as const, today: '2026-06-01' };
  const passportAndSelfie = [
    { documentType: 'id-passport' as const, expiresAt: '2030-01-01' },
    { documentType: 'selfie-front' as const, expiresAt: '2030-01-01' },
  ];

  it('follows the check once nothing is missing', () => {
    const of = (verification: 'pending' | 'approved' | 'declined' | 'needs-review' | null) =>
      eligibilityOf({ ...base, dataItems: [...base.dataItems], documents: passportAndSelfie, verification })[0]?.status;
    expect([of(null), of('pending'), of('needs-review'), of('approved'), of('declined')]).toEqual([
      'requires-data',
      'pending-review',
      'pending-review',
      'verified',
      'rejected',
    ]);
  });

  it('does not count an expired document', () => {
    const documents = [{ documentType: 'id-passport' as const, expiresAt: '2026-05-31' }, passportAndSelfie[1]!];
    expect(eligibilityOf({ ...base, dataItems: [...base.dataItems], documents, verification: 'approved' })[0]).toEqual({
      type: 'onramp',
      status: 'requires-data',
      missingDocuments: ['id-passport'],
    });
  });

  it('accepts both sides of an identity card or a residency permit as proof of identity', () => {
    const selfie = passportAndSelfie[1]!;
    for (const documents of [
      [
        { documentType: 'id-idcard-front' as const, expiresAt: '2030-01-01' },
        { documentType: 'id-idcard-back' as const, expiresAt: '2030-01-01' },
        selfie,
      ],
      [{ documentType: 'id-residency-permit' as const, expiresAt: '2030-01-01' }, selfie],
    ]) {
      expect(
        eligibilityOf({ ...base, dataItems: [...base.dataItems], documents, verification: 'approved' })[0]?.status,
      ).toBe('verified');
    }
  });

  it('takes email and phone from the user locator', () => {
    expect(dataItemsOfUser([['name']], 'email:a@b.co')).toEqual(['name', 'email']);
    expect(dataItemsOfUser([], 'phoneNumber:+14155550123')).toEqual(['phoneNumber']);
  });
});

describe('user fields', () => {
  it('counts whole years', () => {
    expect(yearsBetween('2008-06-02', '2026-06-01')).toBe(17);
    expect(yearsBetween('2008-06-01', '2026-06-01')).toBe(18);
    expect(yearsBetween('2008-02-29', '2026-02-28')).toBe(17);
  });

  it('wants an adult born in the past', () => {
    expect(E.isRight(checkDateOfBirth('2008-06-01', '2026-06-01'))).toBe(true);
    expect(checkDateOfBirth('2008-06-02', '2026-06-01')).toMatchObject(E.left({ code: 'user_underage' }));
    expect(checkDateOfBirth('2027-01-01', '2026-06-01')).toMatchObject(
      E.left({ message: expect.stringMatching(/^userDetails.dateOfBirth: /) }),
    );
    expect(E.isLeft(checkDateOfBirth('1900-01-01', '2026-06-01'))).toBe(true);
  });

  it('canonicalizes user locators and names the field when one is wrong', () => {
    expect(parseUserLocator('email:Ana@Example.com')).toEqual(E.right('email:ana@example.com'));
    expect(parseUserLocator('userId:42')).toEqual(E.right('userId:42'));
    expect(parseUserLocator('ana', 'reference.userLocator')).toMatchObject(
      E.left({ code: 'invalid_user_locator', parameters: { issues: [{ path: 'reference.userLocator' }] } }),
    );
    expect(E.isLeft(parseUserLocator('phoneNumber:4155550123'))).toBe(true);
  });

  it('refuses a locator under the field userLocator unless told another, saying what is wrong', () => {
    const reason = 'expected <type>:<value> such as email:alice@example.com, got "ana"';
    expect(parseUserLocator('ana')).toEqual(
      E.left({
        kind: 'invalid',
        code: 'invalid_user_locator',
        message: `userLocator: ${reason}`,
        parameters: { issues: [{ path: 'userLocator', message: reason }] },
      }),
    );
  });
});
