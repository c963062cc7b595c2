import type { Principal } from '../../src/auth/principal.js';
import { keyScopeOf } from '../../src/http/idempotency/key-scope.js';
import { idempotencyStream } from '../../src/http/idempotency/key-stream.js';
import { KeyedWrite } from '../../src/http/idempotency/keyed-write.js';

const principal = (keyKind: 'server' | 'client', userId: string | null): Principal => ({
  projectId: 'a3f1c0de-0000-4000-8000-000000000001',
  environment: 'staging',
  keyId: `key-${keyKind}`,
  keyKind,
  keyPrefix: 'sk_staging_AbCd1234',
  scopes: new Set(),
  userId,
});

describe('keyScopeOf (ADR 0311)', () => {
  it('is the project alone for a server key acting for no one: keys made before keep their streams and ids', () => {
    const scope = keyScopeOf(principal('server', null));
    expect(scope).toBe('a3f1c0de-0000-4000-8000-000000000001');
    // Pinned from before ADR 0311: an order created with this key must keep its id.
    expect(KeyedWrite.of(scope, 'POST 2022-06-09/orders', 'order-key-1', 'f').resourceId('order')).toBe(
      '7727119b-b8d1-8395-8050-658746f7c147',
    );
    expect(idempotencyStream(scope, 'k')).toBe(
      'idempotency-a3f1c0de-0000-4000-8000-000000000001-8254c329a92850f6d539dd376f4816ee2764517da5e0235514af433164480d7a',
    );
  });

  it('adds the acting subject, by digest, named by how it acts', () => {
    const scopes = [
      keyScopeOf(principal('server', 'alice')),
      keyScopeOf(principal('server', 'bob')),
      keyScopeOf(principal('client', 'alice')),
      keyScopeOf(principal('server', null)),
    ];
    expect(new Set(scopes).size).toBe(4);
    for (const scope of scopes.slice(0, 3)) {
      expect(scope).toMatch(/^a3f1c0de-0000-4000-8000-000000000001\.[0-9a-f]{64}$/);
      expect(scope).not.toContain('alice');
    }
    expect(keyScopeOf(principal('client', 'alice'))).toBe(keyScopeOf({ ...principal('client', 'alice'), keyId: 'k2' }));
  });
});
