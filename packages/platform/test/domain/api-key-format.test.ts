import {
  API_KEY_RANDOM_BYTES,
  formatApiKey,
  isApiKeyKind,
  isDisplayPrefix,
  parseApiKey,
} from '../../src/domain/api-key/api-key-format.js';
import { ALL_SCOPES, CLIENT_DEFAULT_SCOPES, SCOPES, grantIncludes, isScope } from '../../src/domain/scopes.js';
import { isOwnedBy } from '../../src/domain/ownership.js';

const bytes = (fill: number) => new Uint8Array(API_KEY_RANDOM_BYTES).fill(fill);

describe('API key format', () => {
  it('writes sk_/ck_ keys with the environment and a 43-character base62 secret', () => {
    expect(formatApiKey('server', 'staging', bytes(0xff))).toMatch(/^sk_staging_[0-9A-Za-z]{43}$/);
    expect(formatApiKey('client', 'production', bytes(0))).toBe(`ck_production_${'0'.repeat(43)}`);
  });
  it('gives distinct random inputs distinct keys', () => {
    const a = formatApiKey('server', 'staging', bytes(1));
    const b = formatApiKey('server', 'staging', bytes(2));
    expect(a).not.toBe(b);
  });
  it('refuses fewer random bytes than a key needs, saying how many it needs', () => {
    expect(() => formatApiKey('server', 'staging', new Uint8Array(16))).toThrow(
      new RangeError('an API key needs exactly 32 random bytes'),
    );
  });
  it('parses its own keys and shows an 8-character display prefix', () => {
    const key = formatApiKey('client', 'staging', bytes(7));
    const parsed = parseApiKey(key);
    expect(parsed).toEqual({
      kind: 'client',
      environment: 'staging',
      displayPrefix: key.slice(0, 'ck_staging_'.length + 8),
    });
    expect(isDisplayPrefix(parsed!.displayPrefix)).toBe(true);
  });
  it('reads an sk_ key as a server key', () => {
    const key = formatApiKey('server', 'production', bytes(9));
    expect(parseApiKey(key)).toEqual({
      kind: 'server',
      environment: 'production',
      displayPrefix: key.slice(0, 'sk_production_'.length + 8),
    });
  });
  it('knows exactly two kinds of key, server and client', () => {
    expect(isApiKeyKind('server')).toBe(true);
    expect(isApiKeyKind('client')).toBe(true);
    for (const other of ['', 'sk', 'ck', 'Server', 'publishable', undefined, null]) {
      expect(isApiKeyKind(other)).toBe(false);
    }
  });
  it.each([
    '',
    'sk_staging_',
    'sk_dev_' + 'a'.repeat(43),
    'pk_staging_' + 'a'.repeat(43),
    'sk_staging_' + 'a'.repeat(42),
    'sk_staging_' + 'a'.repeat(42) + '-',
    ' sk_staging_' + 'a'.repeat(43),
  ])('calls %j malformed', (raw) => expect(parseApiKey(raw)).toBeNull());
});

describe('scopes', () => {
  it('hold the spec table and describe every scope', () => {
    for (const scope of [
      'wallets.create',
      'wallets:transactions.read',
      'users.create',
      'orders.read',
      'orders.update',
      'orders.create',
      'agent-checkouts.browser-profiles.delete',
    ]) {
      expect(isScope(scope)).toBe(true);
    }
    for (const scope of ALL_SCOPES) expect(SCOPES[scope].description.length).toBeGreaterThan(0);
  });
  it('give client keys only client-side scopes', () => {
    expect(CLIENT_DEFAULT_SCOPES).toContain('wallets.create');
    expect(CLIENT_DEFAULT_SCOPES).not.toContain('users.create');
    expect(CLIENT_DEFAULT_SCOPES).not.toContain('orders.update');
  });
});

describe('ownership', () => {
  it('treats another project’s resource like a missing one', () => {
    const mine = isOwnedBy('p-1');
    expect(mine({ projectId: 'p-1' })).toBe(true);
    expect(mine({ projectId: 'p-2' })).toBe(false);
    expect(mine(null)).toBe(false);
  });
});

describe('grantIncludes', () => {
  it('needs the scope in the grant, except a scope every key holds', () => {
    expect(grantIncludes(new Set(['orders.read']), 'orders.read')).toBe(true);
    expect(grantIncludes(['orders.read'], 'orders.update')).toBe(false);
    expect(grantIncludes([], 'projects.read')).toBe(true);
  });
});
