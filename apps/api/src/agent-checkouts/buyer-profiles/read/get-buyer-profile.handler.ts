import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BuyerProfile as BuyerProfileResponse } from '@paykit/contracts';
import type { Owner } from '../../shared/owner.js';
import { BuyerProfiles, presentProfile } from '../buyer-profiles.js';

/** `GET /unstable/agent-checkouts/buyer-profiles/{id}`: a live profile of the owner (any other is a 404). */
export class GetBuyerProfile extends Query<BuyerProfileResponse> {
  constructor(
    readonly owner: Owner,
    readonly profileId: string,
  ) {
    super();
  }
}

@QueryHandler(GetBuyerProfile)
export class GetBuyerProfileHandler implements IQueryHandler<GetBuyerProfile> {
  constructor(private readonly profiles: BuyerProfiles) {}

  async execute({ owner, profileId }: GetBuyerProfile): Promise<BuyerProfileResponse> {
    return presentProfile(await this.profiles.get(owner, profileId));
  }
}
