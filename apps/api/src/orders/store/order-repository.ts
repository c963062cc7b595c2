import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, handleCommand } from '@paykit/event-store';
import { type Clock, type Decider, type DomainError, DomainException, type IdGenerator, notFound } from '@paykit/kernel';
import { type Order, type OrderCommand, type OrderEvent, type OrderState, orderDecider, orderStreamName } from '@paykit/orders';
import * as E from 'fp-ts/lib/Either.js';
import { type KeyedStep, checkKeyedStream, handleKeyedCommand } from '../../http/idempotency/keyed-commands.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { toEnvelope } from '../../users/http/caller.js';
import type { OrderContext } from './order-context.js';

/** An order with the project that placed it (the first event's metadata). */
export interface StoredOrder {
  readonly order: Order;
  readonly projectId: string;
}

export interface HandledOrder extends StoredOrder {
  /** The global position of the stream's last event: what a read that follows waits for. */
  readonly position: bigint;
}

/** Orders by id: a fold of stream `order-<id>` (always current, so a caller reads its own writes). */
@Injectable()
export class OrderRepository {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async load(orderId: string): Promise<StoredOrder | null> {
    let state = orderDecider.initialState();
    let projectId: string | null = null;
    for await (const event of this.store.readStream(orderStreamName(orderId))) {
      projectId ??= event.metadata.projectId;
      state = orderDecider.evolve(state, { type: event.type, data: event.data } as OrderEvent);
    }
    return state && projectId !== null ? { order: state, projectId } : null;
  }

  /** The project's order, or the 404 that another project's order and a missing one share. */
  async loadOwned(projectId: string, orderId: string): Promise<StoredOrder> {
    const stored = await this.load(orderId);
    if (!stored || stored.projectId !== projectId) throw new DomainException(notFound());
    return stored;
  }

  /**
   * Load, decide, append at the revision read; a refusal is thrown as the domain error it is.
   * A step of a keyed request (ADR 0305) stamps its events, and throws KeyedRequestCompleted
   * instead of deciding when the request with its key already completed on this order.
   */
  async handle(orderId: string, command: OrderCommand, context: OrderContext, keyed?: KeyedStep): Promise<HandledOrder> {
    const result = await this.tryHandle(orderId, command, context, keyed);
    if (E.isLeft(result)) throw new DomainException(result.left);
    return result.right;
  }

  /** Like `handle`, with the refusal as a value (the worker decides what a refusal means). */
  tryHandle(orderId: string, command: OrderCommand, context: OrderContext, keyed?: KeyedStep): Promise<E.Either<DomainError, HandledOrder>> {
    return this.decide(orderId, orderDecider, command, context, keyed);
  }

  /** `tryHandle` with another decider over order streams (placing an order decides two commands as one append). */
  async decide<Command>(
    orderId: string,
    decider: Decider<Command, OrderEvent, OrderState, DomainError>,
    command: Command,
    context: OrderContext,
    keyed?: KeyedStep,
  ): Promise<E.Either<DomainError, HandledOrder>> {
    const stream = orderStreamName(orderId);
    const toAppend = toEnvelope(context, this.clock, this.ids);
    const result = keyed
      ? await handleKeyedCommand(this.store, stream, decider, command, toAppend, keyed)
      : await handleCommand(this.store, stream, decider, command, toAppend);
    return E.map(
      (handled: { state: OrderState; position: bigint }): HandledOrder => ({
        order: handled.state as Order,
        projectId: context.projectId,
        position: handled.position,
      }),
    )(result);
  }

  /** Before a keyed request works on an order: throws KeyedRequestCompleted if its key's request completed there. */
  checkKey(orderId: string, write: KeyedWrite): Promise<void> {
    return checkKeyedStream(this.store, orderStreamName(orderId), orderDecider, write);
  }
}
