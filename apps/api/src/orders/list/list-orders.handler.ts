import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListOrdersQuery } from '@paykit/contracts';
import type { EventStore } from '@paykit/event-store';
import type { OrderResource } from '@paykit/orders';
import { type KeysetPage, keysetPage } from '../../http/pagination/keyset-page.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { cursorBindingOf, orderListFilterOf } from './order-list-filter.js';
import type { OrderKey } from './order-page-query.js';
import { ORDERS_LIST_PROJECTION } from './orders-list.projection.js';
import { OrdersListReadModel } from './orders-list.read-model.js';

/** `GET /2022-06-09/orders`: the project's orders, filtered, in keyset pages from the orders-list projection. */
export class ListOrders extends Query<KeysetPage<OrderResource>> {
  constructor(
    readonly projectId: string,
    readonly query: ListOrdersQuery,
  ) {
    super();
  }
}

/** How long a list waits for the projection before answering from what it has. */
const READ_YOUR_WRITES_MS = 2_000;

const MAX_KEY_LENGTH = 64;
const isOrderKey = (value: unknown): value is OrderKey =>
  Array.isArray(value) &&
  value.length === 2 &&
  value.every((part) => typeof part === 'string' && part.length > 0 && part.length <= MAX_KEY_LENGTH);

/**
 * Waits (bounded) until the projection has reached the head of the store as it was when the
 * request came in: every order write the caller saw acknowledged, whichever module or instance
 * made it, is then in the answer (read your own writes) for one head lookup.
 */
@QueryHandler(ListOrders)
export class ListOrdersHandler implements IQueryHandler<ListOrders> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionsHost,
    private readonly readModel: OrdersListReadModel,
    private readonly cursors: SignedCursors,
  ) {}

  async execute({ projectId, query }: ListOrders): Promise<KeysetPage<OrderResource>> {
    const filter = orderListFilterOf(query);
    await this.projections.waitFor(await this.store.headPosition(), READ_YOUR_WRITES_MS, ORDERS_LIST_PROJECTION);
    return keysetPage({
      cursors: this.cursors,
      binding: cursorBindingOf(projectId, query.sort, filter),
      cursor: query.cursor,
      limit: query.limit,
      isKey: isOrderKey,
      source: this.readModel.source(projectId, query.sort, filter),
      present: (row) => row.resource,
    });
  }
}
