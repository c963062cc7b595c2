import type { DomainError } from '@paykit/kernel';
import { DeciderSpecification, refusal } from '@paykit/kernel/testing';
import { type ApiKeyCommand, type ApiKeyEvent, apiKeyDecider } from '../../src/domain/api-key/api-key.js';
import { type ProjectCommand, type ProjectEvent, projectDecider } from '../../src/domain/project/project.js';
import type { JwtVerification } from '../../src/domain/project/jwt-verification.js';

// The API turns a refusal into its error body `{ error, message, code, parameters }`: clients
// branch on the code and read the parameters, people (and the CLI) read the message. So each
// refusal of a project or a key is held to all of it: kind (the status), code, message and
// exactly its parameters.

const at = '2026-01-01T00:00:00.000Z';
const PEM = '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----\n';

const created: ProjectEvent = {
  type: 'ProjectCreated',
  data: { projectId: 'p-1', name: 'Shop', environment: 'staging', createdAt: at },
};
const register = {
  keyId: 'k-1',
  keyHash: 'b'.repeat(64),
  displayPrefix: 'sk_staging_AbCd1234',
  kind: 'server' as const,
  environment: 'staging' as const,
  registeredAt: at,
};
const { environment: _environment, ...registeredEntry } = register;
const registered: ProjectEvent = { type: 'ProjectApiKeyRegistered', data: { projectId: 'p-1', ...registeredEntry } };
const createProject = (data: Partial<Extract<ProjectCommand, { type: 'CreateProject' }>['data']> = {}) => ({
  type: 'CreateProject' as const,
  data: { projectId: 'p-1', name: 'Shop', environment: 'staging' as const, jwt: null, createdAt: at, ...data },
});
const configure = (jwt: JwtVerification | null): ProjectCommand => ({
  type: 'ConfigureProjectJwt',
  data: { jwt, configuredAt: at },
});
const invalidJwt = (message: string) => refusal('invalid', 'invalid_jwt_configuration', message);

describe('refusals of a project carry their whole body', () => {
  const spec = DeciderSpecification.for(projectDecider);

  it.each<[string, ProjectEvent[], ProjectCommand, Partial<DomainError>]>([
    [
      'configuring a project that does not exist',
      [],
      configure(null),
      refusal('not_found', 'project_not_found', 'Project not found'),
    ],
    [
      'registering a key in a project that does not exist',
      [],
      { type: 'RegisterApiKey', data: register },
      refusal('not_found', 'project_not_found', 'Project not found'),
    ],
    [
      'creating a project twice',
      [created],
      createProject(),
      refusal('conflict', 'project_exists', 'The project already exists'),
    ],
    [
      'a blank name',
      [],
      createProject({ name: ' ' }),
      refusal('invalid', 'invalid_project_name', 'A project name has 1 to 100 characters'),
    ],
    [
      'an unknown environment',
      [],
      createProject({ environment: 'dev' as 'staging' }),
      refusal('invalid', 'invalid_environment', 'The environment must be staging or production'),
    ],
    [
      'a key of the other environment',
      [created],
      { type: 'RegisterApiKey', data: { ...register, environment: 'production' } },
      refusal('invalid', 'environment_mismatch', 'The project is a staging project: its keys are staging keys'),
    ],
    [
      'a key registered twice',
      [created, registered],
      { type: 'RegisterApiKey', data: { ...register, displayPrefix: 'sk_staging_Zzzz9999' } },
      refusal('conflict', 'api_key_exists', 'This key is already registered'),
    ],
    [
      'a display prefix another key of the project has',
      [created, registered],
      { type: 'RegisterApiKey', data: { ...register, keyId: 'k-2', keyHash: 'c'.repeat(64) } },
      refusal('conflict', 'api_key_prefix_taken', 'Another key of this project has the same display prefix'),
    ],
    [
      'an HS256 configuration without its secret',
      [created],
      configure({ type: 'hs256', sealedSecret: '' }),
      invalidJwt('The HS256 secret is missing'),
    ],
    [
      'a public key of another algorithm',
      [created],
      configure({ type: 'public-key', algorithm: 'HS512' as 'RS256', publicKeyPem: PEM }),
      invalidJwt('The public key algorithm must be RS256 or ES256'),
    ],
    [
      'a public key that is not a PEM public key block',
      [created],
      configure({ type: 'public-key', algorithm: 'ES256', publicKeyPem: 'not a pem' }),
      invalidJwt('The public key must be a PEM "BEGIN PUBLIC KEY" block'),
    ],
    [
      'a JWKS URL of another scheme',
      [created],
      configure({ type: 'jwks', url: 'ftp://auth.example.com/jwks' }),
      invalidJwt('The JWKS URL must be an http(s) URL without credentials'),
    ],
    [
      'an invalid JWT configuration given at creation',
      [],
      createProject({ jwt: { type: 'hs256', sealedSecret: '' } }),
      invalidJwt('The HS256 secret is missing'),
    ],
  ])('%s', (_case, history, command, expected) => {
    spec.given(history).when(command).thenFails(expected);
  });
});

