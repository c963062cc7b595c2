import { Module } from '@nestjs/common';
import { identitySecretsProvider } from '../users/secrets/identity-secrets.js';
import { DOCUMENT_BLOBS, documentBlobsProvider } from './document-blobs.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsService } from './documents.service.js';
import { LargeBodyRoutes } from './large-body-routes.js';

/** Identity documents; exports DocumentsService (a user's documents, for eligibility) and the blob store. */
@Module({
  controllers: [DocumentsController],
  providers: [identitySecretsProvider, documentBlobsProvider, DocumentsService, LargeBodyRoutes],
  exports: [DocumentsService, DOCUMENT_BLOBS],
})
export class DocumentsModule {}
