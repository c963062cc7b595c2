import { REQUEST_ID_HEADER } from '@paykit/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { mapException } from './map-exception.js';

/**
 * Fastify's `frameworkErrors`: the errors its router raises before any route or hook runs
 * (a malformed URL, an over-long path parameter), answered in the common error body too.
 */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  const answer = mapException(error);
  void reply
    .code(answer.status)
    .headers({ ...answer.headers, [REQUEST_ID_HEADER]: request.id })
    .send(answer.body);
};
