import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@paykit/contracts';

/** An incoming id is kept when it is short and plain enough to log and echo safely. */
export const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's `x-request-id` when sane, otherwise a fresh UUID. */
export const requestIdOf = (request: IncomingMessage): string => {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
};
