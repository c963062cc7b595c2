import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, invalid } from '@paykit/kernel';
import { ALL_SCOPES, type Scope, isClientSideScope, isScope } from '../scopes.js';
import type { ApiKeyKind } from './api-key-format.js';

/**
 * Checks the scopes a key is to hold: each must exist, and a client key may hold only
 * client-side scopes. Returns them without duplicates, in catalog order.
 */
export const validateGrant = (kind: ApiKeyKind, scopes: readonly string[]): E.Either<DomainError, readonly Scope[]> => {
  const unique = [...new Set(scopes)];
  const unknown = unique.find((scope) => !isScope(scope));
  if (unknown !== undefined) {
    return E.left(invalid('unknown_scope', `Unknown scope: ${unknown}`, { scope: unknown }));
  }
  const granted = ALL_SCOPES.filter((scope) => unique.includes(scope));
  const serverOnly = kind === 'client' ? granted.find((scope) => !isClientSideScope(scope)) : undefined;
  if (serverOnly !== undefined) {
    return E.left(
      invalid('scope_not_allowed_for_client_keys', `Scope ${serverOnly} is server-only: a client key cannot hold it`, {
        scope: serverOnly,
      }),
    );
  }
  return E.right(granted);
};
