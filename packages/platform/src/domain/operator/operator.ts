import * as E from 'fp-ts/lib/Either.js';
import { type Decider, type DomainError, conflict, domainError, invalid } from '@paykit/kernel';

/**
 * A person who runs the platform from the console (ADR 0820): not an API key. Admins also manage
 * operators; developers write (keys, webhooks, answers); support only reads. Each operator works
 * on the projects it is given. Its stream also holds its sessions (by the hash of their secret),
 * its failed logins (the throttle counts them) and every action it took in the console: the audit log.
 */
export const OPERATOR_ROLES = ['admin', 'developer', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const isOperatorRole = (value: string): value is OperatorRole =>
  (OPERATOR_ROLES as readonly string[]).includes(value);

/** Failed logins within the window that lock an account until the oldest leaves it. */
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

export interface OperatorAction {
  readonly action: string;
  readonly projectId: string | null;
  /** What the action was on: an order id, a key prefix, an endpoint id... never a secret. */
  readonly target: string | null;
  readonly at: string;
}

export type OperatorCommand =
  | {
      readonly type: 'CreateOperator';
      readonly data: {
        readonly operatorId: string;
        readonly email: string;
        readonly role: OperatorRole;
        readonly projectIds: readonly string[];
        readonly passwordHash: string;
        readonly createdBy: string;
        readonly createdAt: string;
      };
    }
  | { readonly type: 'ClaimLoginAttempt'; readonly data: { readonly at: string } }
  | { readonly type: 'RecordLoginFailure'; readonly data: { readonly at: string } }
  | {
      readonly type: 'OpenSession';
      readonly data: { readonly sessionHash: string; readonly at: string; readonly expiresAt: string };
    }
  | { readonly type: 'CloseSession'; readonly data: { readonly sessionHash: string; readonly at: string } }
  | { readonly type: 'RecordAction'; readonly data: OperatorAction };

export type OperatorEvent =
  | {
      readonly type: 'OperatorCreated';
      readonly data: {
        readonly operatorId: string;
        readonly email: string;
        readonly role: OperatorRole;
        readonly projectIds: readonly string[];
        readonly passwordHash: string;
        readonly createdBy: string;
        readonly createdAt: string;
      };
    }
  | { readonly type: 'OperatorLoginAttempted'; readonly data: { readonly operatorId: string; readonly at: string } }
  | { readonly type: 'OperatorLoginFailed'; readonly data: { readonly operatorId: string; readonly at: string } }
  | {
      readonly type: 'OperatorSessionOpened';
      readonly data: {
        readonly operatorId: string;
        readonly sessionHash: string;
        readonly at: string;
        readonly expiresAt: string;
      };
    }
  | {
      readonly type: 'OperatorSessionClosed';
      readonly data: { readonly operatorId: string; readonly sessionHash: string; readonly at: string };
    }
  | { readonly type: 'OperatorActed'; readonly data: OperatorAction & { readonly operatorId: string } };

export interface Operator {
  readonly operatorId: string;
  readonly email: string;
  readonly role: OperatorRole;
  readonly projectIds: readonly string[];
  readonly createdAt: string;
}

export type OperatorState =
  | { readonly status: 'absent' }
  | ({
      readonly status: 'active';
      readonly passwordHash: string;
      readonly failedLoginsAt: readonly string[];
      /** Password checks claimed and not yet decided (a crash leaves one until it ages out). */
      readonly attemptsAt: readonly string[];
      /** Open sessions: the hash of each one's secret, and when it ends. */
      readonly sessions: Readonly<Record<string, string>>;
    } & Operator);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const operatorNotFound = (): DomainError => domainError('not_found', 'operator_not_found', 'Operator not found');

/** Failures still inside the window at `at`: what the throttle counts. */
export const recentFailures = (failedLoginsAt: readonly string[], at: string): readonly string[] =>
  failedLoginsAt.filter((failedAt) => Date.parse(at) - Date.parse(failedAt) < LOGIN_FAILURE_WINDOW_MS);

export const isLockedOut = (state: OperatorState, at: string): boolean =>
  state.status === 'active' && recentFailures(state.failedLoginsAt, at).length >= LOGIN_FAILURE_LIMIT;

export const tooManyLoginAttempts = (): DomainError =>
  domainError('rate_limited', 'too_many_login_attempts', 'Too many failed logins: try again in 15 minutes');

const create = (
  command: Extract<OperatorCommand, { type: 'CreateOperator' }>['data'],
  state: OperatorState,
): E.Either<DomainError, readonly OperatorEvent[]> => {
  if (state.status !== 'absent') return E.left(conflict('operator_exists', 'The operator already exists'));
  const email = normalizeEmail(command.email);
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL.test(email))
    return E.left(invalid('invalid_email', 'The email must be an address such as ops@example.com'));
  if (!isOperatorRole(command.role))
    return E.left(invalid('invalid_role', `The role is one of ${OPERATOR_ROLES.join(', ')}`));
  if (command.projectIds.length === 0)
    return E.left(invalid('invalid_projects', 'An operator works on at least one project'));
  return E.right([
    { type: 'OperatorCreated', data: { ...command, email, projectIds: [...new Set(command.projectIds)] } },
  ]);
};

