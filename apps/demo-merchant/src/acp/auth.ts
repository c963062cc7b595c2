import { type Clock } from '@paykit/kernel';
import canonicalize from 'canonicalize';
import { type KeyObject, createPublicKey, verify } from 'node:crypto';
import { type FastifyRequest } from 'fastify';
import { AcpHttpError } from './errors.js';

export interface AcpAuthOptions {
  /** The bearer token this shop issued to agents. */
  readonly apiKey: string;
  /** The agent's Ed25519 public key (PEM): when set, requests must carry `Signature` and `Timestamp`. */
  readonly signatureKey?: string;
  readonly clock: Clock;
}

/** How far a request's `Timestamp` may be from this shop's clock. */
const MAX_SKEW_MS = 5 * 60_000;

/**
 * The bytes a request's `Signature` covers (docs/adr/0251): method, path with query, the
 * `Timestamp` header, and the RFC 8785 canonical JSON of the body (empty without a body).
 */
export const signedContent = (method: string, path: string, timestamp: string, body: unknown): string =>
  `${method.toUpperCase()}\n${path}\n${timestamp}\n${body === undefined ? '' : (canonicalize(body) ?? '')}`;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const unauthorized = (code: string, message: string) => new AcpHttpError(401, 'invalid_request', code, message);

/** `Authorization: Bearer` always; `Signature` and `Timestamp` too when this shop asks for them. */
export const authenticator = (options: AcpAuthOptions) => {
  const key: KeyObject | undefined = options.signatureKey ? createPublicKey(options.signatureKey) : undefined;
  return (request: FastifyRequest): void => {
    if (header(request, 'authorization') !== `Bearer ${options.apiKey}`)
      throw unauthorized('unauthorized', 'A valid bearer token is required.');
    if (!key) return;
    const signature = header(request, 'signature');
    const timestamp = header(request, 'timestamp');
    if (!signature || !timestamp)
      throw unauthorized('signature_required', 'This shop requires signed requests (Signature and Timestamp headers).');
    const at = Date.parse(timestamp);
    if (
      !/^\d{4}-\d{2}-\d{2}T/.test(timestamp) ||
      Number.isNaN(at) ||
      Math.abs(at - options.clock.now().getTime()) > MAX_SKEW_MS
    ) {
      throw unauthorized('invalid_signature', 'The Timestamp header is not a current RFC 3339 time.');
    }
    const content = Buffer.from(signedContent(request.method, request.url, timestamp, request.body));
    if (!verify(null, content, key, Buffer.from(signature, 'base64url')))
      throw unauthorized('invalid_signature', 'The request signature does not verify.');
  };
};
