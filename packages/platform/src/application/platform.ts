import { randomIds, systemClock } from '@paykit/kernel';
import type { EventStore } from '@paykit/event-store';
import type { Environment } from '../domain/environment.js';
import type { Project } from '../domain/project/project.js';
import { ApiKeysService } from './api-keys-service.js';
import type { Caller, PlatformDeps } from './deps.js';
import { FIRST_RUN_ACTOR, FIRST_RUN_PROJECT_NAME, claimFirstRun } from './first-run.js';
import { type CreateProjectInput, ProjectsService } from './projects-service.js';
import { OperatorsService } from './operators-service.js';
import { SecretBox } from './secrets/secret-box.js';

export interface ProvisionedProject {
  readonly project: Project;
  /** Holds every scope. */
  readonly serverKey: string;
  /** Holds the client-side default scopes. */
  readonly clientKey: string;
}

/** The platform's application services, shared by the API and the admin CLI. */
export class Platform {
  readonly projects: ProjectsService;
  readonly apiKeys: ApiKeysService;
  readonly operators: OperatorsService;

  constructor(private readonly deps: PlatformDeps) {
    this.projects = new ProjectsService(deps);
    this.apiKeys = new ApiKeysService(deps, this.projects);
    this.operators = new OperatorsService(deps, this.projects);
  }

  /** A project with one server key (every scope) and one client key (client-side defaults). */
  async provisionProject(input: CreateProjectInput, caller: Caller): Promise<ProvisionedProject> {
    const created = await this.projects.create(input, caller);
    const server = await this.apiKeys.issue({ projectId: created.projectId, kind: 'server' }, caller);
    const client = await this.apiKeys.issue({ projectId: created.projectId, kind: 'client' }, caller);
    const project = await this.projects.require(created.projectId);
    return { project, serverKey: server.key, clientKey: client.key };
  }

  /**
   * On a store with no project yet, a development project and its keys (the only time the raw
   * keys exist); null on every later start, and for all but one of several instances racing.
   */
  async provisionFirstRunProject(environment: Environment): Promise<ProvisionedProject | null> {
    if (!(await this.projects.isEmpty())) return null;
    if (!(await claimFirstRun(this.deps))) return null;
    return this.provisionProject({ name: FIRST_RUN_PROJECT_NAME, environment }, { actor: FIRST_RUN_ACTOR });
  }
}

/** A Platform on a store with the system clock, random ids and the given secrets key. */
export const createPlatform = (store: EventStore, secretsKey: Uint8Array): Platform =>
  new Platform({ store, clock: systemClock, ids: randomIds, secrets: new SecretBox(secretsKey) });
