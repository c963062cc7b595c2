import { Module } from '@nestjs/common';
import { identitySecretsProvider } from '../users/secrets/identity-secrets.js';
import { DOCUMENT_BLOBS, documentBlobsProvider } from './document-blobs.js';
import { DocumentsController } from './documents.controller.js';
import { LargeBodyRoutes } from './large-body-routes.js';
import { UploadDocumentHandler } from './upload/upload-document.handler.js';
import { UserDocuments } from './user-documents.js';

/** Identity documents; exports UserDocuments (a user's documents, for eligibility) and the blob store. */
@Module({
  controllers: [DocumentsController],
  providers: [identitySecretsProvider, documentBlobsProvider, UserDocuments, UploadDocumentHandler, LargeBodyRoutes],
  exports: [UserDocuments, DOCUMENT_BLOBS],
})
export class DocumentsModule {}
