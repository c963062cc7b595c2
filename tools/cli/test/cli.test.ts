import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '@paykit/event-store';
import { ALL_SCOPES, Platform, SecretBox } from '@paykit/platform';
import { randomIds, systemClock } from '@paykit/kernel';
import { runCli } from './run-cli.js';

describe('admin CLI', () => {
  let dir: string;
  let env: Record<string, string>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'paykit-cli-'));
    env = { DATA_DIR: join(dir, 'data') };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const createProject = async (...extra: string[]) => {
    const run = await runCli(env, 'project', 'create', '--name', 'Shop', ...extra, '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(run.stdout) as { projectId: string; serverKey: string; clientKey: string };
  };

  /** What the store holds, read the way the API reads it. */
  const authenticate = async (key: string) => {
    const store = await createEventStore({ kind: 'sqlite', dataDir: env['DATA_DIR']! });
    try {
      const platform = new Platform({
        store,
        clock: systemClock,
        ids: randomIds,
        secrets: new SecretBox(new Uint8Array(32)),
      });
      return await platform.apiKeys.authenticate(key);
    } finally {
      await store.close();
    }
  };

  it('project create --json prints exactly projectId, serverKey and clientKey; the server key holds every scope', async () => {
    const run = await runCli(env, 'project', 'create', '--name', 'Shop', '--json');
    expect(run.code).toBe(0);
    expect(run.stdout.endsWith('}\n')).toBe(true);
    const created = JSON.parse(run.stdout) as Record<string, string>;
    expect(Object.keys(created)).toEqual(['projectId', 'serverKey', 'clientKey']);
    expect(created['serverKey']).toMatch(/^sk_staging_[0-9A-Za-z]{43}$/);
    expect(created['clientKey']).toMatch(/^ck_staging_[0-9A-Za-z]{43}$/);
    expect(await authenticate(created['serverKey']!)).toMatchObject({
      outcome: 'authenticated',
      apiKey: { projectId: created['projectId'], scopes: ALL_SCOPES },
    });
  });

  it('project create takes --env and prints plainly without --json', async () => {
    const run = await runCli(env, 'project', 'create', '--name', 'Live shop', '--env', 'production');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Created production project "Live shop"/);
    expect(run.stdout).toMatch(/sk_production_/);
  });

  it('project create records each kind of JWT verification', async () => {
    const pemFile = join(dir, 'public.pem');
    writeFileSync(
      pemFile,
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }),
    );
    await createProject('--jwt-secret', 'x'.repeat(40));
    await createProject('--jwt-public-key-file', pemFile);
    await createProject('--jwt-jwks-url', 'http://127.0.0.1:9/jwks.json');
    const list = await runCli(env, 'project', 'list', '--json');
    expect((JSON.parse(list.stdout) as { jwtVerification: string }[]).map((p) => p.jwtVerification)).toEqual([
      'hs256',
      'public-key',
      'jwks',
    ]);
  });

  it('key create, key list and key revoke work as written', async () => {
    const { projectId } = await createProject();
    const created = await runCli(
      env,
      'key',
      'create',
      '--project',
      projectId,
      '--kind',
      'client',
      '--scopes',
      'wallets.read, tokens.read',
      '--json',
    );
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const { key } = JSON.parse(created.stdout) as { key: string };
    expect(Object.keys(JSON.parse(created.stdout) as object)).toEqual(['key']);
    expect(await authenticate(key)).toMatchObject({
      outcome: 'authenticated',
      apiKey: { kind: 'client', scopes: ['wallets.read', 'tokens.read'] },
    });

    const prefix = key.slice(0, 'ck_staging_'.length + 8);
    const revoke = await runCli(env, 'key', 'revoke', '--project', projectId, '--key-prefix', prefix);
    expect(revoke).toEqual({ code: 0, stdout: `Revoked ${prefix}\n`, stderr: '' });
    expect(await authenticate(key)).toMatchObject({ outcome: 'revoked' });

    const list = await runCli(env, 'key', 'list', '--project', projectId, '--json');
    const keys = JSON.parse(list.stdout) as { prefix: string; kind: string; status: string; scopes: string[] }[];
    expect(keys.map((k) => [k.kind, k.status])).toEqual([
      ['server', 'active'],
      ['client', 'active'],
      ['client', 'revoked'],
    ]);
    expect(list.stdout).not.toContain(key);
    const plain = await runCli(env, 'key', 'list', '--project', projectId);
    expect(plain.stdout.split('\n')[0]).toMatch(/^PREFIX\s+KIND\s+STATUS\s+ISSUED\s+SCOPES$/);
    expect(plain.stdout).toContain(`${prefix}  client  revoked`);
  });

  it('project jwt sets and removes JWT verification', async () => {
    const { projectId } = await createProject();
    const set = await runCli(
      env,
      'project',
      'jwt',
      '--project',
      projectId,
      '--jwt-jwks-url',
      'https://auth.example.com/jwks',
      '--json',
    );
    expect(JSON.parse(set.stdout)).toEqual({
      projectId,
      jwtVerification: 'jwks',
      jwtRules: { issuer: null, audience: null, maxLifetimeSeconds: 86_400 },
    });
    const removed = await runCli(env, 'project', 'jwt', '--project', projectId, '--none');
    expect(removed.stdout).toBe(`Project ${projectId}: JWT verification removed\n`);
  });

  it('sets the issuer, audience and lifetime JWTs must have, and changes them keeping the key (ADR 0310)', async () => {
    const { projectId } = await createProject(
      '--jwt-secret',
      'x'.repeat(40),
      '--jwt-issuer',
      'https://id.example.com/',
      '--jwt-audience',
      'shop-app, shop-admin',
      '--jwt-max-lifetime',
      '3600',
    );
    const listed = JSON.parse((await runCli(env, 'project', 'list', '--json')).stdout) as object[];
    expect(listed[0]).toMatchObject({
      jwtVerification: 'hs256',
      jwtRules: { issuer: 'https://id.example.com/', audience: ['shop-app', 'shop-admin'], maxLifetimeSeconds: 3600 },
    });
    const changed = await runCli(
      env,
      'project',
      'jwt',
      '--project',
      projectId,
      '--jwt-any-issuer',
      '--jwt-max-lifetime',
      '600',
    );
    expect(changed).toMatchObject({ code: 0, stderr: '' });
    expect(changed.stdout).toBe(
      `Project ${projectId}: JWT verification hs256; issuer any; audience shop-app, shop-admin; tokens living up to 600 s\n`,
    );
    const tooLong = await runCli(env, 'project', 'jwt', '--project', projectId, '--jwt-max-lifetime', '3000000');
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toMatch(/maximum lifetime must be 60 to 2592000 seconds/);

    const bare = await createProject();
    const withoutKey = await runCli(env, 'project', 'jwt', '--project', bare.projectId, '--jwt-issuer', 'https://id/');
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.stderr).toMatch(/Configure how the JWTs are verified/);
  });

  it.each([
    [['project', 'create'], /--name is required/],
    [['project', 'create', '--name', 'x', '--env', 'dev'], /--env must be staging or production/],
    [['project', 'create', '--name', 'x', '--bogus'], /Unknown option '--bogus'/],
    [['project', 'create', '--name', 'x', '--jwt-secret', 's', '--jwt-jwks-url', 'u'], /Give only one of/],
    [['key', 'create', '--project', 'p', '--kind', 'admin'], /--kind must be server or client/],
    [['key', 'revoke', '--project', 'p', '--key-prefix', 'sk_'], /--key-prefix must be a display prefix/],
    [['project', 'jwt', '--project', 'p'], /Give one of/],
    [['project', 'create', '--name', 'x', '--jwt-issuer', 'i'], /need a JWT key option/],
    [['project', 'jwt', '--project', 'p', '--none', '--jwt-audience', 'a'], /give no JWT key or rules/],
    [['project', 'jwt', '--project', 'p', '--jwt-issuer', 'i', '--jwt-any-issuer'], /not both/],
    [['project', 'jwt', '--project', 'p', '--jwt-max-lifetime', '1h'], /must be a number of seconds/],
    [['wallet', 'create'], /Unknown command: wallet create/],
    [[], /Usage: pnpm cli/],
  ])('refuses %j with exit code 2 and a message on stderr', async (argv, message) => {
    const run = await runCli(env, ...argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });

  it('reports what the platform refuses with exit code 1', async () => {
    const { projectId } = await createProject();
    const scope = await runCli(
      env,
      'key',
      'create',
      '--project',
      projectId,
      '--kind',
      'client',
      '--scopes',
      'orders.update',
    );
    expect(scope.code).toBe(1);
    expect(scope.stderr).toMatch(/orders.update is server-only/);
    const missing = await runCli(env, 'key', 'list', '--project', 'no-such-project');
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/Project not found/);
  });

  it('prints help and the scope catalog', async () => {
    expect((await runCli(env, '--help')).stdout).toMatch(/project create --name NAME/);
    const scopes = JSON.parse((await runCli(env, 'scopes', '--json')).stdout) as { scope: string }[];
    expect(scopes.map((s) => s.scope)).toEqual(ALL_SCOPES);
  });
});
