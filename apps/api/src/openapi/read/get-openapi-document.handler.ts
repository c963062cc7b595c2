import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SCOPES } from '@paykit/platform';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { type OpenApiDocument, buildOpenApiDocument } from '../openapi-document.js';
import { overviewMarkdown } from '../overview.js';
import { RouteCatalog } from '../route-catalog.js';

/** `GET /openapi.json`: built once from the routes' zod contracts, then served from memory. */
export class GetOpenApiDocument extends Query<OpenApiDocument> {}

@QueryHandler(GetOpenApiDocument)
export class GetOpenApiDocumentHandler implements IQueryHandler<GetOpenApiDocument> {
  private document: OpenApiDocument | null = null;

  constructor(
    private readonly catalog: RouteCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute(): Promise<OpenApiDocument> {
    this.document ??= buildOpenApiDocument(this.catalog.routes(), {
      title: 'PayKit API',
      version: '1.0.0',
      description: overviewMarkdown(this.config),
      apiPrefix: this.config.API_PREFIX,
      scopes: Object.entries(SCOPES).map(([name, scope]) => ({ name, ...scope })),
    });
    return Promise.resolve(this.document);
  }
}
