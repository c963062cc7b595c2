import { Body, Controller, Inject, Param, Query } from '@nestjs/common';
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
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { Scopes } from '../../auth/scopes.js';
import { Route } from '../../http/routes/route.decorator.js';
import { callerOf } from '../shared/caller-of.js';
import { AGENT_CHECKOUTS_TAG, BUYER_PROFILES_PATH } from '../shared/routes.js';
import { BuyerProfilesService } from './buyer-profiles.service.js';

const tags = AGENT_CHECKOUTS_TAG;

/** Who buys and where it ships, per subject. Never payment data (unknown fields are refused). */
@Controller()
export class BuyerProfilesController {
  constructor(@Inject(BuyerProfilesService) private readonly profiles: BuyerProfilesService) {}

  @Route({
    method: 'POST',
    path: BUYER_PROFILES_PATH,
    tags,
    summary: 'Create a buyer profile (name, contact, shipping address; no payment data)',
    scope: Scopes.agentCheckoutsBuyerProfilesCreate,
    body: buyerProfileCreateBodySchema,
    responses: { 201: buyerProfileSchema },
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: BuyerProfileCreateBody): Promise<BuyerProfile> {
    return this.profiles.create(callerOf(principal), body);
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
  list(@CurrentPrincipal() principal: Principal, @Query() query: z.output<typeof buyerProfileListQuerySchema>) {
    return this.profiles.list(callerOf(principal), query);
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
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BuyerProfile> {
    return this.profiles.get(callerOf(principal), id);
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
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: BuyerProfileUpdateBody,
  ): Promise<BuyerProfile> {
    return this.profiles.update(callerOf(principal), id, body);
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
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.profiles.delete(callerOf(principal), id);
  }
}
