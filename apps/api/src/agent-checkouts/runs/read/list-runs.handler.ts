import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RunSnapshot } from '@paykit/checkout-runs';
import type { AgentCheckoutListQuery } from '@paykit/contracts';
import type { Page } from '../../../http/pagination/newest-first-page.js';
import { RunSnapshots } from '../../live-view/run-snapshots.js';
import { OwnerLists } from '../../shared/owner-lists.js';
import type { Owner } from '../../shared/owner.js';
import { RunRows } from '../runs.projection.js';

export const DEFAULT_LIST_LIMIT = 20;

/** `GET /unstable/agent-checkouts`: the owner's runs, newest first. */
export class ListRuns extends Query<Page<RunSnapshot>> {
  constructor(
    readonly owner: Owner,
    readonly query: AgentCheckoutListQuery,
  ) {
    super();
  }
}

@QueryHandler(ListRuns)
export class ListRunsHandler implements IQueryHandler<ListRuns> {
  constructor(
    private readonly lists: OwnerLists,
    private readonly rows: RunRows,
    private readonly snapshots: RunSnapshots,
  ) {}

  execute({ owner, query }: ListRuns): Promise<Page<RunSnapshot>> {
    const limit = query.limit ?? DEFAULT_LIST_LIMIT;
    return this.lists.page(this.rows, owner, { cursor: query.cursor, limit }, (row) => this.snapshots.of(row.run));
  }
}