describe('refusals of an API key carry their whole body', () => {
  const spec = DeciderSpecification.for(apiKeyDecider);
  const issue: Extract<ApiKeyCommand, { type: 'IssueApiKey' }>['data'] = {
    keyId: 'key-1',
    projectId: 'project-1',
    environment: 'staging',
    kind: 'server',
    scopes: ['orders.read'],
    keyHash: 'a'.repeat(64),
    displayPrefix: 'sk_staging_AbCd1234',
    issuedAt: at,
  };
  const issued: ApiKeyEvent = { type: 'ApiKeyIssued', data: { ...issue, scopes: ['orders.read'] } };
  const issueWith = (data: Partial<typeof issue> = {}): ApiKeyCommand => ({
    type: 'IssueApiKey',
    data: { ...issue, ...data },
  });

  it.each<[string, ApiKeyEvent[], ApiKeyCommand, Partial<DomainError>]>([
    [
      'revoking a key that was never issued',
      [],
      { type: 'RevokeApiKey', data: { revokedAt: at } },
      refusal('not_found', 'api_key_not_found', 'API key not found'),
    ],
    [
      'issuing into a key stream twice',
      [issued],
      issueWith(),
      refusal('conflict', 'api_key_exists', 'An API key with this hash already exists'),
    ],
    [
      'a hash that is not a lowercase SHA-256 hex digest',
      [],
      issueWith({ keyHash: 'A'.repeat(64) }),
      refusal('invalid', 'invalid_key_hash', 'The key hash must be a lowercase hex SHA-256 digest'),
    ],
    [
      'a display prefix of another environment',
      [],
      issueWith({ displayPrefix: 'sk_production_AbCd1234' }),
      refusal('invalid', 'invalid_key_prefix', 'The display prefix must look like sk_staging_XXXXXXXX'),
    ],
    [
      'a client key with a server key’s display prefix',
      [],
      issueWith({ kind: 'client', scopes: ['wallets.read'] }),
      refusal('invalid', 'invalid_key_prefix', 'The display prefix must look like ck_staging_XXXXXXXX'),
    ],
    [
      'an unknown scope',
      [],
      issueWith({ scopes: ['orders.read', 'orders.delete-everything'] }),
      refusal('invalid', 'unknown_scope', 'Unknown scope: orders.delete-everything', {
        scope: 'orders.delete-everything',
      }),
    ],
    [
      'a server-only scope on a client key',
      [],
      issueWith({
        kind: 'client',
        displayPrefix: 'ck_staging_AbCd1234',
        scopes: ['wallets.read', 'users.create'],
      }),
      refusal(
        'invalid',
        'scope_not_allowed_for_client_keys',
        'Scope users.create is server-only: a client key cannot hold it',
        { scope: 'users.create' },
      ),
    ],
  ])('%s', (_case, history, command, expected) => {
    spec.given(history).when(command).thenFails(expected);
  });
});
