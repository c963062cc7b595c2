import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { type DetailsSection, type StoredSection, type UserEvent, type UserState, userDecider } from '../src/index.js';

const spec = DeciderSpecification.for(userDecider);
const USER = 'userId:u';
const person = (fingerprint: string): StoredSection => ({
  sealed: 'sealed',
  fingerprint,
  dataItems: ['name', 'dateOfBirth'],
});
const contacts = (fingerprint: string): StoredSection => ({ sealed: 'sealed', fingerprint, dataItems: ['email'] });
type Sections = Partial<Record<DetailsSection, StoredSection>>;
const detailsUpdated = (sections: Sections, at: string, identityFingerprint?: string): UserEvent => ({
  type: 'UserDetailsUpdated',
  data: {
    userLocator: USER,
    sections,
    ...(identityFingerprint && { identityFingerprint }),
    verificationVoided: false,
    updatedAt: at,
  },
});
const start = (inquiryId: string, status: 'pending' | 'approved' | 'needs-review') => ({
  type: 'StartIdentityVerification' as const,
  data: { userLocator: USER, provider: 'p', inquiryId, environmentId: 'env', status, at: 't2' },
});
const started = (status: 'pending' | 'approved' | 'declined'): UserEvent => ({
  type: 'IdentityVerificationStarted',
  data: { userLocator: USER, provider: 'p', inquiryId: 'inq_1', environmentId: 'env', status, startedAt: 't1' },
});

describe('starting an identity check', () => {
  it('for the inquiry on record, does nothing at the same status and records a new one', () => {
    spec
      .given([started('pending')])
      .when(start('inq_1', 'pending'))
      .thenNothingHappened();
    spec
      .given([started('pending')])
      .when(start('inq_1', 'needs-review'))
      .then([
        {
          type: 'IdentityVerificationStatusChanged',
          data: { userLocator: USER, inquiryId: 'inq_1', status: 'needs-review', changedAt: 't2' },
        },
      ]);
  });

  it('for another inquiry, starts it', () => {
    spec
      .given([started('pending')])
      .when(start('inq_2', 'pending'))
      .then([
        {
          type: 'IdentityVerificationStarted',
          data: {
            userLocator: USER,
            provider: 'p',
            inquiryId: 'inq_2',
            environmentId: 'env',
            status: 'pending',
            startedAt: 't2',
          },
        },
      ]);
  });

  it('after a rejection, is refused saying it cannot be started again', () => {
    spec
      .given([started('declined')])
      .when(start('inq_2', 'pending'))
      .thenFails({
        kind: 'conflict',
        code: 'identity_verification_rejected',
        message: 'The identity verification of this user was rejected; it cannot be started again',
      });
  });
});

describe("updating a user's details", () => {
  const update = (sections: Sections, identityFingerprint?: string) => ({
    type: 'UpdateUserDetails' as const,
    data: { userLocator: USER, sections, ...(identityFingerprint && { identityFingerprint }), at: 't3' },
  });

  it('is recorded when one of the sections sent changed, though another did not', () => {
    spec
      .given([detailsUpdated({ userDetails: person('p1'), kycData: contacts('c1') }, 't0', 'id1')])
      .when(update({ userDetails: person('p1'), kycData: contacts('c2') }))
      .then([
        {
          type: 'UserDetailsUpdated',
          data: {
            userLocator: USER,
            sections: { userDetails: person('p1'), kycData: contacts('c2') },
            verificationVoided: false,
            updatedAt: 't3',
          },
        },
      ]);
  });

  it('without the person described (contacts only) keeps the verification', () => {
    const [event] = spec
      .given([detailsUpdated({ userDetails: person('p1') }, 't0', 'id1'), started('approved')])
      .when(update({ kycData: contacts('c1') }))
      .events();
    expect(event).toMatchObject({ data: { verificationVoided: false } });
  });

  it('keeps when the user was first described', () => {
    const state = fold(userDecider, [
      detailsUpdated({ userDetails: person('p1') }, 't0', 'id1'),
      detailsUpdated({ kycData: contacts('c1') }, 't1'),
    ]) as UserState;
    expect([state.createdAt, state.updatedAt, state.identityFingerprint]).toEqual(['t0', 't1', 'id1']);
  });
});
