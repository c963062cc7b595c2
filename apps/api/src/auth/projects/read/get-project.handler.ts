import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Platform } from '@paykit/platform';
import { ownedBy } from '../../ownership.js';
import { PLATFORM } from '../../platform.provider.js';
import type { Principal } from '../../principal.js';
import { presentProject } from '../project-resource.js';
import type { ProjectResponse } from '../projects.contract.js';

/** `GET /unstable/projects/{projectId}`: only the caller's own project; any other id is a 404. */
export class GetProject extends Query<ProjectResponse> {
  constructor(
    readonly principal: Principal,
    readonly projectId: string,
  ) {
    super();
  }
}

@QueryHandler(GetProject)
export class GetProjectHandler implements IQueryHandler<GetProject> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ principal, projectId }: GetProject): Promise<ProjectResponse> {
    const project = ownedBy(principal)(
      projectId === principal.projectId ? await this.platform.projects.get(projectId) : null,
    );
    return presentProject(project);
  }
}
