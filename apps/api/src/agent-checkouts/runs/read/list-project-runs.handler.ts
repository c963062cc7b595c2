import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RunSnapshot } from '@paykit/checkout-runs';
import type { Page } from '../../../http/pagination/newest-first-page.js';
import { RunSnapshots } from '../../live-view/run-snapshots.js';
import { type ListQuery, OwnerLists } from '../../shared/owner-lists.js';
import { type ProjectRunsFilter, RunRows } from '../runs.projection.js';
import { DEFAULT_LIST_LIMIT } from './list-runs.handler.js';

/** A run of a project-wide list, with who owns it (the snapshot does not say). */
export interface ProjectRun {
  readonly run: RunSnapshot;
  /** `service`, or `user:<id>`. */
  readonly owner: string;
}

/**
 * Every run of a project, whoever owns it, newest first, optionally of one status or owner: the
 * console's runs list (ADR 0821). The API lists an owner's runs only (ListRuns); this query is
 * for a principal that may act for every subject of the project.
 */
export class ListProjectRuns extends Query<Page<ProjectRun>> {
  constructor(
    readonly projectId: string,
    readonly filter: ProjectRunsFilter,
    readonly query: Omit<ListQuery, 'limit'> & { readonly limit?: number | undefined },
  ) {
    super();
  }
}

@QueryHandler(ListProjectRuns)
export class ListProjectRunsHandler implements IQueryHandler<ListProjectRuns> {
  constructor(
    private readonly lists: OwnerLists,
    private readonly rows: RunRows,
    private readonly snapshots: RunSnapshots,
  ) {}

  execute({ projectId, filter, query }: ListProjectRuns): Promise<Page<ProjectRun>> {
    return this.lists.scoped(
      { name: 'project-runs', projection: this.rows.projection },
      [projectId, filter.status ?? '', filter.owner ?? ''],
      { cursor: query.cursor, limit: query.limit ?? DEFAULT_LIST_LIMIT },
      (from, count, direction) => this.rows.projectPage(projectId, filter, from, count, direction),
      (row) => ({ run: this.snapshots.of(row.run), owner: row.run.owner }),
    );
  }
}
