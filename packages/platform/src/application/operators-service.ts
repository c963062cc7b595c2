import { createHash, randomBytes } from 'node:crypto';
import { type CommandContext, DomainException, domainError, invalid } from '@paykit/kernel';
import {
  type Operator,
  type OperatorAction,
  type OperatorEvent,
  type OperatorRole,
  type OperatorState,
  normalizeEmail,
  operatorDecider,
  operatorRegistryDecider,
} from '../domain/operator/operator.js';
import { OPERATOR_REGISTRY_STREAM, operatorStream } from '../domain/streams.js';
import type { Caller, PlatformDeps } from './deps.js';
import {
  PASSWORD_MIN_LENGTH,
  UNKNOWN_OPERATOR_HASH,
  generatePassword,
  hashPassword,
  verifyPassword,
} from './password-hash.js';
import type { ProjectsService } from './projects-service.js';
import { loadAggregate, runCommand } from './run-command.js';

export interface CreateOperatorInput {
  readonly email: string;
  readonly role: OperatorRole;
  readonly projectIds: readonly string[];
  /** Chosen by the creator; one is generated (and returned once) when absent. */
  readonly password?: string;
}

export interface OpenedSession {
  readonly operator: Operator;
  /** The cookie's value: the operator id and the session's secret; only its hash is stored. */
  readonly token: string;
  readonly expiresAt: string;
}

/** One entry of the audit log: an operator's login, logout, failed login or console action. */
export interface AuditEntry {
  readonly operatorId: string;
  readonly email: string;
  readonly type: OperatorEvent['type'];
  readonly action: string;
  readonly projectId: string | null;
  readonly target: string | null;
  readonly at: string;
}

export const SESSION_LIFETIME_MS = 8 * 60 * 60_000;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const invalidCredentials = (): DomainException =>
  new DomainException(domainError('unauthenticated', 'invalid_credentials', 'Wrong email or password'));

const operatorOf = (state: OperatorState): Operator | null => {
  if (state.status === 'absent') return null;
  const { operatorId, email, role, projectIds, createdAt } = state;
  return { operatorId, email, role, projectIds, createdAt };
};

const ACTION_OF: Record<Exclude<OperatorEvent['type'], 'OperatorActed' | 'OperatorLoginAttempted'>, string> = {
  OperatorCreated: 'operator.created',
  OperatorLoginFailed: 'login.failed',
  OperatorSessionOpened: 'login',
  OperatorSessionClosed: 'logout',
};

