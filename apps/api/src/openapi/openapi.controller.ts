import { Controller, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Route } from '../http/routes/route.decorator.js';
import { docsPage } from './docs-page.js';
import type { OpenApiDocument } from './openapi-document.js';
import { GetDocsAsset } from './read/get-docs-asset.handler.js';
import { GetOpenApiDocument } from './read/get-openapi-document.handler.js';
import { GetTestModePage } from './read/get-test-mode-page.handler.js';

const OpenApiJson = z
  .record(z.string(), z.unknown())
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document' });
const AssetParams = z.object({ file: z.string() });

@Controller()
export class OpenApiController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: 'openapi.json',
    root: true,
    public: true,
    tags: ['Reference'],
    summary: 'This OpenAPI 3.1 document, generated from the zod contracts',
    responses: { 200: OpenApiJson },
  })
  openApi(): Promise<OpenApiDocument> {
    return this.queries.execute(new GetOpenApiDocument());
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
    path: 'docs/test-mode',
    root: true,
    public: true,
    tags: ['Reference'],
    summary:
      "Test mode on its own page: the sandbox's magic values, delays, prices, fees and tax, as this server has them",
    responses: { 200: { contentType: 'text/markdown', description: 'The test-mode page (Markdown)' } },
  })
  async testMode(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.type('text/markdown; charset=utf-8');
    return this.queries.execute(new GetTestModePage());
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
  async asset(
    @Param() params: z.infer<typeof AssetParams>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const asset = await this.queries.execute(new GetDocsAsset(params.file));
    void reply.type(asset.contentType).header('cache-control', 'public, max-age=86400');
    return asset.bytes;
  }
}
