import { REQUEST_ID_HEADER, errorBody } from '@paykit/contracts';
import type { FastifyInstance, preParsingHookHandler, preValidationHookHandler } from 'fastify';
import type { RouteContract } from '../routes/route-contract.js';

/** `application/json`, with or without parameters (`; charset=utf-8`): the one body the API reads. */
export const isJsonMediaType = (contentType: string | undefined): boolean =>
  contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

const bodyIsOptional = (contract: RouteContract): boolean => contract.body?.safeParse(undefined).success === true;

const messageFor = (contentType: string | undefined): string =>
  contentType === undefined || contentType.trim() === ''
    ? 'Missing Content-Type: send the body as JSON with Content-Type: application/json'
    : `Unsupported content type ${contentType.split(';')[0]!.trim().slice(0, 100)}: send the body as JSON with Content-Type: application/json`;

/** Methods whose body Fastify reads (it never parses one for GET or HEAD). */
const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const hasNoBody = (headers: Record<string, string | string[] | undefined>): boolean =>
  headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0';

/**
 * Many clients send `Content-Type: application/json` on every request, bodiless DELETEs
 * included (the public wallets SDK's `removeSigner`), which Fastify's JSON parser would refuse as
 * an empty JSON body. On a route that takes no body, or an optional one, an empty body is read as
 * no body whatever its content type; a body that is there is still parsed (and refused if it is
 * not JSON). A route that requires a body still answers an empty one 400 `invalid_json`.
 */
const emptyBodyIsNoBody: preParsingHookHandler = (request, _reply, payload, done) => {
  if (request.headers['content-type'] !== undefined && hasNoBody(request.headers))
    delete request.headers['content-type'];
  done(null, payload);
};

/**
 * A route with a JSON body answers 415 to a request whose body is not declared JSON: a form body
 * (`curl -d` without `-H 'content-type: application/json'`), text, or no body and no content
 * type where the body is required. Otherwise the form's keys would be validated as fields and
 * the caller told that `chainType` is missing. Runs before the route, once the body is read;
 * added to the routes with a body only, as each registers (so before the server listens), so
 * that other requests skip it.
 */
export const installContentTypeCheck = (
  fastify: FastifyInstance,
  contractOf: (method: string, url: string) => RouteContract | undefined,
): void => {
  fastify.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const contracts = methods.map((method) => contractOf(method, route.url));
    if (methods.some((method) => PARSED_METHODS.has(method)) && contracts.every((c) => !c?.body || bodyIsOptional(c)))
      route.preParsing = [emptyBodyIsNoBody, ...[route.preParsing ?? []].flat()];
    const withBody = contracts.filter((contract) => contract?.body !== undefined);
    const [contract] = withBody;
    if (contract === undefined) return;
    if (withBody.length > 1) throw new Error(`Route ${route.url}: one body contract per Fastify route`);
    const check: preValidationHookHandler = (request, reply, done) => {
      const contentType = request.headers['content-type'];
      if (isJsonMediaType(contentType) || (request.body === undefined && bodyIsOptional(contract))) {
        done();
        return;
      }
      void reply
        .code(415)
        .headers({ [REQUEST_ID_HEADER]: request.id })
        .send(errorBody(messageFor(contentType), 'unsupported_media_type'));
    };
    route.preValidation = [...[route.preValidation ?? []].flat(), check];
  });
};
