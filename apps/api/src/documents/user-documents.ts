import { Injectable } from '@nestjs/common';
import { type DocumentOnRecord, DOCUMENT_TYPES, type UserLocator } from '@paykit/identity';
import { Aggregates } from '../infrastructure/aggregates/aggregates.js';
import { IdentityDocumentAggregate } from './identity-document.aggregate.js';

/** A user's documents as the users area reads them (for eligibility): the current one of each type. */
@Injectable()
export class UserDocuments {
  constructor(private readonly aggregates: Aggregates) {}

  /** The user's current documents, one per type at most. */
  async documentsOf(projectId: string, user: UserLocator): Promise<DocumentOnRecord[]> {
    const found = await Promise.all(
      DOCUMENT_TYPES.map(async (documentType): Promise<DocumentOnRecord | null> => {
        const current = (await this.aggregates.load(IdentityDocumentAggregate, { projectId, user, documentType }))
          ?.state.current;
        return current ? { documentType: current.documentType, expiresAt: current.expiresAt } : null;
      }),
    );
    return found.filter((document): document is DocumentOnRecord => document !== null);
  }
}
