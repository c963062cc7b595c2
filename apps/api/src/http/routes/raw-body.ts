import { Readable } from 'node:stream';
import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import type { RouteContract } from './route-contract.js';

const RAW_BODIES = new WeakMap<FastifyRequest, Buffer>();

const tooLarge = () =>
  Object.assign(new Error('Request body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });

/** Reads the body once, keeps its bytes for the route, and hands the same bytes on to the JSON parser. */
const keepRawBody =
  (limit: number): preParsingHookHandler =>
  async (request, _reply, payload) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > limit) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
    const bytes = Buffer.concat(chunks);
    RAW_BODIES.set(request, bytes);
    // Fastify checks what it parses against Content-Length by this count.
    return Object.assign(Readable.from([bytes]), { receivedEncodedLength: bytes.length });
  };

/** Routes whose contract says `rawBody` keep their body's bytes (added as each route registers, before listen). */
export const installRawBodies = (
  fastify: FastifyInstance,
  contractOf: (method: string, url: string) => RouteContract | undefined,
): void => {
  fastify.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => contractOf(method, route.url)?.rawBody === true)) return;
    const limit = route.bodyLimit ?? fastify.initialConfig.bodyLimit ?? 1_048_576;
    route.preParsing = [...[route.preParsing ?? []].flat(), keepRawBody(limit)];
  });
};

/** `@RawBodyOf() body: Buffer` on a route whose contract says `rawBody: true`. */
export const RawBodyOf = createParamDecorator((_data: unknown, execution: ExecutionContext): Buffer => {
  const bytes = RAW_BODIES.get(execution.switchToHttp().getRequest<FastifyRequest>());
  if (!bytes) throw new Error('RawBodyOf used on a route whose contract does not say rawBody');
  return bytes;
});
