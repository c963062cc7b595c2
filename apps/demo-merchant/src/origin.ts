import { type FastifyRequest } from 'fastify';

/** The shop's own origin as the client sees it, for absolute URLs in pages and API answers. */
export const originOf = (request: FastifyRequest, publicUrl: string | undefined): string =>
  publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
