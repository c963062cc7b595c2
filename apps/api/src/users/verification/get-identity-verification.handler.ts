import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { parseUserLocator } from '@paykit/identity';
import { getOrThrow } from '@paykit/kernel';
import type { Caller } from '../../http/caller.js';
import { IdentityVerificationService, type VerificationView } from '../identity-verification.service.js';

/**
 * `GET /2025-06-09/users/{userLocator}/identity-verification`: the user's eligibility for onramp
 * and offramp. While a check is open the provider is asked, and a changed answer is recorded on
 * the user (in the caller's name), so the query carries the caller.
 */
export class GetIdentityVerification extends Query<VerificationView> {
  constructor(
    readonly caller: Caller,
    readonly userLocator: string,
  ) {
    super();
  }
}

@QueryHandler(GetIdentityVerification)
export class GetIdentityVerificationHandler implements IQueryHandler<GetIdentityVerification> {
  constructor(private readonly verification: IdentityVerificationService) {}

  execute({ caller, userLocator }: GetIdentityVerification): Promise<VerificationView> {
    return this.verification.view(caller.context, getOrThrow(parseUserLocator(userLocator)));
  }
}
