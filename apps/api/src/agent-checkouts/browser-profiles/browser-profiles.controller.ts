import { Body, Controller, Inject, Param, Query } from '@nestjs/common';
import {
  type BrowserProfile,
  browserProfileCreateBodySchema,
  browserProfileListQuerySchema,
  browserProfileListResponseSchema,
  browserProfileParamsSchema,
  browserProfileSchema,
  browserProfileUpdateBodySchema,
} from '@paykit/contracts';
import type { z } from 'zod';
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { Scopes } from '../../auth/scopes.js';
import { Route } from '../../http/routes/route.decorator.js';
import { callerOf } from '../shared/caller-of.js';
import { AGENT_CHECKOUTS_TAG, BROWSER_PROFILES_PATH } from '../shared/routes.js';
import { BrowserProfilesService } from './browser-profiles.service.js';

const tags = AGENT_CHECKOUTS_TAG;

/** A subject's saved browser state (logins) for runs, at most one live profile per subject. */
@Controller()
export class BrowserProfilesController {
  constructor(@Inject(BrowserProfilesService) private readonly profiles: BrowserProfilesService) {}

  @Route({
    method: 'POST',
    path: BROWSER_PROFILES_PATH,
    tags,
    summary: 'Create the browser profile of the caller (409 when the caller already has one)',
    scope: Scopes.agentCheckoutsBrowserProfilesCreate,
    body: browserProfileCreateBodySchema,
    responses: { 201: browserProfileSchema },
  })
  create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: z.output<typeof browserProfileCreateBodySchema>,
  ): Promise<BrowserProfile> {
    return this.profiles.create(callerOf(principal), body.label);
  }

  @Route({
    method: 'GET',
    path: BROWSER_PROFILES_PATH,
    tags,
    summary: "The caller's browser profiles",
    scope: Scopes.agentCheckoutsBrowserProfilesRead,
    query: browserProfileListQuerySchema,
    responses: { 200: browserProfileListResponseSchema },
  })
  list(@CurrentPrincipal() principal: Principal, @Query() query: z.output<typeof browserProfileListQuerySchema>) {
    return this.profiles.list(callerOf(principal), query);
  }

  @Route({
    method: 'GET',
    path: `${BROWSER_PROFILES_PATH}/:id`,
    tags,
    summary: 'A browser profile of the caller (404 once deleted)',
    scope: Scopes.agentCheckoutsBrowserProfilesRead,
    params: browserProfileParamsSchema,
    responses: { 200: browserProfileSchema },
  })
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<BrowserProfile> {
    return this.profiles.get(callerOf(principal), id);
  }

  @Route({
    method: 'PATCH',
    path: `${BROWSER_PROFILES_PATH}/:id`,
    tags,
    summary: 'Rename a browser profile',
    scope: Scopes.agentCheckoutsBrowserProfilesUpdate,
    params: browserProfileParamsSchema,
    body: browserProfileUpdateBodySchema,
    responses: { 200: browserProfileSchema },
  })
  rename(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: z.output<typeof browserProfileUpdateBodySchema>,
  ): Promise<BrowserProfile> {
    return this.profiles.rename(callerOf(principal), id, body.label);
  }

  @Route({
    method: 'DELETE',
    path: `${BROWSER_PROFILES_PATH}/:id`,
    tags,
    summary:
      'Delete a browser profile: gone at once for new runs, its saved state erased irreversibly once the runs using it finish',
    description:
      'Success (204, no body) means the profile is deleted and its erasure is scheduled. Runs already using the profile ' +
      'continue; the saved browser state (the logins) is erased after they finish. A 503 means the erasure could not be ' +
      'scheduled and the profile is intact: retry.',
    scope: Scopes.agentCheckoutsBrowserProfilesDelete,
    params: browserProfileParamsSchema,
    responses: { 204: null },
  })
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.profiles.delete(callerOf(principal), id);
  }
}
