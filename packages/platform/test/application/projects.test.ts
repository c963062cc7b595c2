import { generateKeyPairSync } from 'node:crypto';
import { MemoryEventStore } from '@paykit/event-store';
import { DomainException } from '@paykit/kernel';
import { CLI, platformOnMemory } from './fixtures.js';

const pem = (type: 'rsa' | 'ec' | 'ed25519') =>
  (type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('ed25519')
  ).publicKey
    .export({ type: 'spki', format: 'pem' })
    .toString();

describe('projects', () => {
  it('seals an HS256 secret and opens it for verification only', async () => {
    const { platform, store } = platformOnMemory();
    const secret = 'a-very-long-shared-secret-of-40-characters';
    const project = await platform.projects.create(
      { name: 'Shop', environment: 'staging', jwt: { type: 'hs256', secret } },
      CLI,
    );
    expect(project.jwt?.type).toBe('hs256');
    expect(JSON.stringify(project)).not.toContain(secret);
    for await (const event of store.readAll()) expect(JSON.stringify(event.data)).not.toContain(secret);
    expect(platform.projects.hs256Secret(project)).toBe(secret);
  });

  it('refuses a short HS256 secret', async () => {
    const { platform } = platformOnMemory();
    await expect(
      platform.projects.create({ name: 'Shop', environment: 'staging', jwt: { type: 'hs256', secret: 'short' } }, CLI),
    ).rejects.toBeInstanceOf(DomainException);
    expect(await platform.projects.list()).toEqual([]);
  });

  it.each([
    ['rsa', 'RS256'],
    ['ec', 'ES256'],
  ] as const)('reads the algorithm of a %s public key', async (type, algorithm) => {
    const { platform } = platformOnMemory();
    const project = await platform.projects.create(
      { name: 'Shop', environment: 'staging', jwt: { type: 'public-key', publicKeyPem: pem(type) } },
      CLI,
    );
    expect(project.jwt).toMatchObject({ type: 'public-key', algorithm });
  });

  it('refuses a key type it cannot verify and text that is no key', async () => {
    const { platform } = platformOnMemory();
    for (const publicKeyPem of [pem('ed25519'), 'hello']) {
      await expect(
        platform.projects.create(
          { name: 'Shop', environment: 'staging', jwt: { type: 'public-key', publicKeyPem } },
          CLI,
        ),
      ).rejects.toMatchObject({ error: { code: 'invalid_jwt_configuration' } });
    }
  });

  it('refuses an RSA key of fewer than 2048 bits, which no JWT could be verified with', async () => {
    const { platform } = platformOnMemory();
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
    await expect(
      platform.projects.create(
        { name: 'Shop', environment: 'staging', jwt: { type: 'public-key', publicKeyPem: weak.toString() } },
        CLI,
      ),
    ).rejects.toMatchObject({
      error: {
        code: 'invalid_jwt_configuration',
        message: 'The JWT public key is an RSA key of fewer than 2048 bits',
      },
    });
    expect(await platform.projects.list()).toEqual([]);
  });

  it('reconfigures and removes JWT verification', async () => {
    const { platform } = platformOnMemory();
    const project = await platform.projects.create({ name: 'Shop', environment: 'staging' }, CLI);
    const jwks = await platform.projects.configureJwt(
      project.projectId,
      { type: 'jwks', url: 'http://127.0.0.1:1/jwks' },
      CLI,
    );
    expect(jwks.jwt).toEqual({ type: 'jwks', url: 'http://127.0.0.1:1/jwks' });
    expect((await platform.projects.configureJwt(project.projectId, null, CLI)).jwt).toBeNull();
  });

  it('lists projects oldest first and knows when there are none', async () => {
    const { platform } = platformOnMemory();
    expect(await platform.projects.isEmpty()).toBe(true);
    await platform.projects.create({ name: 'One', environment: 'staging' }, CLI);
    await platform.projects.create({ name: 'Two', environment: 'production' }, CLI);
    expect(await platform.projects.isEmpty()).toBe(false);
    expect((await platform.projects.list()).map((p) => [p.name, p.environment])).toEqual([
      ['One', 'staging'],
      ['Two', 'production'],
    ]);
  });

  it('creates the first-run project once, even when two instances race', async () => {
    const store = new MemoryEventStore();
    const a = platformOnMemory(store, 'a').platform;
    const b = platformOnMemory(store, 'b').platform;
    const results = await Promise.all([a.provisionFirstRunProject('staging'), b.provisionFirstRunProject('staging')]);
    const created = results.filter((result) => result !== null);
    expect(created).toHaveLength(1);
    expect(created[0]?.project).toMatchObject({ name: 'Development', environment: 'staging' });
    expect(await a.provisionFirstRunProject('staging')).toBeNull();
    expect(await a.projects.list()).toHaveLength(1);
  });

  it('creates no first-run project when a project exists', async () => {
    const { platform } = platformOnMemory();
    await platform.projects.create({ name: 'Mine', environment: 'staging' }, CLI);
    expect(await platform.provisionFirstRunProject('staging')).toBeNull();
  });
});
