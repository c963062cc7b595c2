import type { DomainError } from '@paykit/kernel';
import { providerInvalidResponse, providerTimeout, providerUnavailable, type ProviderName } from './provider-errors.js';

/** How an injected failure shows: no answer in time, a 5xx-like outage, an answer we cannot use. */
export type FaultKind = 'timeout' | 'unavailable' | 'malformed';

export const FAULT_KINDS: readonly FaultKind[] = ['timeout', 'unavailable', 'malformed'];

/**
 * One injected failure. `operation` names a sandbox call (`cards.charge`), every call of a
 * party (`cards.*`) or every call (`*`). Without `times` it applies until cleared.
 */
export interface FaultRule {
  readonly operation: string;
  readonly kind: FaultKind;
  readonly times?: number;
}

interface ActiveRule {
  readonly operation: string;
  readonly kind: FaultKind;
  remaining: number;
}

const matches = (pattern: string, operation: string): boolean =>
  pattern === '*' || pattern === operation || (pattern.endsWith('.*') && operation.startsWith(pattern.slice(0, -1)));

/**
 * Failure injection shared by the sandboxes, so tests (and HTTP tests through a staging
 * configuration) can drive every upstream-failure path. The first matching rule wins;
 * a rule with a count is used up one call at a time.
 */
export class SandboxFaults {
  private rules: ActiveRule[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    for (const rule of rules) this.inject(rule);
  }

  inject(rule: FaultRule): void {
    const times = rule.times ?? Number.POSITIVE_INFINITY;
    if (!(times > 0)) throw new RangeError('a fault rule applies at least once');
    this.rules.push({ operation: rule.operation, kind: rule.kind, remaining: times });
  }

  /** Removes the rules written exactly as `operation`, or every rule. */
  clear(operation?: string): void {
    this.rules = operation === undefined ? [] : this.rules.filter((rule) => rule.operation !== operation);
  }

  /** The fault this call of `operation` meets, if any, using one of its count. */
  take(operation: string): FaultKind | undefined {
    const rule = this.rules.find((candidate) => matches(candidate.operation, operation));
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
    return rule.kind;
  }

  /**
   * The error a call meets, for the parties whose adapters turn a malformed answer into
   * `upstream_invalid` themselves; `undefined` when the call goes through.
   */
  failureOf(provider: ProviderName, operation: string): DomainError | undefined {
    const fault = this.take(`${provider}.${operation}`);
    return fault === undefined ? undefined : faultError(provider, fault);
  }
}

/** The error a caller sees when a call to `provider` meets a fault of this kind. */
export const faultError = (provider: ProviderName, kind: FaultKind): DomainError => {
  switch (kind) {
    case 'timeout':
      return providerTimeout(provider);
    case 'unavailable':
      return providerUnavailable(provider);
    case 'malformed':
      return providerInvalidResponse(provider);
  }
};
