import { Body, Controller, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
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
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import type { Page } from '../../http/pagination/newest-first-page.js';
import { Route } from '../../http/routes/route.decorator.js';
import { ownerOf } from '../shared/owner.js';
import { AGENT_CHECKOUTS_TAG, BROWSER_PROFILES_PATH } from '../shared/routes.js';
import { CreateBrowserProfile } from './create/create-browser-profile.handler.js';
import { DeleteBrowserProfile } from './delete/delete-browser-profile.handler.js';
import { GetBrowserProfile } from './read/get-browser-profile.handler.js';
import { ListBrowserProfiles } from './read/list-browser-profiles.handler.js';
import { RenameBrowserProfile } from './rename/rename-browser-profile.handler.js';

const tags = AGENT_CHECKOUTS_TAG;

/** A subject's saved browser state (logins) for runs, at most one live profile per subject. */
@Controller()
export class BrowserProfilesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

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
    @CallerOf() { principal }: Caller,
    @Body() body: z.output<typeof browserProfileCreateBodySchema>,
  ): Promise<BrowserProfile> {
    return this.commands.execute(new CreateBrowserProfile(ownerOf(principal), body.label));
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
  list(
    @CallerOf() { principal }: Caller,
    @Query() query: z.output<typeof browserProfileListQuerySchema>,
  ): Promise<Page<BrowserProfile>> {
    return this.queries.execute(new ListBrowserProfiles(ownerOf(principal), query));
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
  get(@CallerOf() { principal }: Caller, @Param('id') id: string): Promise<BrowserProfile> {
    return this.queries.execute(new GetBrowserProfile(ownerOf(principal), id));
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
    @CallerOf() { principal }: Caller,
    @Param('id') id: string,
    @Body() body: z.output<typeof browserProfileUpdateBodySchema>,
  ): Promise<BrowserProfile> {
    return this.commands.execute(new RenameBrowserProfile(ownerOf(principal), id, body.label));
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
  delete(@CallerOf() { principal }: Caller, @Param('id') id: string): Promise<void> {
    return this.commands.execute(new DeleteBrowserProfile(ownerOf(principal), id));
  }
}