/** Operator accounts, their passwords and sessions, and their audit log (ADR 0820). */
export class OperatorsService {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly projects: ProjectsService,
  ) {}

  async create(input: CreateOperatorInput, caller: Caller): Promise<{ operator: Operator; password: string | null }> {
    const password = input.password ?? generatePassword();
    if (password.length < PASSWORD_MIN_LENGTH)
      throw new DomainException(
        invalid('invalid_password', `A password has at least ${PASSWORD_MIN_LENGTH} characters`),
      );
    for (const projectId of input.projectIds) await this.projects.require(projectId);
    const operatorId = this.deps.ids.uuid();
    const context = this.context(caller);
    const passwordHash = await hashPassword(password);
    const created = {
      type: 'CreateOperator' as const,
      data: {
        operatorId,
        email: input.email,
        role: input.role,
        projectIds: input.projectIds,
        passwordHash,
        createdBy: `${caller.actor.type}:${caller.actor.id}`,
        createdAt: this.now(),
      },
    };
    // Validate before the email is claimed, so a refused operator leaves no claim behind.
    const refused = operatorDecider.decide(created, operatorDecider.initialState());
    if (refused._tag === 'Left') throw new DomainException(refused.left);
    await runCommand(
      this.deps,
      operatorRegistryDecider,
      OPERATOR_REGISTRY_STREAM,
      { type: 'ClaimOperatorEmail', data: { operatorId, email: input.email } },
      context,
    );
    const { state } = await runCommand(this.deps, operatorDecider, operatorStream(operatorId), created, context);
    return { operator: operatorOf(state)!, password: input.password === undefined ? password : null };
  }

  async list(): Promise<Operator[]> {
    const { state } = await loadAggregate(this.deps.store, operatorRegistryDecider, OPERATOR_REGISTRY_STREAM);
    const operators: Operator[] = [];
    for (const operatorId of Object.values(state.byEmail)) {
      const operator = operatorOf(await this.state(operatorId));
      if (operator) operators.push(operator);
    }
    return operators;
  }

  /**
   * Checks the password and opens a session. A wrong password is counted on the account; five
   * within 15 minutes lock it (429) until the oldest ages out, the right password included.
   */
  async login(email: string, password: string): Promise<OpenedSession> {
    const { state: registry } = await loadAggregate(this.deps.store, operatorRegistryDecider, OPERATOR_REGISTRY_STREAM);
    const operatorId = registry.byEmail[normalizeEmail(email)];
    const state = operatorId === undefined ? operatorDecider.initialState() : await this.state(operatorId);
    const at = this.now();
    if (state.status === 'absent') {
      await verifyPassword(password, UNKNOWN_OPERATOR_HASH);
      throw invalidCredentials();
    }
    const context = this.context({ actor: { type: 'operator', id: state.operatorId } });
    // The attempt is claimed in the account's stream before the (slow) password check, so a burst
    // of concurrent guesses is refused past the limit rather than all checked.
    await runCommand(
      this.deps,
      operatorDecider,
      operatorStream(state.operatorId),
      { type: 'ClaimLoginAttempt', data: { at } },
      context,
      // A burst of guesses races on this one stream: each decides again until it is claimed or refused.
      { maxRetries: 64 },
    );
    if (!(await verifyPassword(password, state.passwordHash))) {
      await runCommand(
        this.deps,
        operatorDecider,
        operatorStream(state.operatorId),
        { type: 'RecordLoginFailure', data: { at } },
        context,
      );
      throw invalidCredentials();
    }
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.parse(at) + SESSION_LIFETIME_MS).toISOString();
    await runCommand(
      this.deps,
      operatorDecider,
      operatorStream(state.operatorId),
      { type: 'OpenSession', data: { sessionHash: sha256(secret), at, expiresAt } },
      context,
    );
    return { operator: operatorOf(state)!, token: `${state.operatorId}.${secret}`, expiresAt };
  }

  /** The operator a session token belongs to, while the session is open and unexpired; null otherwise. */
  async authenticate(token: string): Promise<Operator | null> {
    const session = parseToken(token);
    if (!session) return null;
    const state = await this.state(session.operatorId);
    if (state.status === 'absent') return null;
    const expiresAt = state.sessions[sha256(session.secret)];
    if (expiresAt === undefined || Date.parse(expiresAt) <= this.deps.clock.now().getTime()) return null;
    return operatorOf(state);
  }

  async logout(token: string): Promise<void> {
    const session = parseToken(token);
    if (!session || (await this.state(session.operatorId)).status === 'absent') return;
    await runCommand(
      this.deps,
      operatorDecider,
      operatorStream(session.operatorId),
      { type: 'CloseSession', data: { sessionHash: sha256(session.secret), at: this.now() } },
      this.context({ actor: { type: 'operator', id: session.operatorId } }),
    );
  }

  /** Records what an operator did in the console, once it was done. */
  async record(operatorId: string, action: Omit<OperatorAction, 'at'>): Promise<void> {
    await runCommand(
      this.deps,
      operatorDecider,
      operatorStream(operatorId),
      { type: 'RecordAction', data: { ...action, at: this.now() } },
      { ...this.context({ actor: { type: 'operator', id: operatorId } }), projectId: action.projectId },
    );
  }

  /** Every operator's events as audit entries, newest first; only those on `projectIds` when given. */
  async auditLog(projectIds?: readonly string[]): Promise<AuditEntry[]> {
    const entries: AuditEntry[] = [];
    for (const operator of await this.list()) {
      for await (const recorded of this.deps.store.readStream(operatorStream(operator.operatorId))) {
        const event = { type: recorded.type, data: recorded.data } as OperatorEvent;
        // A claimed password check is the throttle's record; its outcome (a login, a failure) is the audit's.
        if (event.type === 'OperatorLoginAttempted') continue;
        const acted = event.type === 'OperatorActed' ? event.data : null;
        const entry: AuditEntry = {
          operatorId: operator.operatorId,
          email: operator.email,
          type: event.type,
          action: acted?.action ?? ACTION_OF[event.type as keyof typeof ACTION_OF],
          projectId: acted?.projectId ?? null,
          target: acted?.target ?? null,
          at: event.type === 'OperatorCreated' ? event.data.createdAt : (event.data as { at: string }).at,
        };
        if (!projectIds || entry.projectId === null || projectIds.includes(entry.projectId)) entries.push(entry);
      }
    }
    // Reversed first: of events at the same instant, the later one in its stream comes first.
    return entries.reverse().sort((a, b) => b.at.localeCompare(a.at));
  }

  private async state(operatorId: string): Promise<OperatorState> {
    return (await loadAggregate(this.deps.store, operatorDecider, operatorStream(operatorId))).state;
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  private context(caller: Caller): CommandContext {
    return { projectId: null, actor: caller.actor, correlationId: caller.correlationId ?? this.deps.ids.uuid() };
  }
}

const parseToken = (token: string): { operatorId: string; secret: string } | null => {
  const [operatorId, secret, ...rest] = token.split('.');
  return operatorId && secret && rest.length === 0 ? { operatorId, secret } : null;
};
