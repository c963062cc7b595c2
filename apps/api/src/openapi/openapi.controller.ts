import { Controller, Inject, Param, Res } from '@nestjs/common';
import { DomainException, notFound } from '@paykit/kernel';
import { SCOPES } from '@paykit/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config/config.js';
import { Route } from '../http/routes/route.decorator.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';
import { DOCS_ASSETS, docsAsset, docsPage } from './docs-page.js';
import { type OpenApiDocument, buildOpenApiDocument } from './openapi-document.js';
import { overviewMarkdown } from './overview.js';
import { RouteCatalog } from './route-catalog.js';

const OpenApiJson = z
  .record(z.string(), z.unknown())
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document' });
const AssetParams = z.object({ file: z.string() });

@Controller()
export class OpenApiController {
  private document: OpenApiDocument | null = null;

  constructor(
    private readonly catalog: RouteCatalog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Route({
    method: 'GET',
    path: 'openapi.json',
    root: true,
    public: true,
    tags: ['Reference'],
    summary: 'This OpenAPI 3.1 document, generated from the zod contracts',
    responses: { 200: OpenApiJson },
  })
  openApi(): OpenApiDocument {
    this.document ??= buildOpenApiDocument(this.catalog.routes(), {
      title: 'PayKit API',
      version: '1.0.0',
      description: overviewMarkdown(this.config),
      apiPrefix: this.config.API_PREFIX,
      scopes: Object.entries(SCOPES).map(([name, scope]) => ({ name, ...scope })),
    });
    return this.document;
  }

  @Route({
    method: 'GET',
    path: 'docs',
    root: true,
    public: true,
    tags: ['Reference'],
    summary: 'Interactive API reference (works offline)',
    responses: { 200: { contentType: 'text/html', description: 'The API reference page' } },
  })
  page(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.type('text/html; charset=utf-8');
    return docsPage('/openapi.json', '/docs/assets');
  }

  @Route({
    method: 'GET',
    path: 'docs/assets/:file',
    root: true,
    public: true,
    tags: ['Reference'],
    summary: 'Static assets of the API reference page',
    params: AssetParams,
    responses: { 200: { contentType: 'application/octet-stream', description: 'A stylesheet, script or icon' } },
  })
  asset(@Param() params: z.infer<typeof AssetParams>, @Res({ passthrough: true }) reply: FastifyReply): Buffer {
    const bytes = docsAsset(params.file);
    if (!bytes) throw new DomainException(notFound());
    void reply.type(DOCS_ASSETS[params.file]!).header('cache-control', 'public, max-age=86400');
    return bytes;
  }
}
