import { Controller, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { Scopes } from '../scopes.js';
import { CurrentProjectResponse, ProjectParams, ProjectResponse } from './projects.contract.js';
import { GetCurrentProject } from './read/get-current-project.handler.js';
import { GetProject } from './read/get-project.handler.js';

/** The caller's own project. Every key holds projects.read, so any valid key may ask. */
@Controller()
export class ProjectsController {
  constructor(private readonly queries: QueryBus) {}

  @Route({
    method: 'GET',
    path: 'unstable/projects/current',
    tags: ['Projects'],
    summary: 'The project of the API key used, with the key’s prefix and scopes',
    scope: Scopes.projectsRead,
    responses: { 200: CurrentProjectResponse },
  })
  current(@CallerOf() { principal }: Caller): Promise<CurrentProjectResponse> {
    return this.queries.execute(new GetCurrentProject(principal));
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
  get(@CallerOf() { principal }: Caller, @Param('projectId') projectId: string): Promise<ProjectResponse> {
    return this.queries.execute(new GetProject(principal, projectId));
  }
}
