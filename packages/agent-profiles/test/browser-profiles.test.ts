import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  type BrowserProfileEvent,
  browserProfilesDecider,
  browserProfilesId,
  browserProfilesStream,
  browserProfilesStreamName,
  isOwnedBy,
} from '../src/index.js';
import { fold } from '@paykit/kernel';

const spec = DeciderSpecification.for(browserProfilesDecider);
const OWNER = { projectId: 'project-a', subject: 'user:ana' };
const NOW = new Date('2026-11-25T10:00:00.000Z');
const at = NOW.toISOString();
const created = (profileId: string): BrowserProfileEvent => ({
  type: 'BrowserProfileCreated',
  data: { profileId, projectId: OWNER.projectId, owner: OWNER.subject, label: 'Shopping', createdAt: at },
});
const deleted = (profileId: string): BrowserProfileEvent[] => [
  { type: 'BrowserProfileDeleted', data: { profileId, deletedAt: at } },
  { type: 'BrowserProfileErasureScheduled', data: { profileId, jobId: `job-${profileId}`, scheduledAt: at } },
];

describe('browser profiles decider (all profiles of one subject in one stream)', () => {
  it('names the stream after project and subject, never after the raw subject', () => {
    const name = browserProfilesStreamName(OWNER);
    expect(name).toMatch(/^browserProfiles-[0-9a-f]{40}$/);
    expect(browserProfilesStreamName({ ...OWNER, projectId: 'project-b' })).not.toBe(name);
    expect(browserProfilesStream(browserProfilesId(OWNER))).toBe(name);
  });

  it('belongs to the subject its first event names, not to whoever hashes to its name', () => {
    const state = fold(browserProfilesDecider, [created('p1')]);
    expect(isOwnedBy(state, OWNER)).toBe(true);
    expect(isOwnedBy(state, { ...OWNER, subject: 'user:bo' })).toBe(false);
    expect(isOwnedBy(state, { ...OWNER, projectId: 'project-b' })).toBe(false);
    expect(isOwnedBy(browserProfilesDecider.initialState(), OWNER)).toBe(false);
  });

  it('creates a profile', () =>
    spec
      .given([])
      .when({ type: 'Create', data: { profileId: 'p1', caller: OWNER, label: 'Shopping', now: NOW } })
      .then([created('p1')]));

  it('allows one live profile per subject, naming the existing one', () =>
    spec
      .given([created('p1')])
      .when({ type: 'Create', data: { profileId: 'p2', caller: OWNER, now: NOW } })
      .thenFails({ code: 'browser_profile_exists', parameters: { id: 'p1' } }));

  it('allows a new profile once the old one is deleted', () =>
    spec
      .given([created('p1'), ...deleted('p1')])
      .when({ type: 'Create', data: { profileId: 'p2', caller: OWNER, label: 'Shopping', now: NOW } })
      .then([created('p2')]));

  it('renames, and a rename to the same label changes nothing', () => {
    spec
      .given([created('p1')])
      .when({ type: 'Rename', data: { profileId: 'p1', label: 'Travel', now: NOW } })
      .then([{ type: 'BrowserProfileRenamed', data: { profileId: 'p1', label: 'Travel', updatedAt: at } }]);
    spec
      .given([created('p1')])
      .when({ type: 'Rename', data: { profileId: 'p1', label: 'Shopping', now: NOW } })
      .thenNothingHappened();
  });

  it('deletes and schedules the erasure in one decision', () =>
    spec
      .given([created('p1')])
      .when({ type: 'Delete', data: { profileId: 'p1', jobId: 'job-p1', now: NOW } })
      .then(deleted('p1')));

  it('refuses to reserve a deleted profile for a run (its erasure is scheduled)', () =>
    spec
      .given([created('p1'), ...deleted('p1')])
      .when({ type: 'ReserveForRun', data: { profileId: 'p1', runId: 'run-1', now: NOW } })
      .thenFails({ code: 'browser_profile_not_found' }));

  it('reserves a live profile for a run', () =>
    spec
      .given([created('p1')])
      .when({ type: 'ReserveForRun', data: { profileId: 'p1', runId: 'run-1', now: NOW } })
      .then([{ type: 'BrowserProfileReservedForRun', data: { profileId: 'p1', runId: 'run-1', reservedAt: at } }]));

  it('records the erasure of a deleted profile once, and of a live one never', () => {
    spec
      .given([created('p1'), ...deleted('p1')])
      .when({ type: 'RecordErasure', data: { profileId: 'p1', now: NOW } })
      .then([{ type: 'BrowserProfileStateErased', data: { profileId: 'p1', jobId: 'job-p1', erasedAt: at } }]);
    spec
      .given([
        created('p1'),
        ...deleted('p1'),
        { type: 'BrowserProfileStateErased', data: { profileId: 'p1', jobId: 'job-p1', erasedAt: at } },
      ])
      .when({ type: 'RecordErasure', data: { profileId: 'p1', now: NOW } })
      .thenNothingHappened();
    spec
      .given([created('p1')])
      .when({ type: 'RecordErasure', data: { profileId: 'p1', now: NOW } })
      .thenNothingHappened();
  });
});
