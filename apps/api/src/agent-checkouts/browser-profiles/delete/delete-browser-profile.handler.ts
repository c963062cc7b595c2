import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IdGenerator } from '@paykit/kernel';
import { ID_GENERATOR } from '../../../infrastructure/tokens.js';
import type { Owner } from '../../shared/owner.js';
import { BrowserProfiles } from '../browser-profiles.js';

/** `DELETE /unstable/agent-checkouts/browser-profiles/{id}`: gone at once for new runs, its saved state erased later. */
export class DeleteBrowserProfile extends Command<void> {
  constructor(
    readonly owner: Owner,
    readonly profileId: string,
  ) {
    super();
  }
}

/**
 * The erasure of the saved state is scheduled in the same append as the deletion, so either both
 * happen or (the store unavailable: a 503) neither, and the profile is intact. The erasure
 * worker carries it out once no run uses the profile.
 */
@CommandHandler(DeleteBrowserProfile)
export class DeleteBrowserProfileHandler implements ICommandHandler<DeleteBrowserProfile> {
  constructor(
    private readonly profiles: BrowserProfiles,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ owner, profileId }: DeleteBrowserProfile): Promise<void> {
    await this.profiles.execute(owner, {
      type: 'Delete',
      data: { profileId, jobId: this.ids.uuid(), now: this.profiles.now() },
    });
  }
}
