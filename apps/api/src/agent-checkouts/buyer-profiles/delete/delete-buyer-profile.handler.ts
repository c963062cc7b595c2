import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Owner } from '../../shared/owner.js';
import { BuyerProfiles } from '../buyer-profiles.js';

/** `DELETE /unstable/agent-checkouts/buyer-profiles/{id}`: runs that name it later ask the user instead. */
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

  async execute({ owner, profileId }: DeleteBuyerProfile): Promise<void> {
    await this.profiles.execute(owner, profileId, {
      type: 'Delete',
      data: { caller: owner, now: this.profiles.now() },
    });
  }
}
