import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, IdempotencyKey, describeIssue } from '@paykit/contracts';
import { DomainException, conflict } from '@paykit/kernel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Observable, from, lastValueFrom, mergeAll, of } from 'rxjs';
import type { Principal } from '../../auth/principal.js';
import { mapException } from '../errors/map-exception.js';
import { RequestValidationError } from '../validation/request-validation.error.js';
import { HANDLES_IDEMPOTENCY_KEY_METADATA } from './handles-idempotency-key.decorator.js';
import { type IdempotencyClaim, IdempotencyStore } from './idempotency.store.js';
import { requestFingerprint } from './request-fingerprint.js';

/**
 * `x-idempotency-key` on POST: the first request with a key runs, later ones with the same
 * method, path and body replay its response, and one with a different request is a 409.
 * Runs after the auth guard: keys are scoped to the caller's project.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: IdempotencyStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    // Reads and key-less writes take no detour (and no promise): this runs on every request.
    if (request.method !== 'POST' || header === undefined) return next.handle();
    const key = parseKey(header);
    const principal = request.principal;
    // Without a caller there is no namespace to keep one caller's keys from another's.
    if (!principal || this.routeHandlesKey(context)) return next.handle();
    return from(this.handleKeyed(request, http.getResponse<FastifyReply>(), principal, key, next)).pipe(mergeAll());
  }

  private async handleKeyed(
    request: FastifyRequest,
    reply: FastifyReply,
    principal: Principal,
    key: string,
    next: CallHandler,
  ): Promise<Observable<unknown>> {
    const outcome = await this.keys.acquire({
      scope: principal.projectId,
      key,
      fingerprint: requestFingerprint(request.method, request.url, request.body),
      method: request.method,
      path: request.url,
      context: {
        projectId: principal.projectId,
        actor: { type: 'api-key', id: principal.keyId },
        correlationId: request.id,
      },
    });
    switch (outcome.kind) {
      case 'replay':
        void reply.code(outcome.response.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return of(outcome.response.body ?? undefined);
      case 'key_reused':
        throw new DomainException(
          conflict('idempotency_key_reused', 'This idempotency key was already used with a different request', {
            idempotencyKey: key,
          }),
        );
      case 'in_progress':
        throw new DomainException(
          conflict(
            'idempotency_request_in_progress',
            'A request with this idempotency key is still in progress; retry later',
            {
              idempotencyKey: key,
            },
          ),
        );
      case 'claimed':
        // Settled on its own promise, so a client that goes away cannot leave the key claimed.
        return from(this.run(outcome.claim, next, reply));
    }
  }

  private async run(claim: IdempotencyClaim, next: CallHandler, reply: FastifyReply): Promise<unknown> {
    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      const answer = mapException(error);
      if (isWorthReplaying(answer.status, answer.body.code)) {
        await this.keys.complete(claim, { status: answer.status, body: answer.body });
      } else {
        await this.keys.release(claim, `answered ${answer.status}`);
      }
      throw error;
    }
    await this.keys.complete(claim, { status: reply.statusCode, body: body ?? null });
    return body;
  }

  private routeHandlesKey(context: ExecutionContext): boolean {
    return this.reflector.get<boolean | undefined>(HANDLES_IDEMPOTENCY_KEY_METADATA, context.getHandler()) === true;
  }
}

const parseKey = (header: string | string[]): string => {
  const parsed = IdempotencyKey.safeParse(Array.isArray(header) ? null : header, { error: describeIssue });
  if (!parsed.success) {
    throw new RequestValidationError([
      { path: IDEMPOTENCY_KEY_HEADER, message: parsed.error.issues[0]?.message ?? 'is invalid' },
    ]);
  }
  return parsed.data;
};

/**
 * A request that never ran (invalid input), lost a race (a concurrency conflict), was throttled
 * or failed on our side is not an outcome: the key is released so a retry runs again.
 */
const NOT_AN_OUTCOME = new Set(['invalid_request', 'concurrency_conflict']);
const isWorthReplaying = (status: number, code: string | undefined): boolean =>
  status < 500 && status !== 429 && !NOT_AN_OUTCOME.has(code ?? '');
