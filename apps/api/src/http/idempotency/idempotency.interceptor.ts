import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, IdempotencyKey, describeIssue } from '@paykit/contracts';
import { DomainException, conflict } from '@paykit/kernel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Observable, from, lastValueFrom, mergeAll, of, tap } from 'rxjs';
import type { Principal } from '../../auth/principal.js';
import { mapException } from '../errors/map-exception.js';
import type { RouteContract } from '../routes/route-contract.js';
import { ROUTE_CONTRACT_METADATA } from '../routes/route-contract.js';
import { RequestValidationError } from '../validation/request-validation.error.js';
import { HANDLES_IDEMPOTENCY_KEY_METADATA } from './handles-idempotency-key.decorator.js';
import { IdempotencySecrets } from './idempotency-secrets.js';
import { type AcquireOutcome, type IdempotencyClaim, IdempotencyStore } from './idempotency.store.js';
import { keyScopeOf } from './key-scope.js';
import { KeyedWrite } from './keyed-write.js';

/**
 * `x-idempotency-key` on POST, after the auth guard (keys are scoped to the caller's project and
 * the end user it acts for, ADR 0311).
 * A route with `idempotency: 'resource'` gets a KeyedWrite and makes the key part of what it
 * writes (ADR 0305). Other routes keep a record: the first request with a key runs, later ones
 * with the same method, path and body replay its response, one with a different request is a
 * 409, and one whose first request died unanswered is a 409 that never runs it again.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: IdempotencyStore,
    private readonly secrets: IdempotencySecrets,
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
    const reply = http.getResponse<FastifyReply>();
    const contract = this.reflector.get<RouteContract | undefined>(ROUTE_CONTRACT_METADATA, context.getHandler());
    if (contract?.idempotency === 'resource')
      return this.handleKeyedWrite(request, reply, principal, key, contract, next);
    return from(this.handleRecorded(request, reply, principal, key, next)).pipe(mergeAll());
  }

  private handleKeyedWrite(
    request: FastifyRequest,
    reply: FastifyReply,
    principal: Principal,
    key: string,
    contract: RouteContract,
    next: CallHandler,
  ): Observable<unknown> {
    const route = `${contract.method} ${contract.path}`;
    const fingerprint = this.secrets.fingerprint({
      method: contract.method,
      path: contract.path,
      params: request.params,
      body: request.body,
    });
    const keyed = KeyedWrite.of(keyScopeOf(principal), route, key, fingerprint);
    request.keyedWrite = keyed;
    const markReplay = () => {
      if (keyed.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    };
    return next.handle().pipe(tap({ next: markReplay, error: markReplay }));
  }

  private async handleRecorded(
    request: FastifyRequest,
    reply: FastifyReply,
    principal: Principal,
    key: string,
    next: CallHandler,
  ): Promise<Observable<unknown>> {
    const outcome = await this.keys.acquire({
      scope: keyScopeOf(principal),
      key,
      fingerprint: this.secrets.fingerprint({ method: request.method, path: request.url, body: request.body }),
      method: request.method,
      path: request.url,
      context: {
        projectId: principal.projectId,
        actor: { type: 'api-key', id: principal.keyId },
        correlationId: request.id,
      },
    });
    if (outcome.kind === 'replay') {
      void reply.code(outcome.response.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return of(outcome.response.body ?? undefined);
    }
    // Settled on its own promise, so a client that goes away cannot leave the key claimed.
    if (outcome.kind === 'claimed') return from(this.run(outcome.claim, next, reply));
    throw refusalOf(outcome, key);
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

const REFUSALS: Readonly<Record<Exclude<AcquireOutcome['kind'], 'claimed' | 'replay'>, readonly [string, string]>> = {
  key_reused: ['idempotency_key_reused', 'This idempotency key was already used with a different request'],
  in_progress: [
    'idempotency_request_in_progress',
    'A request with this idempotency key is still in progress; retry later',
  ],
  interrupted: [
    'idempotency_request_interrupted',
    'The first request with this idempotency key was interrupted before it answered and may have taken effect; ' +
      'it is not run again. Check the resource, then use a new key',
  ],
  unreadable: [
    'idempotency_response_unavailable',
    'The first request with this idempotency key completed, but its recorded response can no longer be read',
  ],
};

const refusalOf = (outcome: { kind: keyof typeof REFUSALS }, key: string): DomainException => {
  const [code, message] = REFUSALS[outcome.kind];
  return new DomainException(conflict(code, message, { idempotencyKey: key }));
};

/**
 * A request that never ran (invalid input, throttled), lost a race (a concurrency conflict) or
 * found a party unavailable (502, 503, 504: the contract is to retry) is not an outcome: the
 * key is released so a retry runs again. Every other answer, a 500 included, is replayed.
 */
const NOT_AN_OUTCOME = new Set(['invalid_request', 'concurrency_conflict']);
const isWorthReplaying = (status: number, code: string | undefined): boolean =>
  status !== 429 && status !== 502 && status !== 503 && status !== 504 && !NOT_AN_OUTCOME.has(code ?? '');
