import { STATUS_CODES } from 'node:http';
import { HttpException, NotFoundException } from '@nestjs/common';
import { errorBody } from '@paykit/contracts';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '@paykit/event-store';
import { type DomainError, type DomainErrorKind, DomainException, isDomainError } from '@paykit/kernel';
import { z } from 'zod';
import { RequestValidationError } from '../validation/request-validation.error.js';
import { type HttpError, MESSAGES, UNAVAILABLE_RETRY_AFTER_SECONDS } from './http-error.js';

const STATUS_BY_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  upstream_invalid: 502,
  unavailable: 503,
};

const answer = (
  status: number,
  body: HttpError['body'],
  extra: Partial<Omit<HttpError, 'status' | 'body'>> = {},
): HttpError => ({
  status,
  body,
  headers: extra.headers ?? {},
  log: extra.log ?? (status >= 500 ? 'error' : 'none'),
});

const unavailable = (retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS): HttpError =>
  answer(503, errorBody(MESSAGES.unavailable, 'service_unavailable'), {
    headers: { 'retry-after': String(retryAfterSeconds) },
    log: 'warn',
  });

const retryAfterOf = (error: DomainError): number | undefined => {
  const value = error.parameters?.['retryAfterSeconds'];
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.ceil(value)) : undefined;
};

const fromDomainError = (error: DomainError): HttpError => {
  const status = STATUS_BY_KIND[error.kind] ?? 500;
  if (error.kind === 'not_found') return answer(404, errorBody(MESSAGES.notFound, error.code));
  const retryAfter =
    retryAfterOf(error) ?? (error.kind === 'unavailable' ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
  return answer(status, errorBody(error.message, error.code, error.parameters), {
    headers: retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
    log: status >= 500 ? 'warn' : 'none',
  });
};

/** Fastify's own request errors (body parsing, limits, the handler timeout), by their code. */
const fromFastifyError = (error: { code: string; statusCode?: number }): HttpError | null => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answer(415, errorBody('Unsupported content type: send application/json', 'unsupported_media_type'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer(413, errorBody('Request body is too large', 'payload_too_large'));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answer(400, errorBody('Request body is empty but its content type is application/json', 'invalid_json'));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return answer(400, errorBody('Request body is not valid JSON', 'invalid_json'));
    case 'FST_ERR_BAD_URL':
      return answer(400, errorBody('Malformed URL', 'invalid_request'));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return answer(414, errorBody('A path parameter is too long', 'uri_too_long'));
    case 'FST_ERR_HANDLER_TIMEOUT':
      return answer(504, { error: true, message: MESSAGES.timeout }, { log: 'warn' });
    default:
      if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        return answer(error.statusCode, errorBody(STATUS_CODES[error.statusCode] ?? 'Bad request', 'invalid_request'));
      }
      return null;
  }
};

const hasCode = (value: unknown): value is { code: string; statusCode?: number } =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';

/** A JSON.parse failure Fastify's parser passes on: a SyntaxError with a 400 status. */
const isJsonSyntaxError = (value: unknown): boolean =>
  value instanceof SyntaxError && (value as { statusCode?: unknown }).statusCode === 400;

const fromHttpException = (exception: HttpException): HttpError => {
  const cause = exception.cause;
  if (hasCode(cause)) {
    const mapped = fromFastifyError(cause);
    if (mapped) return mapped;
  }
  if (isJsonSyntaxError(cause)) return fromFastifyError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' })!;
  if (exception instanceof NotFoundException) return answer(404, { error: true, message: MESSAGES.notFound });
  const status = exception.getStatus();
  if (status >= 500) return answer(500, { error: true, message: MESSAGES.internal });
  const response = exception.getResponse();
  const message =
    typeof response === 'string'
      ? response
      : typeof (response as { message?: unknown }).message === 'string'
        ? (response as { message: string }).message
        : (STATUS_CODES[status] ?? 'Request failed');
  return answer(status, errorBody(message));
};

/**
 * Maps anything a request can throw to the one error body. The exception filter sends it; the
 * idempotency layer records it. Never leaks a stack or an internal message.
 */
export const mapException = (exception: unknown): HttpError => {
  if (exception instanceof RequestValidationError) {
    return answer(400, errorBody(exception.message, exception.code, { issues: exception.issues }));
  }
  if (exception instanceof z.ZodError) {
    return mapException(RequestValidationError.fromZod('body', exception.issues));
  }
  if (exception instanceof DomainException) return fromDomainError(exception.error);
  if (isDomainError(exception)) return fromDomainError(exception);
  if (exception instanceof WrongExpectedRevisionError) {
    return answer(409, errorBody('The resource was changed by a concurrent request; retry', 'concurrency_conflict'));
  }
  if (exception instanceof EventStoreUnavailableError) return unavailable();
  if (exception instanceof HttpException) return fromHttpException(exception);
  if (hasCode(exception)) {
    const mapped = fromFastifyError(exception);
    if (mapped) return mapped;
  }
  if (isJsonSyntaxError(exception)) return fromFastifyError({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' })!;
  return answer(500, { error: true, message: MESSAGES.internal });
};
