import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController } from './openapi.controller.js';
import { GetDocsAssetHandler } from './read/get-docs-asset.handler.js';
import { GetOpenApiDocumentHandler } from './read/get-openapi-document.handler.js';
import { GetTestModePageHandler } from './read/get-test-mode-page.handler.js';
import { RouteCatalog } from './route-catalog.js';

@Module({
  imports: [DiscoveryModule],
  controllers: [OpenApiController],
  providers: [RouteCatalog, GetOpenApiDocumentHandler, GetTestModePageHandler, GetDocsAssetHandler],
  exports: [RouteCatalog],
})
export class OpenApiModule {}
