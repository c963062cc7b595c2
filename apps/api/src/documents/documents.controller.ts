import { Body, Controller, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import { IdentityDocumentResponse, UploadDocumentBody } from '@paykit/contracts';
import type { FastifyReply } from 'fastify';
import { Scopes } from '../auth/scopes.js';
import { type Caller, CallerOf } from '../http/caller.js';
import { Route } from '../http/routes/route.decorator.js';
import { LARGE_BODY } from './large-body-routes.js';
import { UploadDocument } from './upload/upload-document.handler.js';

@Controller()
export class DocumentsController {
  constructor(private readonly commands: CommandBus) {}

  @RouteConfig(LARGE_BODY)
  @Route({
    method: 'POST',
    path: '2025-06-09/documents',
    tags: ['Documents'],
    summary: 'Upload a user document',
    description:
      'Stores an identity document of a user: a data URI of a JPEG, PNG or PDF (at most 10 MiB decoded; the content must be ' +
      'of the declared type). 201 for a new document; 200 when it replaces the user’s earlier document of that type.',
    scope: Scopes.usersCreate,
    body: UploadDocumentBody,
    responses: { 200: IdentityDocumentResponse, 201: IdentityDocumentResponse },
    status: 201,
  })
  async upload(
    @CallerOf() caller: Caller,
    @Body() body: UploadDocumentBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<IdentityDocumentResponse> {
    const { replaced, ...document } = await this.commands.execute(new UploadDocument(caller, body));
    void reply.code(replaced ? 200 : 201);
    return document;
  }
}
