import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  LOGIN_FAILURE_LIMIT,
  type OperatorEvent,
  operatorDecider,
  operatorRegistryDecider,
} from '../../src/domain/operator/operator.js';

const spec = DeciderSpecification.for(operatorDecider);
const at = '2026-01-01T00:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
const create = {
  operatorId: 'o-1',
  email: ' Ops@Example.com ',
  role: 'support' as const,
  projectIds: ['p-1', 'p-1'],
  passwordHash: 'scrypt$32768$8$1$salt$hash',
  createdBy: 'cli:admin-cli',
  createdAt: at,
};
const created: OperatorEvent = {
  type: 'OperatorCreated',
  data: { ...create, email: 'ops@example.com', projectIds: ['p-1'] },
};
const failure = (minute: number): OperatorEvent => ({
  type: 'OperatorLoginFailed',
  data: { operatorId: 'o-1', at: later(minute) },
});
const open = (minute: number) => ({
  type: 'OpenSession' as const,
  data: { sessionHash: 'h-1', at: later(minute), expiresAt: later(minute + 480) },
});

describe('operator decider', () => {
  it('creates an operator with its email lower-cased and its projects once each', () => {
    spec.given([]).when({ type: 'CreateOperator', data: create }).then([created]);
  });

  it.each([
    ['an email that is not one', { email: 'ops' }, 'invalid_email'],
    ['an unknown role', { role: 'root' as never }, 'invalid_role'],
    ['no project', { projectIds: [] }, 'invalid_projects'],
  ])('refuses %s', (_name, patch, code) => {
    spec
      .given([])
      .when({ type: 'CreateOperator', data: { ...create, ...patch } })
      .thenFails({ code });
  });

  it(`opens a session after ${LOGIN_FAILURE_LIMIT - 1} failures, refuses it after ${LOGIN_FAILURE_LIMIT} within 15 minutes`, () => {
    const four = [0, 1, 2, 3].map(failure);
    spec
      .given([created, ...four])
      .when(open(4))
      .then([{ type: 'OperatorSessionOpened', data: { operatorId: 'o-1', ...open(4).data } }]);
    spec
      .given([created, ...four, failure(4)])
      .when(open(5))
      .thenFails({ code: 'too_many_login_attempts', kind: 'rate_limited' });
  });

  it(`claims a password check while failures and checks under way are fewer than ${LOGIN_FAILURE_LIMIT}`, () => {
    const claim = (minute: number) => ({ type: 'ClaimLoginAttempt' as const, data: { at: later(minute) } });
    const attempted = (minute: number): OperatorEvent => ({
      type: 'OperatorLoginAttempted',
      data: { operatorId: 'o-1', at: later(minute) },
    });
    spec
      .given([created, ...[0, 1, 2].map(failure), attempted(3)])
      .when(claim(4))
      .then([attempted(4)]);
    spec
      .given([created, ...[0, 1, 2].map(failure), attempted(3), attempted(4)])
      .when(claim(5))
      .thenFails({ code: 'too_many_login_attempts', kind: 'rate_limited' });
    spec
      .given([created, ...[0, 1, 2].map(failure), attempted(3), attempted(4)])
      .when(claim(19))
      .then([attempted(19)]);
  });

  it('lets the account in once the oldest failure is 15 minutes old', () => {
    spec
      .given([created, ...[0, 1, 2, 3, 4].map(failure)])
      .when(open(15))
      .then([{ type: 'OperatorSessionOpened', data: { operatorId: 'o-1', ...open(15).data } }]);
  });

  it('closes an open session once; an unknown one closes nothing', () => {
    const opened: OperatorEvent = { type: 'OperatorSessionOpened', data: { operatorId: 'o-1', ...open(0).data } };
    const close = { type: 'CloseSession' as const, data: { sessionHash: 'h-1', at: later(1) } };
    spec
      .given([created, opened])
      .when(close)
      .then([{ type: 'OperatorSessionClosed', data: { operatorId: 'o-1', ...close.data } }]);
    spec
      .given([created, opened, { type: 'OperatorSessionClosed', data: { operatorId: 'o-1', ...close.data } }])
      .when(close)
      .then([]);
  });

  it('refuses every command but creation for an operator that does not exist', () => {
    spec.given([]).when(open(0)).thenFails({ code: 'operator_not_found' });
  });
});

describe('operator registry decider', () => {
  const registry = DeciderSpecification.for(operatorRegistryDecider);
  it('claims an email once, whatever its case', () => {
    const claimed = { type: 'OperatorEmailClaimed' as const, data: { operatorId: 'o-1', email: 'ops@example.com' } };
    registry
      .given([])
      .when({ type: 'ClaimOperatorEmail', data: { operatorId: 'o-1', email: 'Ops@example.com' } })
      .then([claimed]);
    registry
      .given([claimed])
      .when({ type: 'ClaimOperatorEmail', data: { operatorId: 'o-2', email: 'OPS@EXAMPLE.COM' } })
      .thenFails({ code: 'operator_email_taken' });
  });
});
