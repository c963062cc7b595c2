import { type UserLocator, userDecider, userKeyOf, userStream } from '@paykit/identity';
import { aggregateType } from '../infrastructure/aggregates/aggregate-type.js';

/** A user of a project: their details and identity verification, in one stream. */
export interface UserRef {
  readonly projectId: string;
  readonly user: UserLocator;
}

export const userStreamOf = ({ projectId, user }: UserRef): string => userStream(projectId, userKeyOf(projectId, user));

export const UserAggregate = aggregateType({ name: 'user', decider: userDecider, streamName: userStreamOf });

/**
 * The same stream named by its key (the digest of project and locator) rather than the locator:
 * how a provider's webhook, which knows only the key we gave it, finds the user.
 */
export const UserByKeyAggregate = aggregateType({
  name: 'user',
  decider: userDecider,
  streamName: ({ projectId, userKey }: { readonly projectId: string; readonly userKey: string }) =>
    userStream(projectId, userKey),
});
