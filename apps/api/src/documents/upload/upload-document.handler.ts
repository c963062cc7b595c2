import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { UploadDocumentBody } from '@paykit/contracts';
import { calendarDayOf, checkDocumentExpiry, decodeDocumentDataUri, parseUserLocator } from '@paykit/identity';
import { type IdGenerator, getOrThrow } from '@paykit/kernel';
import type { BlobStore } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { APP_CONFIG, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { DOCUMENT_BLOBS } from '../document-blobs.js';
import { IdentityDocumentAggregate } from '../identity-document.aggregate.js';

export interface UploadedDocument {
  readonly id: string;
  readonly documentType: UploadDocumentBody['documentType'];
  readonly createdAt: string;
  readonly expiresAt: string;
  /** True when it took the place of the user's earlier document of that type. */
  readonly replaced: boolean;
}

/** `POST /2025-06-09/documents`: a user's identity document, replacing their earlier one of that type. */
export class UploadDocument extends Command<UploadedDocument> {
  constructor(
    readonly caller: Caller,
    readonly body: UploadDocumentBody,
  ) {
    super();
  }
}

/**
 * One current document per project, user and type. The bytes go to the blob store (encrypted
 * at rest) under a key of their own; the event names that key, never holds the bytes. A
 * replaced document's blob is deleted once the replacement is recorded.
 */
@CommandHandler(UploadDocument)
export class UploadDocumentHandler implements ICommandHandler<UploadDocument> {
  private readonly logger = new Logger(UploadDocumentHandler.name);

  constructor(
    private readonly aggregates: Aggregates,
    @Inject(DOCUMENT_BLOBS) private readonly blobs: BlobStore,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ caller, body }: UploadDocument): Promise<UploadedDocument> {
    const { projectId } = caller.context;
    const user = getOrThrow(parseUserLocator(body.reference.userLocator, 'reference.userLocator'));
    const content = getOrThrow(decodeDocumentDataUri(body.data, { maxBytes: this.config.DOCUMENT_MAX_BYTES }));
    const now = this.aggregates.now();
    getOrThrow(checkDocumentExpiry(body.expiresAt, calendarDayOf(now)));

    const documentId = this.ids.uuid();
    const blobKey = `documents/${projectId}/${documentId}`;
    getOrThrow(await this.blobs.put(blobKey, content.bytes, content.mediaType));
    const createdAt = now.toISOString();
    const command = {
      type: 'UploadIdentityDocument' as const,
      data: {
        documentId,
        documentType: body.documentType,
        expiresAt: body.expiresAt,
        createdAt,
        blobKey,
        mediaType: content.mediaType,
        sizeBytes: content.bytes.length,
        userLocator: user,
        today: calendarDayOf(now),
      },
    };
    const ref = { projectId, user, documentType: body.documentType };
    const { events } = await this.aggregates
      .execute(IdentityDocumentAggregate, ref, command, caller.context)
      .catch(async (error: unknown) => {
        await this.forget(blobKey);
        throw error;
      });
    const replaced = events[0]?.data.replaced;
    if (replaced) await this.forget(replaced.blobKey);
    return {
      id: documentId,
      documentType: body.documentType,
      createdAt,
      expiresAt: body.expiresAt,
      replaced: replaced !== undefined,
    };
  }

  /** A blob no event refers to (any more). Failing to delete it leaves an unreadable orphan, not a leak. */
  private async forget(blobKey: string): Promise<void> {
    const deleted = await this.blobs.delete(blobKey);
    if (E.isLeft(deleted)) this.logger.warn(`Could not delete a document blob: ${deleted.left.code}`);
  }
}
