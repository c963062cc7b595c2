import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '@paykit/event-store';
import { Platform, SecretBox } from '@paykit/platform';
import { randomIds, systemClock } from '@paykit/kernel';
import { runCli, runCliWith } from './run-cli.js';

describe('operator commands', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'paykit-cli-'));
    env = { DATA_DIR: join(dir, 'data') };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const projectId = async (): Promise<string> =>
    (JSON.parse((await runCli(env, 'project', 'create', '--name', 'Shop', '--json')).stdout) as { projectId: string })
      .projectId;

  /** Logs in on the store the CLI wrote, as the console does. */
  const login = async (email: string, password: string) => {
    const store = await createEventStore({ kind: 'sqlite', dataDir: env['DATA_DIR']! });
    try {
      const platform = new Platform({
        store,
        clock: systemClock,
        ids: randomIds,
        secrets: new SecretBox(new Uint8Array(32)),
      });
      return (await platform.operators.login(email, password)).operator;
    } finally {
      await store.close();
    }
  };

  it('operator create prints a one-time password that logs in, once', async () => {
    const project = await projectId();
    const run = await runCli(
      env,
      'operator',
      'create',
      '--email',
      'ops@example.com',
      '--role',
      'admin',
      '--project',
      project,
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const password = /One-time password: (\S+)/.exec(run.stdout)?.[1];
    expect(password).toBeDefined();
    expect(await login('ops@example.com', password!)).toMatchObject({ role: 'admin', projectIds: [project] });
    const listed = await runCli(env, 'operator', 'list', '--json');
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ email: 'ops@example.com', role: 'admin' })]);
  });

  it('operator create --password-stdin takes the first line of stdin and prints no password', async () => {
    const project = await projectId();
    const run = await runCliWith(
      { readStdin: () => Promise.resolve('a long chosen password\n') },
      env,
      'operator',
      'create',
      '--email',
      'dev@example.com',
      '--role',
      'support',
      '--project',
      project,
      '--password-stdin',
      '--json',
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ email: 'dev@example.com', password: null });
    expect(await login('dev@example.com', 'a long chosen password')).toMatchObject({ role: 'support' });
  });

  it('refuses an unknown role (usage, 2) and an unknown project (1) with a message', async () => {
    const project = await projectId();
    const badRole = await runCli(
      env,
      'operator',
      'create',
      '--email',
      'a@example.com',
      '--role',
      'root',
      '--project',
      project,
    );
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/--role must be one of admin, developer, support/);
    const badProject = await runCli(
      env,
      'operator',
      'create',
      '--email',
      'a@example.com',
      '--role',
      'admin',
      '--project',
      'nope',
    );
    expect(badProject.code).toBe(1);
    expect(badProject.stderr).toMatch(/Project not found/);
  });
});
