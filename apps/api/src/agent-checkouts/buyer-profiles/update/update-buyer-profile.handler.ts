import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BuyerProfile as BuyerProfileResponse, BuyerProfileUpdateBody } from '@paykit/contracts';
import type { Owner } from '../../shared/owner.js';
import { BuyerProfiles, presentProfile, visibleTo } from '../buyer-profiles.js';

/** `PATCH /unstable/agent-checkouts/buyer-profiles/{id}`: given fields replace the stored ones, null removes one. */
export class UpdateBuyerProfile extends Command<BuyerProfileResponse> {
  constructor(
    readonly owner: Owner,
    readonly profileId: string,
    readonly changes: BuyerProfileUpdateBody,
  ) {
    super();
  }
}

@CommandHandler(UpdateBuyerProfile)
export class UpdateBuyerProfileHandler implements ICommandHandler<UpdateBuyerProfile> {
  constructor(private readonly profiles: BuyerProfiles) {}

  async execute({ owner, profileId, changes }: UpdateBuyerProfile): Promise<BuyerProfileResponse> {
    const state = await this.profiles.execute(owner, profileId, {
      type: 'Update',
      data: { caller: owner, changes, now: this.profiles.now() },
    });
    return presentProfile(visibleTo(owner, state));
  }
}