export const operatorDecider: Decider<OperatorCommand, OperatorEvent, OperatorState, DomainError> = {
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    if (command.type === 'CreateOperator') return create(command.data, state);
    if (state.status === 'absent') return E.left(operatorNotFound());
    const { operatorId } = state;
    switch (command.type) {
      case 'ClaimLoginAttempt':
        // Failures and checks under way count together: concurrent guesses cannot pass the limit.
        if (
          state.status === 'active' &&
          recentFailures([...state.failedLoginsAt, ...state.attemptsAt], command.data.at).length >= LOGIN_FAILURE_LIMIT
        )
          return E.left(tooManyLoginAttempts());
        return E.right([{ type: 'OperatorLoginAttempted', data: { operatorId, at: command.data.at } }]);
      case 'RecordLoginFailure':
        return E.right([{ type: 'OperatorLoginFailed', data: { operatorId, at: command.data.at } }]);
      case 'OpenSession':
        if (isLockedOut(state, command.data.at)) return E.left(tooManyLoginAttempts());
        return E.right([{ type: 'OperatorSessionOpened', data: { operatorId, ...command.data } }]);
      case 'CloseSession':
        return E.right(
          command.data.sessionHash in state.sessions
            ? [{ type: 'OperatorSessionClosed', data: { operatorId, ...command.data } }]
            : [],
        );
      case 'RecordAction':
        return E.right([{ type: 'OperatorActed', data: { operatorId, ...command.data } }]);
    }
  },

  evolve(state, event) {
    if (event.type === 'OperatorCreated') {
      const { passwordHash, createdBy: _createdBy, ...operator } = event.data;
      return { status: 'active', ...operator, passwordHash, failedLoginsAt: [], attemptsAt: [], sessions: {} };
    }
    if (state.status === 'absent') return state;
    switch (event.type) {
      case 'OperatorLoginFailed':
        return {
          ...state,
          failedLoginsAt: [...recentFailures(state.failedLoginsAt, event.data.at), event.data.at],
          attemptsAt: state.attemptsAt.slice(1),
        };
      case 'OperatorLoginAttempted':
        return { ...state, attemptsAt: [...recentFailures(state.attemptsAt, event.data.at), event.data.at] };
      case 'OperatorSessionOpened':
        // A successful login clears the count, as people expect of a lock-out.
        return {
          ...state,
          failedLoginsAt: [],
          attemptsAt: [],
          sessions: { ...state.sessions, [event.data.sessionHash]: event.data.expiresAt },
        };
      case 'OperatorSessionClosed': {
        const { [event.data.sessionHash]: _closed, ...sessions } = state.sessions;
        return { ...state, sessions };
      }
      case 'OperatorActed':
        return state;
    }
  },
};

/** The registry of operators: every one, and which email each holds (an email names one operator). */
export type OperatorRegistryCommand = {
  readonly type: 'ClaimOperatorEmail';
  readonly data: { readonly operatorId: string; readonly email: string };
};
export type OperatorRegistryEvent = {
  readonly type: 'OperatorEmailClaimed';
  readonly data: { readonly operatorId: string; readonly email: string };
};
export type OperatorRegistryState = { readonly byEmail: Readonly<Record<string, string>> };

export const operatorRegistryDecider: Decider<
  OperatorRegistryCommand,
  OperatorRegistryEvent,
  OperatorRegistryState,
  DomainError
> = {
  initialState: () => ({ byEmail: {} }),
  decide(command, state) {
    const email = normalizeEmail(command.data.email);
    if (email in state.byEmail) return E.left(conflict('operator_email_taken', 'Another operator has this email'));
    return E.right([{ type: 'OperatorEmailClaimed', data: { operatorId: command.data.operatorId, email } }]);
  },
  evolve: (state, event) => ({ byEmail: { ...state.byEmail, [event.data.email]: event.data.operatorId } }),
};
