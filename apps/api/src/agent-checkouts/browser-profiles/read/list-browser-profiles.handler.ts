import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BrowserProfile as BrowserProfileResponse, browserProfileListQuerySchema } from '@paykit/contracts';
import type { z } from 'zod';
import type { Page } from '../../../http/pagination/newest-first-page.js';
import { OwnerLists } from '../../shared/owner-lists.js';
import type { Owner } from '../../shared/owner.js';
import { BrowserProfileRows } from '../browser-profiles.projection.js';

/** `GET /unstable/agent-checkouts/browser-profiles`: the owner's live profiles, newest first. */
export class ListBrowserProfiles extends Query<Page<BrowserProfileResponse>> {
  constructor(
    readonly owner: Owner,
    readonly query: z.output<typeof browserProfileListQuerySchema>,
  ) {
    super();
  }
}

@QueryHandler(ListBrowserProfiles)
export class ListBrowserProfilesHandler implements IQueryHandler<ListBrowserProfiles> {
  constructor(
    private readonly lists: OwnerLists,
    private readonly rows: BrowserProfileRows,
  ) {}

  execute({ owner, query }: ListBrowserProfiles): Promise<Page<BrowserProfileResponse>> {
    return this.lists.page(this.rows, owner, query, (profile) => profile);
  }
}
