import * as E from 'fp-ts/lib/Either.js';
import { invalid, parseDecimal, type DomainError } from '@paykit/kernel';
import type { ChainType, Environment, WalletType } from '../chains/chain-type.js';
import { chainsOf } from '../chains/registry.js';
import { resolveTokenLocator } from '../locators/token-locator.js';
import type { CustodialKeys } from './commands.js';
import { validateSigner, type ValidatedSigner } from './signer-input.js';
import type {
  DelegatedSigner,
  DelegatedSignerChains,
  DelegatedSignerInput,
  ScopeInput,
  TransferScope,
} from './types.js';

export interface DelegatedSignerContext {
  readonly environment: Environment;
  readonly chainType: ChainType;
  readonly walletType: WalletType;
  /** Path of the delegated signer in the request; empty when it is the whole body. */
  readonly field: string;
  readonly custodialKeys: CustodialKeys;
  readonly now: number;
}

export interface ValidatedDelegatedSigner {
  readonly delegatedSigner: DelegatedSigner;
  readonly custodialKey?: ValidatedSigner['custodialKey'];
}

const bad = (field: string, message: string) => E.left(invalid('invalid_delegated_signer', `${field}: ${message}`));

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const validateExpiry = (value: unknown, field: string, now: number): E.Either<DomainError, string | undefined> => {
  if (value === undefined) return E.right(undefined);
  const at = typeof value === 'string' && ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at))
    return bad(field, `"${String(value)}" is not an ISO 8601 timestamp such as 2030-01-01T00:00:00Z`);
  if (at <= now) return bad(field, `${String(value)} is not in the future`);
  return E.right(new Date(at).toISOString());
};

const validateScope = (
  scope: ScopeInput,
  field: string,
  context: DelegatedSignerContext,
): E.Either<DomainError, TransferScope> => {
  if (typeof scope !== 'object' || scope === null) return bad(field, 'must be an object');
  if (scope.type !== 'transfer')
    return bad(`${field}.type`, `unknown scope type "${String(scope.type)}"; expected transfer`);
  if (typeof scope.tokenLocator !== 'string') return bad(`${field}.tokenLocator`, 'is required');
  const token = resolveTokenLocator(scope.tokenLocator, context.environment, `${field}.tokenLocator`);
  if (E.isLeft(token)) return token;
  if (token.right.chain.chainType !== context.chainType) {
    return bad(`${field}.tokenLocator`, `${token.right.chain.name} is not a chain of this ${context.chainType} wallet`);
  }
  if (scope.spendingLimit === undefined) return E.right({ type: 'transfer', tokenLocator: scope.tokenLocator });
  if (typeof scope.spendingLimit !== 'object' || scope.spendingLimit === null) {
    return bad(`${field}.spendingLimit`, 'must be { amount, interval }');
  }
  const { amount, interval } = scope.spendingLimit;
  const parsed = typeof amount === 'string' ? parseDecimal(amount) : null;
  if (!parsed || parsed.lte(0))
    return bad(`${field}.spendingLimit.amount`, `"${String(amount)}" is not a positive decimal amount`);
  const decimals = token.right.known?.decimals;
  if (decimals !== undefined && parsed.decimalPlaces() > decimals) {
    return bad(`${field}.spendingLimit.amount`, `${amount} has more decimal places than the token's ${decimals}`);
  }
  if (typeof interval !== 'number' || !Number.isSafeInteger(interval) || interval < 1) {
    return bad(`${field}.spendingLimit.interval`, 'must be a whole number of seconds, at least 1');
  }
  return E.right({
    type: 'transfer',
    tokenLocator: scope.tokenLocator,
    spendingLimit: { amount: parsed.toFixed(), interval },
  });
};

const validateScopes = (
  scopes: unknown,
  field: string,
  context: DelegatedSignerContext,
): E.Either<DomainError, readonly TransferScope[]> => {
  if (scopes === undefined) return E.right([]);
  if (!Array.isArray(scopes)) return bad(field, 'must be an array');
  const valid: TransferScope[] = [];
  const tokens = new Set<string>();
  for (const [index, scope] of (scopes as ScopeInput[]).entries()) {
    const checked = validateScope(scope, `${field}[${index}]`, context);
    if (E.isLeft(checked)) return checked;
    const token = resolveTokenLocator(checked.right.tokenLocator, context.environment);
    const key = E.isRight(token) ? token.right.locator : checked.right.tokenLocator;
    if (tokens.has(key))
      return bad(`${field}[${index}].tokenLocator`, `${checked.right.tokenLocator} already has a scope`);
    tokens.add(key);
    valid.push(checked.right);
  }
  return E.right(valid);
};

export const chainsOfWallet = (environment: Environment, chainType: ChainType): DelegatedSignerChains =>
  Object.fromEntries(chainsOf(environment, chainType).map((chain) => [chain.name, { status: 'success' as const }]));

/** Validates one delegated signer: the signer itself, its transfer scopes and its expiry. */
export const validateDelegatedSigner = (
  input: DelegatedSignerInput,
  context: DelegatedSignerContext,
): E.Either<DomainError, ValidatedDelegatedSigner> => {
  const at = (name: string): string => (context.field ? `${context.field}.${name}` : name);
  if (typeof input !== 'object' || input === null || input.signer === undefined) {
    return bad(context.field || 'body', 'must be an object with a signer');
  }
  const signer = validateSigner(input.signer, { ...context, role: 'delegated', field: at('signer') });
  if (E.isLeft(signer)) return signer;
  const scopes = validateScopes(input.scopes, at('scopes'), context);
  if (E.isLeft(scopes)) return scopes;
  const expiresAt = validateExpiry(input.expiresAt, at('expiresAt'), context.now);
  if (E.isLeft(expiresAt)) return expiresAt;
  if (input.deployImmediately !== undefined && typeof input.deployImmediately !== 'boolean') {
    return bad(at('deployImmediately'), 'must be a boolean');
  }
  const base = {
    signer: signer.right.signer,
    scopes: scopes.right,
    chains: chainsOfWallet(context.environment, context.chainType),
  };
  const delegatedSigner: DelegatedSigner =
    expiresAt.right === undefined ? base : { ...base, expiresAt: expiresAt.right };
  return E.right(
    signer.right.custodialKey ? { delegatedSigner, custodialKey: signer.right.custodialKey } : { delegatedSigner },
  );
};
