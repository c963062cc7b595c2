import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Authenticator } from '../../authenticator.js';
import type { Principal } from '../../principal.js';
import { presentProject } from '../project-resource.js';
import type { CurrentProjectResponse } from '../projects.contract.js';

/** `GET /unstable/projects/current`: the project of the key used, with the key's prefix and scopes. */
export class GetCurrentProject extends Query<CurrentProjectResponse> {
  constructor(readonly principal: Principal) {
    super();
  }
}

@QueryHandler(GetCurrentProject)
export class GetCurrentProjectHandler implements IQueryHandler<GetCurrentProject> {
  constructor(@Inject(Authenticator) private readonly authenticator: Authenticator) {}

  async execute({ principal }: GetCurrentProject): Promise<CurrentProjectResponse> {
    const project = await this.authenticator.project(principal.projectId);
    return {
      ...presentProject(project),
      apiKey: { prefix: principal.keyPrefix, kind: principal.keyKind, scopes: [...principal.scopes] },
      userId: principal.userId,
    };
  }
}
