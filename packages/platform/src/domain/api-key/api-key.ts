import * as E from 'fp-ts/lib/Either.js';
import { type Decider, type DomainError, conflict, domainError, invalid } from '@paykit/kernel';
import type { Environment } from '../environment.js';
import type { Scope } from '../scopes.js';
import { type ApiKeyKind, SHA256_HEX, isDisplayPrefix } from './api-key-format.js';
import { validateGrant } from './grant.js';

/** An API key, in the stream named after its hash. Only the hash of the key is ever stored. */
export type ApiKeyCommand =
  | {
      readonly type: 'IssueApiKey';
      readonly data: {
        readonly keyId: string;
        readonly projectId: string;
        readonly environment: Environment;
        readonly kind: ApiKeyKind;
        readonly scopes: readonly string[];
        readonly keyHash: string;
        readonly displayPrefix: string;
        readonly issuedAt: string;
      };
    }
  | { readonly type: 'RevokeApiKey'; readonly data: { readonly revokedAt: string } };

export type ApiKeyEvent =
  | {
      readonly type: 'ApiKeyIssued';
      readonly data: {
        readonly keyId: string;
        readonly projectId: string;
        readonly environment: Environment;
        readonly kind: ApiKeyKind;
        readonly scopes: readonly Scope[];
        readonly keyHash: string;
        readonly displayPrefix: string;
        readonly issuedAt: string;
      };
    }
  | {
      readonly type: 'ApiKeyRevoked';
      readonly data: { readonly keyId: string; readonly projectId: string; readonly revokedAt: string };
    };

export interface ApiKey {
  readonly keyId: string;
  readonly projectId: string;
  readonly environment: Environment;
  readonly kind: ApiKeyKind;
  readonly scopes: readonly Scope[];
  readonly keyHash: string;
  readonly displayPrefix: string;
  readonly issuedAt: string;
  readonly revokedAt: string | null;
}

export type ApiKeyState = { readonly status: 'absent' } | ({ readonly status: 'active' | 'revoked' } & ApiKey);

const issue = (
  command: Extract<ApiKeyCommand, { type: 'IssueApiKey' }>['data'],
  state: ApiKeyState,
): E.Either<DomainError, readonly ApiKeyEvent[]> => {
  if (state.status !== 'absent') {
    return E.left(conflict('api_key_exists', 'An API key with this hash already exists'));
  }
  if (!SHA256_HEX.test(command.keyHash)) {
    return E.left(invalid('invalid_key_hash', 'The key hash must be a lowercase hex SHA-256 digest'));
  }
  const expectedPrefix = `${command.kind === 'server' ? 'sk' : 'ck'}_${command.environment}_`;
  if (!isDisplayPrefix(command.displayPrefix) || !command.displayPrefix.startsWith(expectedPrefix)) {
    return E.left(invalid('invalid_key_prefix', `The display prefix must look like ${expectedPrefix}XXXXXXXX`));
  }
  return E.map((scopes: readonly Scope[]): readonly ApiKeyEvent[] => [
    { type: 'ApiKeyIssued', data: { ...command, scopes } },
  ])(validateGrant(command.kind, command.scopes));
};

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState, DomainError> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'IssueApiKey':
        return issue(command.data, state);
      case 'RevokeApiKey':
        if (state.status === 'absent')
          return E.left(domainError('not_found', 'api_key_not_found', 'API key not found'));
        if (state.status === 'revoked') return E.right([]);
        return E.right([
          {
            type: 'ApiKeyRevoked',
            data: { keyId: state.keyId, projectId: state.projectId, revokedAt: command.data.revokedAt },
          },
        ]);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ApiKeyIssued':
        return { status: 'active', ...event.data, revokedAt: null };
      case 'ApiKeyRevoked':
        return state.status === 'absent' ? state : { ...state, status: 'revoked', revokedAt: event.data.revokedAt };
    }
  },
};
