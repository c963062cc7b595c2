import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Owner } from '../../shared/owner.js';
import { BuyerProfiles } from '../buyer-profiles.js';

/**
 * `DELETE /unstable/agent-checkouts/buyer-profiles/{id}`: the profile's data key is erased, so its
 * details never open again anywhere (docs/adr/0509); runs that name it later ask the user instead.
 */
export class DeleteBuyerProfile extends Command<void> {
  constructor(
    readonly owner: Owner,
    readonly profileId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteBuyerProfile)
export class DeleteBuyerProfileHandler implements ICommandHandler<DeleteBuyerProfile> {
  constructor(private readonly profiles: BuyerProfiles) {}

  execute({ owner, profileId }: DeleteBuyerProfile): Promise<void> {
    return this.profiles.delete(owner, profileId);
  }
}
