import { setTimeout as sleep } from 'node:timers/promises';
import { Body, Controller, Inject, Injectable, Module, Param, Query, Req, Res } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { pageQuery } from '@paykit/contracts';
import { EventStoreUnavailableError, type EventStore, WrongExpectedRevisionError } from '@paykit/event-store';
import { DomainException, type DomainErrorKind, domainError, isPositiveDecimalWithin } from '@paykit/kernel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Route } from '../../src/http/routes/route.decorator.js';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { TestPrincipalGuard } from './test-principal.guard.js';

/** Counts handler executions, so tests can tell a replay from a second run. */
@Injectable()
export class Executions {
  private readonly counts = new Map<string, number>();
  record(name: string): number {
    const count = (this.counts.get(name) ?? 0) + 1;
    this.counts.set(name, count);
    return count;
  }
  count(name: string): number {
    return this.counts.get(name) ?? 0;
  }
}

const PositiveAmount = z
  .string()
  .refine((value) => isPositiveDecimalWithin(value, { maxIntegerDigits: 15, maxFractionDigits: 6 }), {
    error: 'must be a positive decimal string',
  });

export const EchoBody = z.strictObject({
  name: z.string().min(1).max(50),
  lineItems: z
    .array(z.object({ tokenLocator: z.string().min(1), executionParameters: z.object({ amount: PositiveAmount }) }))
    .min(1)
    .max(1),
  email: z.email().optional(),
  state: z.enum(['draft', 'create']).default('create'),
});

const SlowBody = z.object({ milliseconds: z.number().int().min(0).max(60_000), tag: z.string().optional() });
const KindParams = z.object({
  kind: z.enum([
    'invalid',
    'unauthenticated',
    'forbidden',
    'not_found',
    'conflict',
    'unprocessable',
    'rate_limited',
    'upstream_invalid',
    'unavailable',
  ]),
});
const ItemParams = z.object({ itemId: z.uuid() });
const Echo = z.object({ execution: z.number(), received: z.unknown() });

/** Routes that exist only in tests, to drive the HTTP layer through every path. */
@Controller('test')
export class TestRoutesController {
  constructor(
    private readonly executions: Executions,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Route({
    method: 'POST',
    path: 'echo',
    public: true,
    summary: 'Echo a valid body',
    body: EchoBody,
    responses: { 201: Echo },
  })
  echo(@Body() body: z.infer<typeof EchoBody>) {
    return { execution: this.executions.record('echo'), received: body };
  }

  @Route({
    method: 'POST',
    path: 'slow',
    public: true,
    summary: 'Answer after a delay',
    body: SlowBody,
    responses: { 201: Echo },
  })
  async slow(@Body() body: z.infer<typeof SlowBody>, @Req() request: FastifyRequest) {
    const execution = this.executions.record('slow');
    await sleep(body.milliseconds, undefined, { signal: request.deadline }).catch(() => undefined);
    return { execution, received: body };
  }

  @Route({
    method: 'POST',
    path: 'flaky',
    public: true,
    summary: 'Fails with a 500 the first time',
    body: z.object({}),
    responses: { 201: Echo },
  })
  flaky(@Body() body: unknown) {
    const execution = this.executions.record('flaky');
    if (execution === 1) throw new Error('flaky failure');
    return { execution, received: body };
  }

  @Route({
    method: 'POST',
    path: 'unavailable',
    public: true,
    summary: 'Finds a party unavailable (503) every time',
    body: z.object({}),
    responses: { 201: Echo },
  })
  unavailable(): never {
    this.executions.record('unavailable');
    throw new DomainException(domainError('unavailable', 'test_unavailable', 'A party is unavailable'));
  }

  @Route({
    method: 'POST',
    path: 'own-key',
    public: true,
    idempotency: 'route',
    summary: 'Handles the idempotency key itself',
    body: z.object({}),
    responses: { 201: Echo },
  })
  ownKey(@Body() body: unknown) {
    return { execution: this.executions.record('own-key'), received: body };
  }

  @Route({
    method: 'POST',
    path: 'append',
    public: true,
    summary: 'Append to the event store',
    body: z.object({}),
    responses: { 201: z.object({ position: z.string() }) },
  })
  async append() {
    const result = await this.store.appendToStream('test-stream', [
      {
        type: 'TestEvent',
        data: {},
        metadata: {
          eventId: crypto.randomUUID(),
          occurredAt: new Date().toISOString(),
          projectId: null,
          actor: { type: 'system', id: 'test' },
          correlationId: 'test',
          causationId: null,
          schemaVersion: 1,
        },
      },
    ]);
    return { position: String(result.position) };
  }

  @Route({
    method: 'GET',
    path: 'items',
    public: true,
    summary: 'A paged list',
    query: pageQuery({ defaultLimit: 30, maxLimit: 100 }),
    responses: { 200: z.object({ limit: z.number() }) },
  })
  items(@Query() query: { limit: number }) {
    return { limit: query.limit };
  }

  @Route({
    method: 'DELETE',
    path: 'items/:itemId',
    public: true,
    summary: 'Delete one item (no body)',
    params: ItemParams,
    responses: { 200: z.object({ deleted: z.string() }) },
  })
  deleteItem(@Param() params: z.infer<typeof ItemParams>) {
    return { deleted: params.itemId };
  }

  @Route({
    method: 'GET',
    path: 'items/:itemId',
    public: true,
    summary: 'One item',
    params: ItemParams,
    responses: { 200: z.object({ itemId: z.string() }) },
  })
  item(@Param() params: z.infer<typeof ItemParams>) {
    return { itemId: params.itemId };
  }

  @Route({
    method: 'GET',
    path: 'errors/domain/:kind',
    public: true,
    summary: 'Throw a domain error',
    params: KindParams,
    responses: { 200: z.object({}) },
  })
  domain(@Param('kind') kind: DomainErrorKind): never {
    throw new DomainException(domainError(kind, `test_${kind}`, `A ${kind} error`, { detail: 'x' }));
  }

  @Route({
    method: 'GET',
    path: 'errors/crash',
    public: true,
    summary: 'Throw an unexpected error',
    responses: { 200: z.object({}) },
  })
  crash(): never {
    throw new Error('secret internal detail');
  }

  @Route({
    method: 'GET',
    path: 'errors/revision',
    public: true,
    summary: 'Lose a write race',
    responses: { 200: z.object({}) },
  })
  revision(): never {
    throw new WrongExpectedRevisionError('order-1', 3n, 4n);
  }

  @Route({
    method: 'GET',
    path: 'errors/store-down',
    public: true,
    summary: 'The store is unreachable',
    responses: { 200: z.object({}) },
  })
  storeDown(): never {
    throw new EventStoreUnavailableError('connection lost');
  }

  @Route({
    method: 'GET',
    path: 'status/:code',
    public: true,
    summary: 'Answer with a status of the route',
    params: z.object({ code: z.coerce.number().int() }),
    responses: { 200: z.object({}) },
  })
  status(@Param('code') code: number, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.code(code);
    return {};
  }
}

@Module({
  controllers: [TestRoutesController],
  providers: [Executions, { provide: APP_GUARD, useClass: TestPrincipalGuard }],
  exports: [Executions],
})
export class TestRoutesModule {}
