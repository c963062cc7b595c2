import * as E from 'fp-ts/lib/Either.js';
import { type Decider, type DomainError, conflict, domainError, invalid } from '@paykit/kernel';
import type { Environment } from '../environment.js';
import { isEnvironment } from '../environment.js';
import type { ApiKeyKind } from '../api-key/api-key-format.js';
import { type JwtRules, type JwtVerification, validateJwtVerification } from './jwt-verification.js';

/** A change of some of the rules (ADR 0310): a value sets it, null clears it, absent keeps it. */
export type JwtRulesChange = { readonly [Rule in keyof JwtRules]?: JwtRules[Rule] | null };

/**
 * A project: the tenant every resource belongs to. Its stream also indexes its API keys
 * (id, hash, display prefix, kind), for listing and revocation by prefix; each key's scopes
 * and status live in the key's own stream.
 */
export interface ApiKeyIndexEntry {
  readonly keyId: string;
  readonly keyHash: string;
  readonly displayPrefix: string;
  readonly kind: ApiKeyKind;
  readonly registeredAt: string;
}

export type ProjectCommand =
  | {
      readonly type: 'CreateProject';
      readonly data: {
        readonly projectId: string;
        readonly name: string;
        readonly environment: Environment;
        readonly jwt: JwtVerification | null;
        readonly createdAt: string;
      };
    }
  | {
      readonly type: 'ConfigureProjectJwt';
      readonly data: { readonly jwt: JwtVerification | null; readonly configuredAt: string };
    }
  | {
      readonly type: 'ConfigureProjectJwtRules';
      readonly data: { readonly rules: JwtRulesChange; readonly configuredAt: string };
    }
  | {
      readonly type: 'RegisterApiKey';
      readonly data: ApiKeyIndexEntry & { readonly environment: Environment };
    };

export type ProjectEvent =
  | {
      readonly type: 'ProjectCreated';
      readonly data: {
        readonly projectId: string;
        readonly name: string;
        readonly environment: Environment;
        readonly createdAt: string;
      };
    }
  | {
      readonly type: 'ProjectJwtConfigured';
      readonly data: {
        readonly projectId: string;
        readonly jwt: JwtVerification | null;
        readonly configuredAt: string;
      };
    }
  | { readonly type: 'ProjectApiKeyRegistered'; readonly data: ApiKeyIndexEntry & { readonly projectId: string } };

export interface Project {
  readonly projectId: string;
  readonly name: string;
  readonly environment: Environment;
  readonly jwt: JwtVerification | null;
  readonly createdAt: string;
  readonly keys: readonly ApiKeyIndexEntry[];
}

export type ProjectState = { readonly status: 'absent' } | ({ readonly status: 'active' } & Project);

export const PROJECT_NAME_MAX_LENGTH = 100;

const projectNotFound = (): DomainError => domainError('not_found', 'project_not_found', 'Project not found');

const create = (
  command: Extract<ProjectCommand, { type: 'CreateProject' }>['data'],
  state: ProjectState,
): E.Either<DomainError, readonly ProjectEvent[]> => {
  if (state.status !== 'absent') return E.left(conflict('project_exists', 'The project already exists'));
  const name = command.name.trim();
  if (name.length === 0 || name.length > PROJECT_NAME_MAX_LENGTH) {
    return E.left(invalid('invalid_project_name', `A project name has 1 to ${PROJECT_NAME_MAX_LENGTH} characters`));
  }
  if (!isEnvironment(command.environment)) {
    return E.left(invalid('invalid_environment', 'The environment must be staging or production'));
  }
  const created: ProjectEvent = {
    type: 'ProjectCreated',
    data: { projectId: command.projectId, name, environment: command.environment, createdAt: command.createdAt },
  };
  if (command.jwt === null) return E.right([created]);
  return E.map((jwt: JwtVerification): readonly ProjectEvent[] => [
    created,
    { type: 'ProjectJwtConfigured', data: { projectId: command.projectId, jwt, configuredAt: command.createdAt } },
  ])(validateJwtVerification(command.jwt));
};

