import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PutUserBody, UserResponse } from '@paykit/contracts';
import { calendarDayOf, checkDateOfBirth, parseUserLocator } from '@paykit/identity';
import { getOrThrow } from '@paykit/kernel';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { UserAggregate } from '../user.aggregate.js';
import { UserDetailsBox } from '../user-details-box.js';

/** `PUT /2025-06-09/users/{userLocator}`: each section sent replaces the stored one; sections left out are kept. */
export class PutUserDetails extends Command<UserResponse> {
  constructor(
    readonly caller: Caller,
    readonly userLocator: string,
    readonly body: PutUserBody,
  ) {
    super();
  }
}

@CommandHandler(PutUserDetails)
export class PutUserDetailsHandler implements ICommandHandler<PutUserDetails> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly details: UserDetailsBox,
  ) {}

  async execute({ caller, userLocator, body }: PutUserDetails): Promise<UserResponse> {
    const user = getOrThrow(parseUserLocator(userLocator));
    const now = this.aggregates.now();
    if (body.userDetails) getOrThrow(checkDateOfBirth(body.userDetails.dateOfBirth, calendarDayOf(now)));
    const ref = { projectId: caller.context.projectId, user };
    const { sections, identityFingerprint } = this.details.seal(ref, body);
    const { state } = await this.aggregates.execute(
      UserAggregate,
      ref,
      {
        type: 'UpdateUserDetails',
        data: {
          userLocator: user,
          sections,
          ...(identityFingerprint && { identityFingerprint }),
          at: now.toISOString(),
        },
      },
      caller.context,
    );
    return {
      userLocator: user,
      ...this.details.open(ref, state),
      createdAt: state.createdAt ?? this.aggregates.now().toISOString(),
      updatedAt: state.updatedAt ?? this.aggregates.now().toISOString(),
    };
  }
}
