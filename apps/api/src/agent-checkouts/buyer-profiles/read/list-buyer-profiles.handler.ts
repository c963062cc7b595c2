import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BuyerProfile as BuyerProfileResponse, buyerProfileListQuerySchema } from '@paykit/contracts';
import type { z } from 'zod';
import type { Page } from '../../../http/pagination/newest-first-page.js';
import { OwnerLists } from '../../shared/owner-lists.js';
import type { Owner } from '../../shared/owner.js';
import { BuyerProfiles } from '../buyer-profiles.js';
import { BuyerProfileRows } from '../buyer-profiles.projection.js';

/** `GET /unstable/agent-checkouts/buyer-profiles`: the owner's live profiles, newest first. */
export class ListBuyerProfiles extends Query<Page<BuyerProfileResponse>> {
  constructor(
    readonly owner: Owner,
    readonly query: z.output<typeof buyerProfileListQuerySchema>,
  ) {
    super();
  }
}

/** The rows keep the details sealed: each is opened with its profile's key (one whose key is erased is left out). */
@QueryHandler(ListBuyerProfiles)
export class ListBuyerProfilesHandler implements IQueryHandler<ListBuyerProfiles> {
  constructor(
    private readonly lists: OwnerLists,
    private readonly rows: BuyerProfileRows,
    private readonly profiles: BuyerProfiles,
  ) {}

  async execute({ owner, query }: ListBuyerProfiles): Promise<Page<BuyerProfileResponse>> {
    const page = await this.lists.page(this.rows, owner, query, (row) => row);
    const opened = await Promise.all(page.data.map((row) => this.profiles.present(row)));
    return { ...page, data: opened.filter((profile) => profile !== null) };
  }
}
