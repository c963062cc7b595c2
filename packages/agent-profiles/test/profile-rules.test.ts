import { type DomainError, fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  type BrowserProfileEvent,
  type BuyerProfileDetails,
  type BuyerProfileEvent,
  browserProfilesDecider,
  buyerProfileDecider,
  buyerProfileStreamName,
  liveProfile,
} from '../src/index.js';

const OWNER = { projectId: 'project-a', subject: 'user:ana' };
const NOW = new Date('2026-11-25T10:00:00.000Z');
const LATER = new Date('2026-11-25T11:00:00.000Z');
const at = NOW.toISOString();

/** What the API shows in the error body: a code and a sentence for people. */
const failsWith = (code: string) => (error: DomainError) => {
  expect(error.code).toBe(code);
  expect(error.message).toMatch(/^[A-Z]\w*( \w+)*$/);
};

describe('browser profiles: stored rules', () => {
  const browser = DeciderSpecification.for(browserProfilesDecider);
  const created = (label?: string): BrowserProfileEvent => ({
    type: 'BrowserProfileCreated',
    data: {
      profileId: 'p1',
      projectId: OWNER.projectId,
      owner: OWNER.subject,
      ...(label ? { label } : {}),
      createdAt: at,
    },
  });

  it('records no label when none was given (the event has no label field at all)', () =>
    browser
      .given([])
      .when({ type: 'Create', data: { profileId: 'p1', caller: OWNER, now: NOW } })
      .then([created()]));

  it('remembers each run a profile was reserved for, in order, so the erasure can wait for them', () => {
    const reserved = (runId: string, reservedAt: string): BrowserProfileEvent => ({
      type: 'BrowserProfileReservedForRun',
      data: { profileId: 'p1', runId, reservedAt },
    });
    const state = fold(browserProfilesDecider, [
      created('Shopping'),
      reserved('run-1', at),
      reserved('run-2', LATER.toISOString()),
    ]);
    expect(liveProfile(state, 'p1')?.reservations).toEqual([
      { runId: 'run-1', reservedAt: at },
      { runId: 'run-2', reservedAt: LATER.toISOString() },
    ]);
  });

  it('explains a refusal in words: a second profile, or an unknown one', () => {
    browser
      .given([created('Shopping')])
      .when({ type: 'Create', data: { profileId: 'p2', caller: OWNER, now: NOW } })
      .thenFails(failsWith('browser_profile_exists'));
    browser
      .given([])
      .when({ type: 'Rename', data: { profileId: 'p1', label: 'Travel', now: NOW } })
      .thenFails(failsWith('browser_profile_not_found'));
  });
});

describe('buyer profile: stored rules', () => {
  const buyer = DeciderSpecification.for(buyerProfileDecider);
  const DETAILS: BuyerProfileDetails = {
    label: 'Home',
    shipping: { addressLines: ['1 Main St'], locality: 'Springfield', countryCode: 'US' },
  };
  const created: BuyerProfileEvent = {
    type: 'BuyerProfileCreated',
    data: { profileId: 'p1', projectId: OWNER.projectId, owner: OWNER.subject, details: DETAILS, createdAt: at },
  };
  const updated = (details: BuyerProfileDetails): BuyerProfileEvent => ({
    type: 'BuyerProfileUpdated',
    data: { profileId: 'p1', details, updatedAt: LATER.toISOString() },
  });

  it('keeps each profile in its own stream, named buyerProfile-<id> (the projection reads that prefix)', () => {
    expect(buyerProfileStreamName('bp_123')).toBe('buyerProfile-bp_123');
  });

  it('applies an update on top of the previous one', () =>
    buyer
      .given([created, updated({ ...DETAILS, label: 'Work' })])
      .when({ type: 'Update', data: { caller: OWNER, changes: { contact: { email: 'ana@example.com' } }, now: LATER } })
      .then([updated({ ...DETAILS, label: 'Work', contact: { email: 'ana@example.com' } })]));

  it('leaves a field the update does not give (undefined) as stored', () =>
    buyer
      .given([created])
      .when({
        type: 'Update',
        data: { caller: OWNER, changes: { label: undefined, name: { first: 'Ana', last: 'Lima' } }, now: LATER },
      })
      .then([updated({ ...DETAILS, name: { first: 'Ana', last: 'Lima' } })]));

  it('explains a refusal in words: an existing id, or a profile the caller cannot see', () => {
    buyer
      .given([created])
      .when({ type: 'Create', data: { profileId: 'p1', caller: OWNER, details: DETAILS, now: LATER } })
      .thenFails(failsWith('buyer_profile_exists'));
    buyer
      .given([])
      .when({ type: 'Delete', data: { caller: OWNER, now: LATER } })
      .thenFails(failsWith('buyer_profile_not_found'));
  });
});
