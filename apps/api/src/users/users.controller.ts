import { Body, Controller, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  IdentityVerificationResponse,
  LinkWalletBody,
  LinkedWalletParams,
  LinkedWalletResponse,
  PutUserBody,
  UserLocatorParams,
  UserResponse,
} from '@paykit/contracts';
import { Scopes } from '../auth/scopes.js';
import { type Caller, CallerOf } from '../http/caller.js';
import { Route } from '../http/routes/route.decorator.js';
import { PutUserDetails } from './details/put-user-details.handler.js';
import { LinkWallet } from './linked-wallets/link-wallet.handler.js';
import { GetIdentityVerification } from './verification/get-identity-verification.handler.js';
import { StartIdentityVerification } from './verification/start-identity-verification.handler.js';

const TAGS = ['Users'];

@Controller()
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'PUT',
    path: '2025-06-09/users/:userLocator',
    tags: TAGS,
    summary: 'Save a user’s details and KYC data',
    description:
      'Each section sent (userDetails, kycData) replaces the stored one; sections left out are kept. Personal data: never logged.',
    scope: Scopes.usersCreate,
    params: UserLocatorParams,
    body: PutUserBody,
    responses: { 200: UserResponse },
  })
  put(
    @CallerOf() caller: Caller,
    @Param('userLocator') userLocator: string,
    @Body() body: PutUserBody,
  ): Promise<UserResponse> {
    return this.commands.execute(new PutUserDetails(caller, userLocator, body));
  }

  @Route({
    method: 'PUT',
    path: '2025-06-09/users/:userLocator/identity-verification',
    tags: TAGS,
    summary: 'Start the user’s identity verification',
    description:
      'Opens the KYC provider’s check once the data and documents an onramp needs are on record (422 identity_data_missing ' +
      'lists what is missing). Repeating it while a check exists changes nothing.',
    scope: Scopes.usersCreate,
    params: UserLocatorParams,
    responses: { 200: IdentityVerificationResponse },
  })
  start(@CallerOf() caller: Caller, @Param('userLocator') userLocator: string): Promise<IdentityVerificationResponse> {
    return this.commands.execute(new StartIdentityVerification(caller, userLocator));
  }

  @Route({
    method: 'GET',
    path: '2025-06-09/users/:userLocator/identity-verification',
    tags: TAGS,
    summary: 'The user’s eligibility for onramp and offramp',
    scope: Scopes.usersRead,
    params: UserLocatorParams,
    responses: { 200: IdentityVerificationResponse },
  })
  status(@CallerOf() caller: Caller, @Param('userLocator') userLocator: string): Promise<IdentityVerificationResponse> {
    return this.queries.execute(new GetIdentityVerification(caller, userLocator));
  }

  @Route({
    method: 'PUT',
    path: '2025-06-09/users/:userLocator/linked-wallets/:address',
    tags: TAGS,
    summary: 'Link an external wallet to the user',
    description:
      'Without proof: answers a CAIP-122 challenge (ownership.verificationChallenge.message) for the wallet to sign. With proof ' +
      '(that signature): verifies it and marks the wallet verified. Only verified wallets receive onramp deliveries.',
    scope: Scopes.usersCreate,
    params: LinkedWalletParams,
    body: LinkWalletBody,
    responses: { 200: LinkedWalletResponse },
  })
  link(
    @CallerOf() caller: Caller,
    @Param('userLocator') userLocator: string,
    @Param('address') address: string,
    @Body() body: LinkWalletBody,
  ): Promise<LinkedWalletResponse> {
    return this.commands.execute(new LinkWallet(caller, userLocator, address, body));
  }
}
