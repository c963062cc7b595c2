import { Inject, Injectable } from '@nestjs/common';
import type { OrderResource } from '@paykit/orders';
import type { ReadModelDatabase } from '@paykit/projections';
import type { Statement } from 'better-sqlite3';
import { READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import type { KeysetSource } from '../../http/pagination/keyset-page.js';
import type { OrderListFilter, OrderListSort } from './order-list-filter.js';
import { type OrderKey, orderPageQuery } from './order-page-query.js';
import { ORDERS_TABLE } from './orders-list.projection.js';

export interface OrderRow {
  readonly key: OrderKey;
  readonly resource: OrderResource;
}

/** Plans differ by the number of terms per filter; a bounded cache keeps the prepared few. */
const MAX_CACHED_STATEMENTS = 256;

/** Index-backed pages of the orders-list projection (see order-page-query.ts for the plans). */
@Injectable()
export class OrdersListReadModel {
  private readonly statements = new Map<string, Statement>();
  private resources: Statement | null = null;

  constructor(@Inject(READ_MODEL_DATABASE) private readonly db: ReadModelDatabase) {}

  /** The project's orders matching `filter`, in `sort` order (createdAt, then orderId). */
  source(projectId: string, sort: OrderListSort, filter: OrderListFilter): KeysetSource<OrderRow, OrderKey> {
    const reverse = sort === 'asc' ? 'desc' : 'asc';
    return {
      after: (key, count) => this.page({ projectId, filter, direction: sort, bound: key, count }),
      before: (key, count) => this.page({ projectId, filter, direction: reverse, bound: key, count }),
      keyOf: (row) => row.key,
    };
  }

  private page(options: Parameters<typeof orderPageQuery>[0]): OrderRow[] {
    const { sql, parameters } = orderPageQuery(options);
    const keys = this.prepared(sql)
      .raw(true)
      .all(...parameters) as [string, string][];
    if (keys.length === 0) return [];
    const resources = new Map(
      this.resourcesStatement()
        .raw(true)
        .all(JSON.stringify(keys.map(([, orderId]) => orderId))) as [string, string][],
    );
    return keys.map(([createdAt, orderId]) => {
      // Both reads run in one synchronous turn on the connection the projection writes with.
      const resource = resources.get(orderId);
      if (resource === undefined) throw new Error(`The orders list has a facet but no row for order ${orderId}`);
      return { key: [createdAt, orderId], resource: JSON.parse(resource) as OrderResource };
    });
  }

  private prepared(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private resourcesStatement(): Statement {
    this.resources ??= this.db.prepare(
      `SELECT order_id, resource FROM ${ORDERS_TABLE} WHERE order_id IN (SELECT value FROM json_each(?))`,
    );
    return this.resources;
  }
}
