import { type CommandContext, DomainException, domainError, envelope, getOrThrow } from '@paykit/kernel';
import type { Environment } from '../domain/environment.js';
import {
  type JwtRulesChange,
  type Project,
  type ProjectCommand,
  type ProjectState,
  projectDecider,
} from '../domain/project/project.js';
import { PROJECT_REGISTRY_STREAM, projectStream } from '../domain/streams.js';
import type { Caller, PlatformDeps } from './deps.js';
import { loadAggregate, runCommand } from './run-command.js';
import { type JwtInput, toJwtVerification } from './jwt-input.js';

export interface CreateProjectInput {
  readonly name: string;
  readonly environment: Environment;
  readonly jwt?: JwtInput | null;
}

/** An entry of the project registry: an index, the project's own stream is the truth. */
interface ProjectRegistered {
  readonly type: 'ProjectRegistered';
  readonly data: { readonly projectId: string; readonly registeredAt: string };
}

export const projectNotFound = (): DomainException =>
  new DomainException(domainError('not_found', 'project_not_found', 'Project not found'));

export class ProjectsService {
  constructor(private readonly deps: PlatformDeps) {}

  async create(input: CreateProjectInput, caller: Caller): Promise<Project> {
    const projectId = this.deps.ids.uuid();
    const createdAt = this.deps.clock.now().toISOString();
    const jwt = input.jwt ? toJwtVerification(input.jwt, projectId, this.deps.secrets) : null;
    const command = {
      type: 'CreateProject',
      data: { projectId, name: input.name, environment: input.environment, jwt, createdAt },
    } as const;
    // Refuse bad input before the registry learns of the project.
    getOrThrow(projectDecider.decide(command, projectDecider.initialState()));
    const context = this.context(projectId, caller);
    // Registry first: if the process dies in between, the registry holds an id with no project
    // (skipped when listing), never a project that no listing shows.
    const registered: ProjectRegistered = { type: 'ProjectRegistered', data: { projectId, registeredAt: createdAt } };
    await this.deps.store.appendToStream(PROJECT_REGISTRY_STREAM, [
      envelope(registered, context, { eventId: this.deps.ids.uuid(), occurredAt: new Date(createdAt) }),
    ]);
    const { state } = await runCommand(this.deps, projectDecider, projectStream(projectId), command, context);
    return this.present(state);
  }

  async configureJwt(projectId: string, jwt: JwtInput | null, caller: Caller): Promise<Project> {
    const command = {
      type: 'ConfigureProjectJwt',
      data: {
        jwt: jwt ? toJwtVerification(jwt, projectId, this.deps.secrets) : null,
        configuredAt: this.deps.clock.now().toISOString(),
      },
    } as const;
    return this.change(projectId, command, caller);
  }

  /** Changes the issuer, audience or lifetime rules (ADR 0310) and keeps the key; the project needs one. */
  async configureJwtRules(projectId: string, rules: JwtRulesChange, caller: Caller): Promise<Project> {
    const command = {
      type: 'ConfigureProjectJwtRules',
      data: { rules, configuredAt: this.deps.clock.now().toISOString() },
    } as const;
    return this.change(projectId, command, caller);
  }

  async get(projectId: string): Promise<Project | null> {
    const { state } = await loadAggregate(this.deps.store, projectDecider, projectStream(projectId));
    return state.status === 'absent' ? null : withoutStatus(state);
  }

  async require(projectId: string): Promise<Project> {
    const project = await this.get(projectId);
    if (!project) throw projectNotFound();
    return project;
  }

  /** Every project, oldest first. Reads each project's stream: an admin listing, not a hot path. */
  async list(): Promise<Project[]> {
    const projects: Project[] = [];
    for await (const entry of this.deps.store.readStream(PROJECT_REGISTRY_STREAM)) {
      const project = await this.get((entry.data as ProjectRegistered['data']).projectId);
      if (project) projects.push(project);
    }
    return projects;
  }

  async isEmpty(): Promise<boolean> {
    for await (const _entry of this.deps.store.readStream(PROJECT_REGISTRY_STREAM, { maxCount: 1 })) return false;
    return true;
  }

  /** The plaintext HS256 secret, for verifying a JWT: never log or return it. */
  hs256Secret(project: Project): string | null {
    return project.jwt?.type === 'hs256' ? this.deps.secrets.open(project.jwt.sealedSecret, project.projectId) : null;
  }

  private async change(projectId: string, command: ProjectCommand, caller: Caller): Promise<Project> {
    const { state } = await runCommand(
      this.deps,
      projectDecider,
      projectStream(projectId),
      command,
      this.context(projectId, caller),
    );
    return this.present(state);
  }

  private context(projectId: string, caller: Caller): CommandContext {
    return { projectId, actor: caller.actor, correlationId: caller.correlationId ?? this.deps.ids.uuid() };
  }

  private present(state: ProjectState): Project {
    if (state.status === 'absent') throw projectNotFound();
    return withoutStatus(state);
  }
}

const withoutStatus = ({ status: _status, ...project }: { status: 'active' } & Project): Project => project;