const configureJwt = (
  command: Extract<ProjectCommand, { type: 'ConfigureProjectJwt' }>['data'],
  state: ProjectState,
): E.Either<DomainError, readonly ProjectEvent[]> => {
  if (state.status === 'absent') return E.left(projectNotFound());
  if (command.jwt === null) {
    return E.right(
      state.jwt === null
        ? []
        : [
            {
              type: 'ProjectJwtConfigured',
              data: { projectId: state.projectId, jwt: null, configuredAt: command.configuredAt },
            },
          ],
    );
  }
  return E.map((jwt: JwtVerification): readonly ProjectEvent[] => [
    { type: 'ProjectJwtConfigured', data: { projectId: state.projectId, jwt, configuredAt: command.configuredAt } },
  ])(validateJwtVerification(command.jwt));
};

const ruleAfter = <Rule extends keyof JwtRules>(
  rule: Rule,
  current: JwtRules[Rule],
  change: JwtRules[Rule] | null | undefined,
): JwtRules => {
  const value = change === undefined ? current : change;
  return value === null || value === undefined ? {} : { [rule]: value };
};

const configureJwtRules = (
  command: Extract<ProjectCommand, { type: 'ConfigureProjectJwtRules' }>['data'],
  state: ProjectState,
): E.Either<DomainError, readonly ProjectEvent[]> => {
  if (state.status === 'absent') return E.left(projectNotFound());
  if (state.jwt === null) {
    return E.left(
      invalid('invalid_jwt_configuration', 'Configure how the JWTs are verified (a secret, key or JWKS URL) first'),
    );
  }
  const { issuer, audience, maxLifetimeSeconds, ...key } = state.jwt;
  const { rules } = command;
  const jwt: JwtVerification = {
    ...key,
    ...ruleAfter('issuer', issuer, rules.issuer),
    ...ruleAfter('audience', audience, rules.audience),
    ...ruleAfter('maxLifetimeSeconds', maxLifetimeSeconds, rules.maxLifetimeSeconds),
  };
  if (JSON.stringify(jwt) === JSON.stringify(state.jwt)) return E.right([]);
  return configureJwt({ jwt, configuredAt: command.configuredAt }, state);
};

const registerKey = (
  command: Extract<ProjectCommand, { type: 'RegisterApiKey' }>['data'],
  state: ProjectState,
): E.Either<DomainError, readonly ProjectEvent[]> => {
  if (state.status === 'absent') return E.left(projectNotFound());
  if (command.environment !== state.environment) {
    return E.left(
      invalid(
        'environment_mismatch',
        `The project is a ${state.environment} project: its keys are ${state.environment} keys`,
      ),
    );
  }
  if (state.keys.some((key) => key.keyId === command.keyId || key.keyHash === command.keyHash)) {
    return E.left(conflict('api_key_exists', 'This key is already registered'));
  }
  if (state.keys.some((key) => key.displayPrefix === command.displayPrefix)) {
    return E.left(conflict('api_key_prefix_taken', 'Another key of this project has the same display prefix'));
  }
  const { environment: _environment, ...entry } = command;
  return E.right([{ type: 'ProjectApiKeyRegistered', data: { projectId: state.projectId, ...entry } }]);
};

export const projectDecider: Decider<ProjectCommand, ProjectEvent, ProjectState, DomainError> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateProject':
        return create(command.data, state);
      case 'ConfigureProjectJwt':
        return configureJwt(command.data, state);
      case 'ConfigureProjectJwtRules':
        return configureJwtRules(command.data, state);
      case 'RegisterApiKey':
        return registerKey(command.data, state);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ProjectCreated':
        return { status: 'active', ...event.data, jwt: null, keys: [] };
      case 'ProjectJwtConfigured':
        return state.status === 'absent' ? state : { ...state, jwt: event.data.jwt };
      case 'ProjectApiKeyRegistered': {
        if (state.status === 'absent') return state;
        const { projectId: _projectId, ...entry } = event.data;
        return { ...state, keys: [...state.keys, entry] };
      }
    }
  },
};

/** Finds a key of the project by its display prefix (what `key list` shows). */
export const findKeyByPrefix = (project: Project, displayPrefix: string): ApiKeyIndexEntry | undefined =>
  project.keys.find((key) => key.displayPrefix === displayPrefix);
