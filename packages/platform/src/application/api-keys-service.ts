import { randomBytes as nodeRandomBytes, timingSafeEqual } from 'node:crypto';
import { type CommandContext, DomainException, domainError, getOrThrow, sha256Hex } from '@paykit/kernel';
import { type ApiKey, type ApiKeyCommand, apiKeyDecider } from '../domain/api-key/api-key.js';
import { API_KEY_RANDOM_BYTES, type ApiKeyKind, formatApiKey, parseApiKey } from '../domain/api-key/api-key-format.js';
import { findKeyByPrefix, projectDecider } from '../domain/project/project.js';
import { ALL_SCOPES, CLIENT_DEFAULT_SCOPES } from '../domain/scopes.js';
import { apiKeyStream, projectStream } from '../domain/streams.js';
import type { Caller, PlatformDeps } from './deps.js';
import { loadAggregate, runCommand } from './run-command.js';
import type { ProjectsService } from './projects-service.js';

export interface IssueApiKeyInput {
  readonly projectId: string;
  readonly kind: ApiKeyKind;
  /** Defaults: every scope for a server key, the client-side set for a client key. */
  readonly scopes?: readonly string[];
}

export interface IssuedApiKey {
  /** The raw key: shown once to whoever asked for it, never stored. */
  readonly key: string;
  readonly apiKey: ApiKey;
}

export type ApiKeyStatus = 'active' | 'revoked';
export type ListedApiKey = ApiKey & { readonly status: ApiKeyStatus };

export type Authentication =
  | { readonly outcome: 'malformed' }
  | { readonly outcome: 'unknown' }
  | { readonly outcome: 'revoked'; readonly apiKey: ApiKey }
  | { readonly outcome: 'authenticated'; readonly apiKey: ApiKey; readonly keyHash: string };

/** A fresh key colliding on its 8-character display prefix inside one project is rare; retry. */
const PREFIX_ATTEMPTS = 5;

export const apiKeyNotFound = (): DomainException =>
  new DomainException(domainError('not_found', 'api_key_not_found', 'API key not found'));

export class ApiKeysService {
  private readonly revocationListeners = new Set<(keyHash: string) => void>();
  private readonly randomBytes: (size: number) => Uint8Array;

  constructor(
    private readonly deps: PlatformDeps,
    private readonly projects: ProjectsService,
  ) {
    this.randomBytes = deps.randomBytes ?? nodeRandomBytes;
  }

  async issue(input: IssueApiKeyInput, caller: Caller): Promise<IssuedApiKey> {
    const project = await this.projects.require(input.projectId);
    const scopes = input.scopes ?? (input.kind === 'server' ? ALL_SCOPES : CLIENT_DEFAULT_SCOPES);
    const context = this.context(project.projectId, caller);
    for (let attempt = 1; ; attempt++) {
      const key = formatApiKey(input.kind, project.environment, this.randomBytes(API_KEY_RANDOM_BYTES));
      const keyHash = sha256Hex(key);
      const displayPrefix = parseApiKey(key)!.displayPrefix;
      const keyId = this.deps.ids.uuid();
      const issuedAt = this.deps.clock.now().toISOString();
      const issue: ApiKeyCommand = {
        type: 'IssueApiKey',
        data: {
          keyId,
          projectId: project.projectId,
          environment: project.environment,
          kind: input.kind,
          scopes,
          keyHash,
          displayPrefix,
          issuedAt,
        },
      };
      // Refuse bad scopes before the project's index learns of the key.
      getOrThrow(apiKeyDecider.decide(issue, apiKeyDecider.initialState()));
      try {
        // Index first: a crash in between leaves an index entry whose key never worked, never a
        // working key that no listing shows and no one can revoke by prefix.
        await runCommand(
          this.deps,
          projectDecider,
          projectStream(project.projectId),
          {
            type: 'RegisterApiKey',
            data: {
              keyId,
              keyHash,
              displayPrefix,
              kind: input.kind,
              environment: project.environment,
              registeredAt: issuedAt,
            },
          },
          context,
        );
      } catch (error) {
        const prefixTaken = error instanceof DomainException && error.error.code === 'api_key_prefix_taken';
        if (prefixTaken && attempt < PREFIX_ATTEMPTS) continue;
        throw error;
      }
      const { state } = await runCommand(this.deps, apiKeyDecider, apiKeyStream(keyHash), issue, context);
      if (state.status === 'absent') throw new Error('an issued key folds to a key');
      return { key, apiKey: withoutStatus(state) };
    }
  }

  async revokeByPrefix(projectId: string, displayPrefix: string, caller: Caller): Promise<ApiKey> {
    const project = await this.projects.require(projectId);
    const entry = findKeyByPrefix(project, displayPrefix);
    if (!entry) throw apiKeyNotFound();
    const { state } = await runCommand(
      this.deps,
      apiKeyDecider,
      apiKeyStream(entry.keyHash),
      { type: 'RevokeApiKey', data: { revokedAt: this.deps.clock.now().toISOString() } },
      this.context(projectId, caller),
    );
    if (state.status === 'absent') throw apiKeyNotFound();
    for (const listener of this.revocationListeners) listener(entry.keyHash);
    return withoutStatus(state);
  }

  /** The project's keys with their scopes and status; never a secret. */
  async list(projectId: string): Promise<ListedApiKey[]> {
    const project = await this.projects.require(projectId);
    const keys: ListedApiKey[] = [];
    for (const entry of project.keys) {
      const { state } = await loadAggregate(this.deps.store, apiKeyDecider, apiKeyStream(entry.keyHash));
      if (state.status !== 'absent') keys.push({ ...withoutStatus(state), status: state.status });
    }
    return keys;
  }

  /** One read of one short stream, found by the key's hash: no scan, whatever the key count. */
  async authenticate(rawKey: string): Promise<Authentication> {
    if (!parseApiKey(rawKey)) return { outcome: 'malformed' };
    const keyHash = sha256Hex(rawKey);
    const { state } = await loadAggregate(this.deps.store, apiKeyDecider, apiKeyStream(keyHash));
    if (state.status === 'absent' || !sameHash(state.keyHash, keyHash)) return { outcome: 'unknown' };
    const apiKey = withoutStatus(state);
    return state.status === 'revoked' ? { outcome: 'revoked', apiKey } : { outcome: 'authenticated', apiKey, keyHash };
  }

  /** Called with the key's hash whenever this process revokes a key (caches drop it at once). */
  onRevoked(listener: (keyHash: string) => void): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  private context(projectId: string, caller: Caller): CommandContext {
    return { projectId, actor: caller.actor, correlationId: caller.correlationId ?? this.deps.ids.uuid() };
  }
}

const sameHash = (stored: string, presented: string): boolean =>
  stored.length === presented.length && timingSafeEqual(Buffer.from(stored), Buffer.from(presented));

const withoutStatus = ({ status: _status, ...apiKey }: ApiKey & { status: ApiKeyStatus }): ApiKey => apiKey;
