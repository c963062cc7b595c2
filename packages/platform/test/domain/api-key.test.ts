import { DeciderSpecification } from '@paykit/kernel/testing';
import { type ApiKeyEvent, apiKeyDecider } from '../../src/domain/api-key/api-key.js';
import { CLIENT_DEFAULT_SCOPES } from '../../src/domain/scopes.js';

const spec = DeciderSpecification.for(apiKeyDecider);
const keyHash = 'a'.repeat(64);
const issue = {
  keyId: 'key-1',
  projectId: 'project-1',
  environment: 'staging' as const,
  kind: 'server' as const,
  scopes: ['orders.read', 'wallets.create', 'orders.read'],
  keyHash,
  displayPrefix: 'sk_staging_AbCd1234',
  issuedAt: '2026-01-01T00:00:00.000Z',
};
const issued: ApiKeyEvent = {
  type: 'ApiKeyIssued',
  data: { ...issue, scopes: ['wallets.create', 'orders.read'] },
};
const revoked: ApiKeyEvent = {
  type: 'ApiKeyRevoked',
  data: { keyId: 'key-1', projectId: 'project-1', revokedAt: '2026-01-02T00:00:00.000Z' },
};

describe('ApiKey', () => {
  describe('issue', () => {
    it('issues a key holding its scopes once each, in catalog order', () => {
      spec.given([]).when({ type: 'IssueApiKey', data: issue }).then([issued]);
    });
    it('refuses an unknown scope, naming it', () => {
      spec
        .given([])
        .when({ type: 'IssueApiKey', data: { ...issue, scopes: ['orders.read', 'orders.delete-everything'] } })
        .thenFails({ code: 'unknown_scope', parameters: { scope: 'orders.delete-everything' } });
    });
    it('refuses a server-only scope on a client key', () => {
      spec
        .given([])
        .when({
          type: 'IssueApiKey',
          data: {
            ...issue,
            kind: 'client',
            displayPrefix: 'ck_staging_AbCd1234',
            scopes: ['wallets.read', 'users.create'],
          },
        })
        .thenFails({
          kind: 'invalid',
          code: 'scope_not_allowed_for_client_keys',
          parameters: { scope: 'users.create' },
        });
    });
    it('gives a client key every client-side scope', () => {
      const [event] = spec
        .given([])
        .when({
          type: 'IssueApiKey',
          data: { ...issue, kind: 'client', displayPrefix: 'ck_staging_AbCd1234', scopes: CLIENT_DEFAULT_SCOPES },
        })
        .events();
      expect(event?.type === 'ApiKeyIssued' && event.data.scopes).toEqual(CLIENT_DEFAULT_SCOPES);
    });
    it('refuses a display prefix of another kind or environment', () => {
      spec
        .given([])
        .when({ type: 'IssueApiKey', data: { ...issue, displayPrefix: 'sk_production_AbCd1234' } })
        .thenFails({ code: 'invalid_key_prefix' });
      spec
        .given([])
        .when({ type: 'IssueApiKey', data: { ...issue, displayPrefix: 'ck_staging_AbCd1234' } })
        .thenFails({ code: 'invalid_key_prefix' });
    });
    it('refuses a hash that is not a SHA-256 hex digest', () => {
      spec
        .given([])
        .when({ type: 'IssueApiKey', data: { ...issue, keyHash: 'not-a-hash' } })
        .thenFails({ code: 'invalid_key_hash' });
    });
    it('never issues twice into one stream', () => {
      spec
        .given([issued])
        .when({ type: 'IssueApiKey', data: issue })
        .thenFails({ kind: 'conflict', code: 'api_key_exists' });
    });
  });

  describe('revoke', () => {
    it('revokes an active key', () => {
      spec
        .given([issued])
        .when({ type: 'RevokeApiKey', data: { revokedAt: revoked.data.revokedAt } })
        .then([revoked]);
    });
    it('does nothing for a key already revoked', () => {
      spec
        .given([issued, revoked])
        .when({ type: 'RevokeApiKey', data: { revokedAt: '2026-02-01T00:00:00.000Z' } })
        .thenNothingHappened();
    });
    it('cannot revoke a key that was never issued', () => {
      spec
        .given([])
        .when({ type: 'RevokeApiKey', data: { revokedAt: revoked.data.revokedAt } })
        .thenFails({ kind: 'not_found' });
    });
  });

  it('folds to a revoked key that remembers when', () => {
    const state = [issued, revoked].reduce(apiKeyDecider.evolve, apiKeyDecider.initialState());
    expect(state).toMatchObject({
      status: 'revoked',
      revokedAt: revoked.data.revokedAt,
      scopes: ['wallets.create', 'orders.read'],
    });
  });
});
