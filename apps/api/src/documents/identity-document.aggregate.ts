import {
  type DocumentType,
  type UserLocator,
  identityDocumentDecider,
  identityDocumentStream,
  userKeyOf,
} from '@paykit/identity';
import { aggregateType } from '../infrastructure/aggregates/aggregate-type.js';

/** A user's current document of one type: one stream per project, user and type. */
export interface IdentityDocumentRef {
  readonly projectId: string;
  readonly user: UserLocator;
  readonly documentType: DocumentType;
}

export const IdentityDocumentAggregate = aggregateType({
  name: 'identity document',
  decider: identityDocumentDecider,
  streamName: ({ projectId, user, documentType }: IdentityDocumentRef) =>
    identityDocumentStream(projectId, userKeyOf(projectId, user), documentType),
});
