import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BrowserProfile as BrowserProfileResponse } from '@paykit/contracts';
import type { IdGenerator } from '@paykit/kernel';
import { ID_GENERATOR } from '../../../infrastructure/tokens.js';
import type { Owner } from '../../shared/owner.js';
import { BrowserProfiles, liveOrNotFound, presentProfile } from '../browser-profiles.js';

/** `POST /unstable/agent-checkouts/browser-profiles`: the owner's one live profile (409 when there is one). */
export class CreateBrowserProfile extends Command<BrowserProfileResponse> {
  constructor(
    readonly owner: Owner,
    readonly label: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(CreateBrowserProfile)
export class CreateBrowserProfileHandler implements ICommandHandler<CreateBrowserProfile> {
  constructor(
    private readonly profiles: BrowserProfiles,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ owner, label }: CreateBrowserProfile): Promise<BrowserProfileResponse> {
    const profileId = this.ids.uuid();
    const state = await this.profiles.execute(owner, {
      type: 'Create',
      data: { profileId, caller: owner, label, now: this.profiles.now() },
    });
    return presentProfile(liveOrNotFound(state, profileId));
  }
}
