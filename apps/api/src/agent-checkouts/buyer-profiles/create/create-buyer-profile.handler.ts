import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BuyerProfile as BuyerProfileResponse, BuyerProfileCreateBody } from '@paykit/contracts';
import type { IdGenerator } from '@paykit/kernel';
import { ID_GENERATOR } from '../../../infrastructure/tokens.js';
import type { Owner } from '../../shared/owner.js';
import { BuyerProfiles, presentProfile, visibleTo } from '../buyer-profiles.js';

/** `POST /unstable/agent-checkouts/buyer-profiles`: who buys and where it ships; never payment data. */
export class CreateBuyerProfile extends Command<BuyerProfileResponse> {
  constructor(
    readonly owner: Owner,
    readonly details: BuyerProfileCreateBody,
  ) {
    super();
  }
}

@CommandHandler(CreateBuyerProfile)
export class CreateBuyerProfileHandler implements ICommandHandler<CreateBuyerProfile> {
  constructor(
    private readonly profiles: BuyerProfiles,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ owner, details }: CreateBuyerProfile): Promise<BuyerProfileResponse> {
    const profileId = this.ids.uuid();
    const state = await this.profiles.execute(owner, profileId, {
      type: 'Create',
      data: { profileId, caller: owner, details, now: this.profiles.now() },
    });
    return presentProfile(visibleTo(owner, state));
  }
}
