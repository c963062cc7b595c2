import * as E from 'fp-ts/lib/Either.js';
import type { Decider, DomainError } from '@paykit/kernel';
import { fieldError } from '../common/field-error.js';
import type { IdentityDocumentEvent, StoredDocument } from './events.js';

/**
 * One stream per project, user and document type: it holds the user's current document of
 * that type. Appending to it is the uniqueness claim; an upload replaces what it holds.
 */
export interface UploadIdentityDocument {
  readonly type: 'UploadIdentityDocument';
  readonly data: StoredDocument & {
    readonly userLocator: string;
    /** The caller's day (YYYY-MM-DD, UTC): a document that has already expired is refused. */
    readonly today: string;
  };
}

export type IdentityDocumentCommand = UploadIdentityDocument;

export interface IdentityDocumentState {
  readonly current: StoredDocument | null;
}

/** Refuses a document whose expiry day has passed; one that expires today is still valid today. */
export const checkDocumentExpiry = (expiresAt: string, today: string): E.Either<DomainError, string> =>
  expiresAt < today
    ? E.left(fieldError('expiresAt', `must not be in the past (today is ${today})`, 'document_expired'))
    : E.right(expiresAt);

export const identityDocumentDecider: Decider<
  IdentityDocumentCommand,
  IdentityDocumentEvent,
  IdentityDocumentState,
  DomainError
> = {
  initialState: () => ({ current: null }),

  decide: (command, state) => {
    const { today, userLocator, ...document } = command.data;
    // A retried upload (same document id) has already happened.
    if (state.current?.documentId === document.documentId) return E.right([]);
    return E.map(() => [
      {
        type: 'IdentityDocumentUploaded' as const,
        data: {
          ...document,
          userLocator,
          ...(state.current && { replaced: { documentId: state.current.documentId, blobKey: state.current.blobKey } }),
        },
      },
    ])(checkDocumentExpiry(document.expiresAt, today));
  },

  evolve: (_state, event) => {
    const { userLocator: _user, replaced: _replaced, ...document } = event.data;
    return { current: document };
  },
};

export const identityDocumentStream = (projectId: string, userKey: string, documentType: string): string =>
  `identity_document-${projectId}-${userKey}-${documentType}`;
