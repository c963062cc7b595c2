import { type Project, jwtRulesInForce } from '@paykit/platform';
import type { ProjectResponse } from './projects.contract.js';

export const presentProject = (project: Project): ProjectResponse => ({
  projectId: project.projectId,
  name: project.name,
  environment: project.environment,
  createdAt: project.createdAt,
  jwtVerification: project.jwt?.type ?? null,
  jwtRules: project.jwt === null ? null : jwtRulesInForce(project.jwt),
});
