import { createHash } from 'node:crypto';
import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/**
 * A keyed write (ADR 0305): a POST with `x-idempotency-key` whose route makes the key part of
 * what it writes. The resource it creates gets an id derived from (project, route, key), and
 * its events carry the key's digest and the request's fingerprint, so the write itself is the
 * record of the key: a retry finds it instead of a separate record that a crash can tear off.
 * One per request; it lives in memory only (the raw key is never stored).
 */
export class KeyedWrite {
  private wasReplayed = false;

  constructor(
    /** The key as the client sent it: only for error messages back to that client. */
    readonly key: string,
    /** sha256 of scope (project and acting subject, ADR 0311), route and key: names the key's events and derives its resources' ids. */
    readonly digest: string,
    /** The keyed digest of the request (ADR 0305): the same key with another request is refused. */
    readonly fingerprint: string,
  ) {}

  static of(scope: string, route: string, key: string, fingerprint: string): KeyedWrite {
    return new KeyedWrite(key, sha256(`${scope}\n${route}\n${key}`), fingerprint);
  }

  /**
   * The id of the resource of `category` this request creates: a UUID (version 8, RFC 9562)
   * from the key's digest. Not derived from the secrets key: rotating it must not move ids.
   */
  resourceId(category: string): string {
    const bytes = createHash('sha256')
      .update(`paykit:keyed-resource:v1\n${category}\n${this.digest}`)
      .digest()
      .subarray(0, 16);
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** The answer is the one an earlier request with the key completed with (x-idempotent-replayed). */
  markReplayed(): void {
    this.wasReplayed = true;
  }

  get replayed(): boolean {
    return this.wasReplayed;
  }

  toJSON(): string {
    return 'KeyedWrite';
  }
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the idempotency layer on a keyed POST to a route with `idempotency: 'resource'`. */
    keyedWrite?: KeyedWrite;
  }
}

/** `@KeyedWriteOf() keyed: KeyedWrite | undefined`: the request's key, on a route with `idempotency: 'resource'`. */
export const KeyedWriteOf = createParamDecorator(
  (_data: unknown, execution: ExecutionContext): KeyedWrite | undefined =>
    execution.switchToHttp().getRequest<FastifyRequest>().keyedWrite,
);
