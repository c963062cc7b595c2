import { DeciderSpecification } from '@paykit/kernel/testing';
import { type BuyerProfileDetails, type BuyerProfileEvent, buyerProfileDecider } from '../src/index.js';

const spec = DeciderSpecification.for(buyerProfileDecider);
const OWNER = { projectId: 'project-a', subject: 'user:ana' };
const NOW = new Date('2026-11-25T10:00:00.000Z');
const LATER = new Date('2026-11-25T11:00:00.000Z');
const DETAILS: BuyerProfileDetails = {
  label: 'Home',
  name: { first: 'Ana', last: 'Lima' },
  contact: { email: 'ana@example.com' },
  shipping: { addressLines: ['1 Main St'], locality: 'Springfield', postalCode: '62701', countryCode: 'US' },
};
const created: BuyerProfileEvent = {
  type: 'BuyerProfileCreated',
  data: {
    profileId: 'p1',
    projectId: OWNER.projectId,
    owner: OWNER.subject,
    details: DETAILS,
    createdAt: NOW.toISOString(),
  },
};

describe('buyer profile decider', () => {
  it('creates a profile owned by the caller', () =>
    spec
      .given([])
      .when({ type: 'Create', data: { profileId: 'p1', caller: OWNER, details: DETAILS, now: NOW } })
      .then([created]));

  it('refuses a second create with the same id', () =>
    spec
      .given([created])
      .when({ type: 'Create', data: { profileId: 'p1', caller: OWNER, details: DETAILS, now: LATER } })
      .thenFails({ code: 'buyer_profile_exists' }));

  it('replaces the given fields and removes those set to null, carrying the whole profile', () =>
    spec
      .given([created])
      .when({
        type: 'Update',
        data: { caller: OWNER, changes: { label: null, contact: { phone: '+15551234567' } }, now: LATER },
      })
      .then([
        {
          type: 'BuyerProfileUpdated',
          data: {
            profileId: 'p1',
            details: { name: DETAILS.name, contact: { phone: '+15551234567' }, shipping: DETAILS.shipping },
            updatedAt: LATER.toISOString(),
          },
        },
      ]));

  it.each([
    ['another subject of the project', { projectId: 'project-a', subject: 'user:bob' }],
    ['the same subject in another project', { projectId: 'project-b', subject: 'user:ana' }],
  ])('answers not found to %s', (_who, caller) =>
    spec
      .given([created])
      .when({ type: 'Delete', data: { caller, now: LATER } })
      .thenFails({ code: 'buyer_profile_not_found' }),
  );

  it('deletes, after which the profile is not found', () => {
    spec
      .given([created])
      .when({ type: 'Delete', data: { caller: OWNER, now: LATER } })
      .then([{ type: 'BuyerProfileDeleted', data: { profileId: 'p1', deletedAt: LATER.toISOString() } }]);
    spec
      .given([created, { type: 'BuyerProfileDeleted', data: { profileId: 'p1', deletedAt: LATER.toISOString() } }])
      .when({ type: 'Update', data: { caller: OWNER, changes: { label: 'Work' }, now: LATER } })
      .thenFails({ code: 'buyer_profile_not_found' });
  });
});
