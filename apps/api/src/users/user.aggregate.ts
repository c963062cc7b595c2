import { type UserLocator, userDecider, userKeyOf, userStream } from '@paykit/identity';
import { aggregateType } from '../infrastructure/aggregates/aggregate-type.js';

/** A user of a project: their details and identity verification, in one stream. */
export interface UserRef {
  readonly projectId: string;
  readonly user: UserLocator;
}

export const userStreamOf = ({ projectId, user }: UserRef): string => userStream(projectId, userKeyOf(projectId, user));

export const UserAggregate = aggregateType({ name: 'user', decider: userDecider, streamName: userStreamOf });
