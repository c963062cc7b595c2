import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { calendarDayOf, missingBeforeVerification, parseUserLocator } from '@paykit/identity';
import { DomainException, domainError, getOrThrow } from '@paykit/kernel';
import { UserDocuments } from '../../documents/user-documents.js';
import type { Caller } from '../../http/caller.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import {
  IdentityVerificationService,
  type VerificationView,
  dataItemsOnRecord,
} from '../identity-verification.service.js';

/** `PUT /2025-06-09/users/{userLocator}/identity-verification`: starts the check once the data it needs is on record. */
export class StartIdentityVerification extends Command<VerificationView> {
  constructor(
    readonly caller: Caller,
    readonly userLocator: string,
  ) {
    super();
  }
}

/** A user with a check keeps it: repeating the request changes nothing. */
@CommandHandler(StartIdentityVerification)
export class StartIdentityVerificationHandler implements ICommandHandler<StartIdentityVerification> {
  constructor(
    private readonly verification: IdentityVerificationService,
    private readonly documents: UserDocuments,
    private readonly aggregates: Aggregates,
  ) {}

  async execute({ caller, userLocator }: StartIdentityVerification): Promise<VerificationView> {
    const { context } = caller;
    const user = getOrThrow(parseUserLocator(userLocator));
    const state = await this.verification.stateOf(context.projectId, user);
    if (state.verification === null) {
      const missing = missingBeforeVerification({
        dataItems: dataItemsOnRecord(state, user),
        documents: await this.documents.documentsOf(context.projectId, user),
        today: calendarDayOf(this.aggregates.now()),
      });
      if (missing.data.length > 0 || missing.documents.length > 0) {
        throw new DomainException(
          domainError(
            'unprocessable',
            'identity_data_missing',
            'The identity check needs more data or documents first',
            {
              missingData: missing.data,
              missingDocuments: missing.documents,
            },
          ),
        );
      }
      await this.verification.open(context, user, state);
    }
    return this.verification.view(context, user);
  }
}
