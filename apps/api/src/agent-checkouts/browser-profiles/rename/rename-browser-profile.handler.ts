import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BrowserProfile as BrowserProfileResponse } from '@paykit/contracts';
import type { Owner } from '../../shared/owner.js';
import { BrowserProfiles, liveOrNotFound, presentProfile } from '../browser-profiles.js';

/** `PATCH /unstable/agent-checkouts/browser-profiles/{id}`: a new label (the same one changes nothing). */
export class RenameBrowserProfile extends Command<BrowserProfileResponse> {
  constructor(
    readonly owner: Owner,
    readonly profileId: string,
    readonly label: string,
  ) {
    super();
  }
}

@CommandHandler(RenameBrowserProfile)
export class RenameBrowserProfileHandler implements ICommandHandler<RenameBrowserProfile> {
  constructor(private readonly profiles: BrowserProfiles) {}

  async execute({ owner, profileId, label }: RenameBrowserProfile): Promise<BrowserProfileResponse> {
    const state = await this.profiles.execute(owner, {
      type: 'Rename',
      data: { profileId, label, now: this.profiles.now() },
    });
    return presentProfile(liveOrNotFound(state, profileId));
  }
}
