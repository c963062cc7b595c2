import { Controller, Inject, Param } from '@nestjs/common';
import { type Platform, type Project } from '@paykit/platform';
import { Authenticator } from '../authenticator.js';
import { Route } from '../../http/routes/route.decorator.js';
import { CurrentPrincipal } from '../current-principal.decorator.js';
import { ownedBy } from '../ownership.js';
import { PLATFORM } from '../platform.provider.js';
import type { Principal } from '../principal.js';
import { Scopes } from '../scopes.js';
import { CurrentProjectResponse, ProjectParams, ProjectResponse } from './projects.contract.js';

const present = (project: Project): ProjectResponse => ({
  projectId: project.projectId,
  name: project.name,
  environment: project.environment,
  createdAt: project.createdAt,
  jwtVerification: project.jwt?.type ?? null,
});

/** The caller's own project. Every key holds projects.read, so any valid key may ask. */
@Controller()
export class ProjectsController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    @Inject(Authenticator) private readonly authenticator: Authenticator,
  ) {}

  @Route({
    method: 'GET',
    path: 'unstable/projects/current',
    tags: ['Projects'],
    summary: 'The project of the API key used, with the key’s prefix and scopes',
    scope: Scopes.projectsRead,
    responses: { 200: CurrentProjectResponse },
  })
  async current(@CurrentPrincipal() principal: Principal): Promise<CurrentProjectResponse> {
    const project = await this.authenticator.project(principal.projectId);
    return {
      ...present(project),
      apiKey: { prefix: principal.keyPrefix, kind: principal.keyKind, scopes: [...principal.scopes] },
      userId: principal.userId,
    };
  }

  @Route({
    method: 'GET',
    path: 'unstable/projects/:projectId',
    tags: ['Projects'],
    summary: 'A project by id: only the caller’s own (any other id is a 404)',
    scope: Scopes.projectsRead,
    params: ProjectParams,
    responses: { 200: ProjectResponse },
  })
  async get(@CurrentPrincipal() principal: Principal, @Param('projectId') projectId: string): Promise<ProjectResponse> {
    const project = ownedBy(principal)(projectId === principal.projectId ? await this.platform.projects.get(projectId) : null);
    return present(project);
  }
}
