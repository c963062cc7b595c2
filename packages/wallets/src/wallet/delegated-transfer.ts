import * as E from 'fp-ts/lib/Either.js';
import { domainError, invalid, parseDecimal, type DomainError } from '@paykit/kernel';
import { normalizeSignerLocator } from '../locators/signer-locator.js';
import { resolveTokenLocator } from '../locators/token-locator.js';
import { actingSigner } from './signer-authority.js';
import type { DelegatedSigner, Signer, TransferScope, Wallet } from './types.js';

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
}

/**
 * The rolling-window budget a delegated signer's transfer is claimed against (ADR 0454): its
 * scope's spending limit, one budget per wallet, signer and token (the token's canonical
 * locator, so each of a token's names spends from the same budget).
 */
export interface SpendingBudget {
  /** Names the budget: wallet id, signer locator, canonical token locator. */
  readonly parts: readonly [string, string, string];
  /** The scope's token, as the scope names it. */
  readonly tokenLocator: string;
  /** Decimal amount. */
  readonly limit: string;
  readonly intervalSeconds: number;
}

export type TransferAuthorization =
  | { readonly role: 'admin'; readonly signer: Signer }
  | {
      readonly role: 'delegated';
      readonly signer: Signer;
      /** The scope that allows the transfer; absent for a delegated signer without scopes. */
      readonly scope?: TransferScope;
      /** The budget to claim the amount from, when the scope has a spending limit. */
      readonly budget?: SpendingBudget;
    };

const tokenKeyOf = (wallet: Wallet, locator: string): string | undefined => {
  const resolved = resolveTokenLocator(locator, wallet.environment);
  return E.isRight(resolved) ? resolved.right.locator : undefined;
};

/** The parts naming the budget of a signer's transfers of a token from a wallet (claimed or released). */
export const spendingBudgetParts = (wallet: Wallet, signer: string, tokenLocator: string): SpendingBudget['parts'] => [
  wallet.walletId,
  signer,
  tokenKeyOf(wallet, tokenLocator) ?? tokenLocator,
];

/** Where the budget stands when a claim does not fit: what was spent within the window, what is left. */
export interface SpendingStanding {
  readonly spent: string;
  readonly remaining: string;
  /** When the whole limit is back; null or absent when nothing is in the window. */
  readonly resetsAt?: string | null;
}

/** The 403 of a transfer above what the signer's budget has left. */
export const spendingLimitExceeded = (signer: string, budget: SpendingBudget, standing: SpendingStanding) =>
  domainError(
    'forbidden',
    'spending_limit_exceeded',
    `${signer} may transfer at most ${budget.limit} of ${budget.tokenLocator} every ${budget.intervalSeconds} seconds; ${standing.remaining} is left`,
    {
      limit: budget.limit,
      interval: budget.intervalSeconds,
      spent: standing.spent,
      remaining: standing.remaining,
      ...(standing.resetsAt && { resetsAt: standing.resetsAt }),
    },
  );

const checkScopes = (
  request: DelegatedTransferRequest,
  delegated: DelegatedSigner,
  tokenKey: string,
): E.Either<DomainError, TransferAuthorization> => {
  const { wallet } = request;
  const { signer, scopes } = delegated;
  if (scopes.length === 0) return E.right({ role: 'delegated', signer });
  const scope = scopes.find((candidate) => tokenKeyOf(wallet, candidate.tokenLocator) === tokenKey);
  if (!scope) {
    return E.left(
      domainError(
        'forbidden',
        'transfer_not_in_scope',
        `${signer.locator} may not transfer ${request.token}; its scopes allow ${scopes.map((s) => s.tokenLocator).join(', ')}`,
      ),
    );
  }
  if (!scope.spendingLimit) return E.right({ role: 'delegated', signer, scope });
  const budget: SpendingBudget = {
    parts: spendingBudgetParts(wallet, signer.locator, tokenKey),
    tokenLocator: scope.tokenLocator,
    limit: scope.spendingLimit.amount,
    intervalSeconds: scope.spendingLimit.interval,
  };
  return E.right({ role: 'delegated', signer, scope, budget });
};

/**
 * May this signer approve this transfer? The admin signer may approve anything; a delegated
 * signer only before it expires, and only tokens its scopes name (if it has scopes). A scope's
 * spending limit is not checked here: the handler claims the amount from the `budget` this
 * answers with, in the store (ADR 0454), where concurrent transfers cannot both take the rest.
 */
export const checkDelegatedTransfer = (
  request: DelegatedTransferRequest,
): E.Either<DomainError, TransferAuthorization> => {
  const { wallet, now } = request;
  const amount = parseDecimal(request.amount);
  // Zero is an amount here: a raw call that moves nothing (ADR 0811).
  if (!amount) return E.left(invalid('invalid_amount', `amount: "${request.amount}" is not a decimal amount`));
  const token = resolveTokenLocator(request.token, wallet.environment);
  if (E.isLeft(token)) return token;
  const locator = normalizeSignerLocator(wallet.chainType, request.signer);
  const acting = actingSigner(wallet, locator, now, request.signer);
  if (E.isLeft(acting) || acting.right.role === 'admin') return acting;
  return checkScopes(request, acting.right.delegated, token.right.locator);
};
