import type { DomainEvent } from '@paykit/kernel';
import type { DocumentMediaType } from './document-content.js';
import type { DocumentType } from './document-types.js';

/** Where the bytes of a document are kept: a blob key, never the bytes themselves. */
export interface StoredDocument {
  readonly documentId: string;
  readonly documentType: DocumentType;
  /** YYYY-MM-DD */
  readonly expiresAt: string;
  readonly createdAt: string;
  readonly blobKey: string;
  readonly mediaType: DocumentMediaType;
  readonly sizeBytes: number;
}

/**
 * A user's document of one type was uploaded. When it replaces an earlier one, the earlier
 * document's id and blob are named so the blob can be deleted.
 */
export type IdentityDocumentUploaded = DomainEvent<
  'IdentityDocumentUploaded',
  StoredDocument & {
    readonly userLocator: string;
    readonly replaced?: { readonly documentId: string; readonly blobKey: string };
  }
>;

export type IdentityDocumentEvent = IdentityDocumentUploaded;
