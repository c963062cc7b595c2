import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { originOf } from '../origin.js';
import { type AcpAuthOptions, authenticator } from './auth.js';
import { DELEGATE_PAYMENT_PATH, type DelegatePaymentDeps, delegatePayment } from './delegate-payment.js';
import { AcpHttpError } from './errors.js';
import { IdempotencyCache } from './idempotency.js';
import { type AcpCheckoutService, type AcpRequestContext, type AcpResponse } from './service.js';
import { type AcpVersion } from './versions.js';

export interface AcpRoutesOptions {
  readonly service: AcpCheckoutService;
  readonly delegation: Omit<DelegatePaymentDeps, 'isOpenSession'>;
  /** Every request needs `Authorization: Bearer <apiKey>` (and a signature when a key is set). */
  readonly auth: AcpAuthOptions;
  /** The API versions this shop answers. */
  readonly versions: readonly AcpVersion[];
  readonly publicUrl?: string;
}

type Operation = (
  context: AcpRequestContext,
  request: FastifyRequest<{ Params: { id: string } }>,
) => AcpResponse | Promise<AcpResponse>;

/** The agentic-checkout HTTP API: `/checkout_sessions` at the shop's origin. */
export const acpRoutes = async (scope: FastifyInstance, options: AcpRoutesOptions): Promise<void> => {
  const { service } = options;
  const idempotency = new IdempotencyCache();
  const authenticate = authenticator(options.auth);

  // Cancel and complete are often sent with a JSON content type and no body.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AcpHttpError(400, 'invalid_request', 'invalid', 'The request body is not valid JSON.'), undefined);
    }
  });
  scope.setErrorHandler((error, _request, reply) => {
    if (error instanceof AcpHttpError) return reply.code(error.statusCode).send(error.toBody());
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode && statusCode < 500)
      return reply
        .code(statusCode)
        .send({ type: 'invalid_request', code: 'invalid', message: (error as Error).message });
    scope.log.error(error);
    return reply
      .code(500)
      .send({ type: 'processing_error', code: 'internal_error', message: 'The shop could not process the request.' });
  });

  const handle =
    (operation: Operation, replayable: boolean) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      echoHeaders(request, reply);
      authenticate(request);
      const context = { origin: originOf(request, options.publicUrl), version: versionOf(request, options.versions) };
      const key = header(request, 'idempotency-key');
      if (!replayable || !key) return send(reply, await run(operation, context, request));
      const fingerprint = IdempotencyCache.fingerprint(request.method, request.url, request.body);
      const replay = idempotency.lookup(key, fingerprint);
      if (replay === 'conflict') {
        throw new AcpHttpError(
          409,
          'invalid_request',
          'idempotency_conflict',
          'Same Idempotency-Key used with different parameters',
        );
      }
      if (replay) return send(reply, replay);
      const response = await run(operation, context, request);
      idempotency.remember(key, fingerprint, response);
      return send(reply, response);
    };

  scope.post(
    '/checkout_sessions',
    handle((context, request) => service.create(request.body, context), true),
  );
  scope.post(
    '/checkout_sessions/:id',
    handle((context, request) => service.update(request.params.id, request.body, context), true),
  );
  scope.get(
    '/checkout_sessions/:id',
    handle((context, request) => service.get(request.params.id, context), false),
  );
  scope.post(
    '/checkout_sessions/:id/complete',
    handle((context, request) => service.complete(request.params.id, request.body, context), true),
  );
  scope.post(
    '/checkout_sessions/:id/cancel',
    handle((context, request) => service.cancel(request.params.id, context), true),
  );
  const delegation = { ...options.delegation, isOpenSession: (id: string) => service.isOpen(id) };
  scope.post(
    DELEGATE_PAYMENT_PATH,
    handle((_context, request) => delegatePayment(delegation, request.body, header(request, 'idempotency-key')), true),
  );
};

/** Runs an operation and turns a protocol error into a response, so errors can be replayed too. */
const run = async (
  operation: Operation,
  context: AcpRequestContext,
  request: FastifyRequest<{ Params: { id: string } }>,
): Promise<AcpResponse> => {
  try {
    return await operation(context, request);
  } catch (error) {
    if (error instanceof AcpHttpError) return { statusCode: error.statusCode, body: error.toBody() };
    throw error;
  }
};

const send = (reply: FastifyReply, response: AcpResponse) => reply.code(response.statusCode).send(response.body);

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const echoHeaders = (request: FastifyRequest, reply: FastifyReply): void => {
  for (const name of ['idempotency-key', 'request-id']) {
    const value = header(request, name);
    if (value) reply.header(name, value);
  }
};

/** `API-Version` is required; a missing or unknown one is refused with the versions this shop answers. */
const versionOf = (request: FastifyRequest, versions: readonly AcpVersion[]): AcpVersion => {
  const requested = header(request, 'api-version');
  const supported = { supported_versions: versions };
  if (requested === undefined)
    throw new AcpHttpError(
      400,
      'invalid_request',
      'missing_api_version',
      'The API-Version header is required.',
      undefined,
      supported,
    );
  const version = versions.find((candidate) => candidate === requested);
  if (version) return version;
  throw new AcpHttpError(
    400,
    'invalid_request',
    'unsupported_api_version',
    `API-Version ${requested} is not supported.`,
    undefined,
    supported,
  );
};
