import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import {
  type KeysetPosition,
  type Page,
  type ReadDirection,
  newestFirstPage,
} from '../../http/pagination/newest-first-page.js';
import type { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { ProjectionsHost } from '../../infrastructure/projections-host.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { Owner } from './owner.js';
import { AGENT_CHECKOUT_CURSORS } from './tokens.js';

/** How long a list waits for its projection before answering from what it has. */
const WAIT_MS = 2_000;

export interface ListQuery {
  readonly cursor?: string | undefined;
  readonly limit: number;
}

/** A newest-first list of an owner's resources, read from a projection. */
export interface OwnerList<Row extends KeysetPosition> {
  /** Names the list in its cursors, which are bound to the list and its owner. */
  readonly name: string;
  readonly projection: string;
  page(owner: Owner, from: KeysetPosition | null, count: number, direction: ReadDirection): Row[];
}

/**
 * Pages of an owner's lists (runs, buyer and browser profiles). Before reading, a list waits
 * (bounded) until its projection has reached the head of the store as it was when the request
 * came in: every write the caller saw acknowledged is then in the answer (read your own writes),
 * across instances too, at the cost of one head lookup.
 */
@Injectable()
export class OwnerLists {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projections: ProjectionsHost,
    @Inject(AGENT_CHECKOUT_CURSORS) private readonly cursors: SignedCursors,
  ) {}

  page<Row extends KeysetPosition, Item>(
    list: OwnerList<Row>,
    owner: Owner,
    query: ListQuery,
    present: (row: Row) => Item,
  ): Promise<Page<Item>> {
    return this.scoped(
      list,
      [owner.projectId, owner.subject],
      query,
      (from, count, direction) => list.page(owner, from, count, direction),
      present,
    );
  }

  /**
   * A page of any scope of a list (the console's project-wide runs, by status): its cursors are
   * bound to the list and to every part of `scope`, so they only follow the filters they came with.
   */
  async scoped<Row extends KeysetPosition, Item>(
    list: Pick<OwnerList<Row>, 'name' | 'projection'>,
    scope: readonly string[],
    query: ListQuery,
    fetch: (from: KeysetPosition | null, count: number, direction: ReadDirection) => Row[],
    present: (row: Row) => Item,
  ): Promise<Page<Item>> {
    await this.projections.waitFor(await this.store.headPosition(), WAIT_MS, list.projection);
    return newestFirstPage({
      cursors: this.cursors,
      binding: [list.name, ...scope].join('\n'),
      cursor: query.cursor,
      limit: query.limit,
      fetch,
      present,
    });
  }
}
