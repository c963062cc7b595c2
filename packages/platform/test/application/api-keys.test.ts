import { DomainException } from '@paykit/kernel';
import { ALL_SCOPES, CLIENT_DEFAULT_SCOPES } from '../../src/domain/scopes.js';
import { CLI, platformOnMemory } from './fixtures.js';

const expectDomainError = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainException);
  expect((error as DomainException).error.code).toBe(code);
};

describe('API keys', () => {
  it('provisions a project whose server key holds every scope and client key the client set', async () => {
    const { platform } = platformOnMemory();
    const { project, serverKey, clientKey } = await platform.provisionProject(
      { name: 'Shop', environment: 'staging' },
      CLI,
    );
    expect(serverKey).toMatch(/^sk_staging_[0-9A-Za-z]{43}$/);
    expect(clientKey).toMatch(/^ck_staging_[0-9A-Za-z]{43}$/);
    expect(project.keys).toHaveLength(2);

    const server = await platform.apiKeys.authenticate(serverKey);
    expect(server).toMatchObject({
      outcome: 'authenticated',
      apiKey: { projectId: project.projectId, kind: 'server', scopes: ALL_SCOPES },
    });
    const client = await platform.apiKeys.authenticate(clientKey);
    expect(client).toMatchObject({
      outcome: 'authenticated',
      apiKey: { kind: 'client', scopes: CLIENT_DEFAULT_SCOPES },
    });
  });

  it('stores only the hash of a key', async () => {
    const { platform, store } = platformOnMemory();
    const { serverKey } = await platform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI);
    for await (const event of store.readAll())
      expect(JSON.stringify([event.data, event.metadata])).not.toContain(serverKey.slice(11));
  });

  it('tells malformed keys from unknown ones', async () => {
    const { platform } = platformOnMemory();
    expect(await platform.apiKeys.authenticate('sk_staging_short')).toEqual({ outcome: 'malformed' });
    expect(await platform.apiKeys.authenticate(`sk_staging_${'A'.repeat(43)}`)).toEqual({ outcome: 'unknown' });
  });

  it('issues keys with chosen scopes, lists them without secrets, revokes by display prefix', async () => {
    const { platform } = platformOnMemory();
    const { project } = await platform.provisionProject({ name: 'Shop', environment: 'production' }, CLI);
    const { key, apiKey } = await platform.apiKeys.issue(
      { projectId: project.projectId, kind: 'server', scopes: ['orders.read'] },
      CLI,
    );
    expect(key.startsWith('sk_production_')).toBe(true);
    expect(apiKey.scopes).toEqual(['orders.read']);

    const revokedHashes: string[] = [];
    platform.apiKeys.onRevoked((hash) => revokedHashes.push(hash));
    await platform.apiKeys.revokeByPrefix(project.projectId, apiKey.displayPrefix, CLI);
    expect(revokedHashes).toEqual([apiKey.keyHash]);
    expect(await platform.apiKeys.authenticate(key)).toMatchObject({ outcome: 'revoked' });

    const listed = await platform.apiKeys.list(project.projectId);
    expect(listed.map((entry) => [entry.kind, entry.status])).toEqual([
      ['server', 'active'],
      ['client', 'active'],
      ['server', 'revoked'],
    ]);
    expect(JSON.stringify(listed)).not.toContain(key);
  });

  it('refuses bad scopes before indexing anything', async () => {
    const { platform } = platformOnMemory();
    const { project } = await platform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI);
    await expectDomainError(
      platform.apiKeys.issue({ projectId: project.projectId, kind: 'client', scopes: ['orders.update'] }, CLI),
      'scope_not_allowed_for_client_keys',
    );
    expect((await platform.projects.require(project.projectId)).keys).toHaveLength(2);
  });

  it('answers not found for an unknown project or prefix', async () => {
    const { platform } = platformOnMemory();
    await expectDomainError(platform.apiKeys.issue({ projectId: 'nope', kind: 'server' }, CLI), 'project_not_found');
    const { project } = await platform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI);
    await expectDomainError(
      platform.apiKeys.revokeByPrefix(project.projectId, 'sk_staging_00000000', CLI),
      'api_key_not_found',
    );
  });

  it('keeps every key issued concurrently on one project (conflicts are retried)', async () => {
    const { platform } = platformOnMemory();
    const { project } = await platform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI);
    const issued = await Promise.all(
      Array.from({ length: 3 }, () => platform.apiKeys.issue({ projectId: project.projectId, kind: 'server' }, CLI)),
    );
    const listed = await platform.apiKeys.list(project.projectId);
    expect(listed.map((key) => key.keyId)).toEqual(expect.arrayContaining(issued.map(({ apiKey }) => apiKey.keyId)));
    expect(listed).toHaveLength(5);
  });
});
