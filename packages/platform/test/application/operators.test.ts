import { DomainException } from '@paykit/kernel';
import { LOGIN_FAILURE_LIMIT } from '../../src/domain/operator/operator.js';
import { CLI, platformOnMemory } from './fixtures.js';

const refusal = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainException)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.error.code;
};

const PASSWORD = 'correct horse battery';

const withOperator = async () => {
  const fixture = platformOnMemory();
  const { project } = await fixture.platform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI);
  const { operator } = await fixture.platform.operators.create(
    { email: 'Ops@Example.com', role: 'support', projectIds: [project.projectId], password: PASSWORD },
    CLI,
  );
  return { ...fixture, project, operator };
};

describe('operators', () => {
  it('creates an operator with a generated one-time password when none is given, and stores only its scrypt hash', async () => {
    const { platform, store, project } = await withOperator();
    const { operator, password } = await platform.operators.create(
      { email: 'dev@example.com', role: 'developer', projectIds: [project.projectId] },
      CLI,
    );
    expect(password).toMatch(/^[\w-]{24}$/);
    expect(operator).toMatchObject({ email: 'dev@example.com', role: 'developer', projectIds: [project.projectId] });
    for await (const event of store.readAll()) {
      expect(JSON.stringify(event.data)).not.toContain(password);
      expect(JSON.stringify(event.data)).not.toContain(PASSWORD);
    }
    expect((await platform.operators.login('dev@example.com', password!)).operator.operatorId).toBe(
      operator.operatorId,
    );
  });

  it('refuses a taken email (whatever its case), an unknown project, a bad role and a short password', async () => {
    const { platform, project } = await withOperator();
    const base = { role: 'admin' as const, projectIds: [project.projectId], password: PASSWORD };
    expect(await refusal(platform.operators.create({ ...base, email: 'OPS@example.com' }, CLI))).toBe(
      'operator_email_taken',
    );
    expect(
      await refusal(platform.operators.create({ ...base, email: 'a@example.com', projectIds: ['nope'] }, CLI)),
    ).toBe('project_not_found');
    expect(
      await refusal(platform.operators.create({ ...base, email: 'b@example.com', role: 'root' as never }, CLI)),
    ).toBe('invalid_role');
    expect(await refusal(platform.operators.create({ ...base, email: 'c@example.com', password: 'short' }, CLI))).toBe(
      'invalid_password',
    );
    expect(await refusal(platform.operators.create({ ...base, email: 'not-an-email' }, CLI))).toBe('invalid_email');
    expect((await platform.operators.list()).map((o) => o.email)).toEqual(['ops@example.com']);
  });

  it('opens a session whose token authenticates until logout or expiry; the store holds only its hash', async () => {
    const { platform, store, clock, operator } = await withOperator();
    const session = await platform.operators.login('ops@example.com', PASSWORD);
    const [, secret] = session.token.split('.');
    for await (const event of store.readAll()) expect(JSON.stringify(event.data)).not.toContain(secret);
    expect(await platform.operators.authenticate(session.token)).toMatchObject({ operatorId: operator.operatorId });
    expect(await platform.operators.authenticate(`${operator.operatorId}.forged`)).toBeNull();
    await platform.operators.logout(session.token);
    expect(await platform.operators.authenticate(session.token)).toBeNull();

    const later = await platform.operators.login('ops@example.com', PASSWORD);
    clock.advance(8 * 60 * 60_000);
    expect(await platform.operators.authenticate(later.token)).toBeNull();
  });

  it(`locks an account after ${LOGIN_FAILURE_LIMIT} wrong passwords in 15 minutes, the right one included, then lets it in`, async () => {
    const { platform, clock } = await withOperator();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expect(await refusal(platform.operators.login('ops@example.com', 'wrong password!'))).toBe('invalid_credentials');
    }
    expect(await refusal(platform.operators.login('ops@example.com', PASSWORD))).toBe('too_many_login_attempts');
    clock.advance(15 * 60_000);
    await expect(platform.operators.login('ops@example.com', PASSWORD)).resolves.toHaveProperty('token');
    expect(await refusal(platform.operators.login('nobody@example.com', PASSWORD))).toBe('invalid_credentials');
  });

  it('records logins, failures and console actions in an audit log, newest first, filtered by project', async () => {
    const { platform, clock, project, operator } = await withOperator();
    await refusal(platform.operators.login('ops@example.com', 'wrong password!'));
    clock.advance(1000);
    await platform.operators.login('ops@example.com', PASSWORD);
    clock.advance(1000);
    await platform.operators.record(operator.operatorId, {
      action: 'webhook.redeliver',
      projectId: project.projectId,
      target: 'msg_1',
    });
    await platform.operators.record(operator.operatorId, {
      action: 'webhook.redeliver',
      projectId: 'other',
      target: 'msg_2',
    });
    const log = await platform.operators.auditLog([project.projectId]);
    expect(log.map((entry) => [entry.action, entry.target])).toEqual([
      ['webhook.redeliver', 'msg_1'],
      ['login', null],
      ['login.failed', null],
      ['operator.created', null],
    ]);
    expect(log[0]).toMatchObject({ email: 'ops@example.com', projectId: project.projectId });
  });
});
