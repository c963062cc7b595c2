import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import { MESSAGES } from '../errors/http-error.js';

type TimeoutConfig = Pick<
  AppConfig,
  'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS' | 'HTTP_IDLE_TIMEOUT_MS'
>;

/**
 * How often Node looks for requests past their limits: at most every second, and often enough
 * that a limit is enforced within a quarter of it (Node's default, 30 s, would double a 30 s limit).
 */
export const checkIntervalOf = (config: TimeoutConfig): number =>
  Math.max(
    10,
    Math.min(1_000, Math.floor(Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS) / 4)),
  );

/**
 * The HTTP server's limits on slow clients (ADR 0309): the whole request (headers and body)
 * within HTTP_REQUEST_TIMEOUT_MS, its headers within HTTP_HEADERS_TIMEOUT_MS, an idle
 * keep-alive connection closed after HTTP_KEEP_ALIVE_TIMEOUT_MS, and a socket on which nothing
 * moves either way (a client that stops reading its answer) after HTTP_IDLE_TIMEOUT_MS.
 * Fastify's own default for the request limit is none at all.
 */
export const connectionTimeouts = (config: TimeoutConfig) =>
  ({
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: checkIntervalOf(config),
    },
    clientErrorHandler: answerClientError,
  }) satisfies FastifyHttpOptions<Server>;

const ANSWERS: Readonly<Record<string, readonly [status: string, code: string, message: string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: ['408 Request Timeout', 'request_timeout', MESSAGES.timeout],
  HPE_HEADER_OVERFLOW: [
    '431 Request Header Fields Too Large',
    'headers_too_large',
    'The request headers are too large',
  ],
};
const MALFORMED = ['400 Bad Request', 'malformed_request', 'The request is not well-formed HTTP'] as const;

/**
 * What a connection gets when Node gives up on its request before any route (a timeout above,
 * headers too large, unparsable HTTP): the common error body, then the socket is closed.
 * Nothing is written once an answer to the request has begun (a 504 already on its way).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && answering?.headersSent !== true) {
    const body = JSON.stringify({ error: true, message, code });
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
