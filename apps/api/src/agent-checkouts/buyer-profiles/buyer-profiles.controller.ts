import { Body, Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type BuyerProfile,
  type BuyerProfileCreateBody,
  type BuyerProfileUpdateBody,
  buyerProfileCreateBodySchema,
  buyerProfileListQuerySchema,
  buyerProfileListResponseSchema,
  buyerProfileParamsSchema,
  buyerProfileSchema,
  buyerProfileUpdateBodySchema,
} from '@paykit/contracts';
import type { z } from 'zod';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import type { Page } from '../../http/pagination/newest-first-page.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ownerOf } from '../shared/owner.js';
import { AGENT_CHECKOUTS_TAG, BUYER_PROFILES_PATH } from '../shared/routes.js';
import { CreateBuyerProfile } from './create/create-buyer-profile.handler.js';
import { DeleteBuyerProfile } from './delete/delete-buyer-profile.handler.js';
import { GetBuyerProfile } from './read/get-buyer-profile.handler.js';
import { ListBuyerProfiles } from './read/list-buyer-profiles.handler.js';
import { UpdateBuyerProfile } from './update/update-buyer-profile.handler.js';

const tags = AGENT_CHECKOUTS_TAG;

/** Who buys and where it ships, per subject. Never payment data (unknown fields are refused). */
@Controller()
export class BuyerProfilesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route({
    method: 'POST',
    path: BUYER_PROFILES_PATH,
    tags,
    summary: 'Create a buyer profile (name, contact, shipping address; no payment data)',
    scope: Scopes.agentCheckoutsBuyerProfilesCreate,
    body: buyerProfileCreateBodySchema,
    responses: { 201: buyerProfileSchema },
  })
  create(@CallerOf() { principal }: Caller, @Body() body: BuyerProfileCreateBody): Promise<BuyerProfile> {
    return this.commands.execute(new CreateBuyerProfile(ownerOf(principal), body));
  }

  @Route({
    method: 'GET',
    path: BUYER_PROFILES_PATH,
    tags,
    summary: "The caller's buyer profiles, newest first",
    scope: Scopes.agentCheckoutsBuyerProfilesRead,
    query: buyerProfileListQuerySchema,
    responses: { 200: buyerProfileListResponseSchema },
  })
  list(
    @CallerOf() { principal }: Caller,
    @Query() query: z.output<typeof buyerProfileListQuerySchema>,
  ): Promise<Page<BuyerProfile>> {
    return this.queries.execute(new ListBuyerProfiles(ownerOf(principal), query));
  }

  @Route({
    method: 'GET',
    path: `${BUYER_PROFILES_PATH}/:id`,
    tags,
    summary: 'A buyer profile of the caller',
    scope: Scopes.agentCheckoutsBuyerProfilesRead,
    params: buyerProfileParamsSchema,
    responses: { 200: buyerProfileSchema },
  })
  get(@CallerOf() { principal }: Caller, @Param('id') id: string): Promise<BuyerProfile> {
    return this.queries.execute(new GetBuyerProfile(ownerOf(principal), id));
  }

  @Route({
    method: 'PATCH',
    path: `${BUYER_PROFILES_PATH}/:id`,
    tags,
    summary: 'Change a buyer profile: given fields replace the stored ones, null removes an optional one',
    scope: Scopes.agentCheckoutsBuyerProfilesUpdate,
    params: buyerProfileParamsSchema,
    body: buyerProfileUpdateBodySchema,
    responses: { 200: buyerProfileSchema },
  })
  update(
    @CallerOf() { principal }: Caller,
    @Param('id') id: string,
    @Body() body: BuyerProfileUpdateBody,
  ): Promise<BuyerProfile> {
    return this.commands.execute(new UpdateBuyerProfile(ownerOf(principal), id, body));
  }

  @Route({
    method: 'DELETE',
    path: `${BUYER_PROFILES_PATH}/:id`,
    tags,
    summary: 'Delete a buyer profile',
    scope: Scopes.agentCheckoutsBuyerProfilesDelete,
    params: buyerProfileParamsSchema,
    responses: { 204: null },
  })
  delete(@CallerOf() { principal }: Caller, @Param('id') id: string): Promise<void> {
    return this.commands.execute(new DeleteBuyerProfile(ownerOf(principal), id));
  }
}
