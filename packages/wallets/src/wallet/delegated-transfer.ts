import * as E from 'fp-ts/lib/Either.js';
import { Decimal, domainError, formatDecimal, invalid, parseDecimal, type DomainError } from '@paykit/kernel';
import { normalizeSignerLocator } from '../locators/signer-locator.js';
import { resolveTokenLocator } from '../locators/token-locator.js';
import { actingSigner } from './signer-authority.js';
import type { DelegatedSigner, Signer, TransferScope, Wallet } from './types.js';

/** A transfer the same signer already made from the wallet (the handler reads these from its transfers). */
export interface PriorSpend {
  /** The token locator recorded on that transfer. */
  readonly token: string;
  /** Decimal amount. */
  readonly amount: string;
  /** Epoch milliseconds when it was made. */
  readonly at: number;
}

export interface DelegatedTransferRequest {
  readonly wallet: Wallet;
  /** Locator of the signer that will approve the transfer. */
  readonly signer: string;
  /** Token locator of the transfer. */
  readonly token: string;
  /** Decimal amount to send. */
  readonly amount: string;
  /** Epoch milliseconds. */
  readonly now: number;
  /** This signer's earlier transfers from this wallet; those outside a limit's window are ignored. */
  readonly priorSpends: readonly PriorSpend[];
}

export type TransferAuthorization =
  | { readonly role: 'admin'; readonly signer: Signer }
  | {
      readonly role: 'delegated';
      readonly signer: Signer;
      /** The scope that allows the transfer; absent for a delegated signer without scopes. */
      readonly scope?: TransferScope;
      /** What is left of the spending limit after this transfer. */
      readonly remaining?: string;
    };

const forbidden = (code: string, message: string, parameters?: Record<string, unknown>) =>
  E.left(domainError('forbidden', code, message, parameters));

const tokenKeyOf = (wallet: Wallet, locator: string): string | undefined => {
  const resolved = resolveTokenLocator(locator, wallet.environment);
  return E.isRight(resolved) ? resolved.right.locator : undefined;
};

const checkScopes = (
  request: DelegatedTransferRequest,
  delegated: DelegatedSigner,
  tokenKey: string,
  amount: Decimal,
): E.Either<DomainError, TransferAuthorization> => {
  const { wallet, now, priorSpends } = request;
  const { signer, scopes } = delegated;
  if (scopes.length === 0) return E.right({ role: 'delegated', signer });
  const scope = scopes.find((candidate) => tokenKeyOf(wallet, candidate.tokenLocator) === tokenKey);
  if (!scope) {
    return forbidden(
      'transfer_not_in_scope',
      `${signer.locator} may not transfer ${request.token}; its scopes allow ${scopes.map((s) => s.tokenLocator).join(', ')}`,
    );
  }
  if (!scope.spendingLimit) return E.right({ role: 'delegated', signer, scope });
  const { interval } = scope.spendingLimit;
  const limit = new Decimal(scope.spendingLimit.amount);
  const windowStart = now - interval * 1000;
  const spent = priorSpends
    .filter((spend) => spend.at > windowStart && spend.at <= now && tokenKeyOf(wallet, spend.token) === tokenKey)
    .reduce((total, spend) => total.add(parseDecimal(spend.amount) ?? 0), new Decimal(0));
  const remaining = limit.sub(spent);
  if (amount.gt(remaining)) {
    return forbidden(
      'spending_limit_exceeded',
      `${signer.locator} may transfer at most ${formatDecimal(limit)} of ${scope.tokenLocator} every ${interval} seconds; ${formatDecimal(remaining.gt(0) ? remaining : new Decimal(0))} is left`,
      {
        limit: formatDecimal(limit),
        interval,
        spent: formatDecimal(spent),
        remaining: formatDecimal(remaining.gt(0) ? remaining : new Decimal(0)),
      },
    );
  }
  return E.right({ role: 'delegated', signer, scope, remaining: formatDecimal(remaining.sub(amount)) });
};

/**
 * May this signer approve this transfer? The admin signer may approve anything; a delegated
 * signer only before it expires, only tokens its scopes name (if it has scopes), and only
 * within each scope's spending limit over the rolling window of `interval` seconds.
 */
export const checkDelegatedTransfer = (
  request: DelegatedTransferRequest,
): E.Either<DomainError, TransferAuthorization> => {
  const { wallet, now } = request;
  const amount = parseDecimal(request.amount);
  if (!amount || amount.lte(0))
    return E.left(invalid('invalid_amount', `amount: "${request.amount}" is not a positive decimal amount`));
  const token = resolveTokenLocator(request.token, wallet.environment);
  if (E.isLeft(token)) return token;
  const locator = normalizeSignerLocator(wallet.chainType, request.signer);
  const acting = actingSigner(wallet, locator, now, request.signer);
  if (E.isLeft(acting) || acting.right.role === 'admin') return acting;
  return checkScopes(request, acting.right.delegated, token.right.locator, amount);
};
