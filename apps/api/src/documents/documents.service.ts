import { Inject, Injectable, Logger } from '@nestjs/common';
import type { UploadDocumentBody } from '@paykit/contracts';
import { type EventStore, handleCommand } from '@paykit/event-store';
import {
  type DocumentOnRecord,
  DOCUMENT_TYPES,
  type UserLocator,
  calendarDayOf,
  checkDocumentExpiry,
  decodeDocumentDataUri,
  identityDocumentDecider,
  identityDocumentStream,
  parseUserLocator,
  userKeyOf,
} from '@paykit/identity';
import { type Clock, DomainException, type IdGenerator, getOrThrow } from '@paykit/kernel';
import type { BlobStore } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, ID_GENERATOR } from '../infrastructure/tokens.js';
import { type ProjectContext, toEnvelope } from '../users/http/caller.js';
import { DOCUMENT_BLOBS } from './document-blobs.js';

export interface UploadedDocument {
  readonly id: string;
  readonly documentType: UploadDocumentBody['documentType'];
  readonly createdAt: string;
  readonly expiresAt: string;
  /** True when it took the place of the user's earlier document of that type. */
  readonly replaced: boolean;
}

/**
 * Identity documents: one current document per project, user and type. The bytes go to the
 * blob store (encrypted at rest) under a key of their own; the event names that key, never
 * holds the bytes. A replaced document's blob is deleted once the replacement is recorded.
 */
@Injectable()
export class DocumentsService {
  private readonly logger = new Logger(DocumentsService.name);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DOCUMENT_BLOBS) private readonly blobs: BlobStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async upload(context: ProjectContext, body: UploadDocumentBody): Promise<UploadedDocument> {
    const user = getOrThrow(parseUserLocator(body.reference.userLocator, 'reference.userLocator'));
    const content = getOrThrow(decodeDocumentDataUri(body.data, { maxBytes: this.config.DOCUMENT_MAX_BYTES }));
    const now = this.clock.now();
    getOrThrow(checkDocumentExpiry(body.expiresAt, calendarDayOf(now)));

    const documentId = this.ids.uuid();
    const blobKey = `documents/${context.projectId}/${documentId}`;
    getOrThrow(await this.blobs.put(blobKey, content.bytes, content.mediaType));
    const stream = identityDocumentStream(context.projectId, userKeyOf(context.projectId, user), body.documentType);
    const command = {
      type: 'UploadIdentityDocument' as const,
      data: {
        documentId,
        documentType: body.documentType,
        expiresAt: body.expiresAt,
        createdAt: now.toISOString(),
        blobKey,
        mediaType: content.mediaType,
        sizeBytes: content.bytes.length,
        userLocator: user,
        today: calendarDayOf(now),
      },
    };
    const result = await handleCommand(this.store, stream, identityDocumentDecider, command, toEnvelope(context, this.clock, this.ids)).catch(
      async (error: unknown) => {
        await this.forget(blobKey);
        throw error;
      },
    );
    if (E.isLeft(result)) {
      await this.forget(blobKey);
      throw new DomainException(result.left);
    }
    const replaced = result.right.events[0]?.data.replaced;
    if (replaced) await this.forget(replaced.blobKey);
    return { id: documentId, documentType: body.documentType, createdAt: command.data.createdAt, expiresAt: body.expiresAt, replaced: replaced !== undefined };
  }

  /** The user's current documents, one per type at most (for eligibility). */
  async documentsOf(projectId: string, user: UserLocator): Promise<DocumentOnRecord[]> {
    const userKey = userKeyOf(projectId, user);
    const found = await Promise.all(
      DOCUMENT_TYPES.map(async (documentType) => {
        let current: DocumentOnRecord | null = null;
        for await (const event of this.store.readStream(identityDocumentStream(projectId, userKey, documentType))) {
          const data = event.data as { documentType: DocumentOnRecord['documentType']; expiresAt: string };
          current = { documentType: data.documentType, expiresAt: data.expiresAt };
        }
        return current;
      }),
    );
    return found.filter((document): document is DocumentOnRecord => document !== null);
  }

  /** A blob no event refers to (any more). Failing to delete it leaves an unreadable orphan, not a leak. */
  private async forget(blobKey: string): Promise<void> {
    const deleted = await this.blobs.delete(blobKey);
    if (E.isLeft(deleted)) this.logger.warn(`Could not delete a document blob: ${deleted.left.code}`);
  }
}
