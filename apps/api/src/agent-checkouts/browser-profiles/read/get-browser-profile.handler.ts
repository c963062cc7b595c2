import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BrowserProfile as BrowserProfileResponse } from '@paykit/contracts';
import type { Owner } from '../../shared/owner.js';
import { BrowserProfiles, liveOrNotFound, presentProfile } from '../browser-profiles.js';

/** `GET /unstable/agent-checkouts/browser-profiles/{id}`: a live profile of the owner (404 once deleted). */
export class GetBrowserProfile extends Query<BrowserProfileResponse> {
  constructor(
    readonly owner: Owner,
    readonly profileId: string,
  ) {
    super();
  }
}

@QueryHandler(GetBrowserProfile)
export class GetBrowserProfileHandler implements IQueryHandler<GetBrowserProfile> {
  constructor(private readonly profiles: BrowserProfiles) {}

  async execute({ owner, profileId }: GetBrowserProfile): Promise<BrowserProfileResponse> {
    return presentProfile(liveOrNotFound(await this.profiles.load(owner), profileId));
  }
}
