import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, domainError } from '@paykit/kernel';
import type { DelegatedSigner, Signer, TransferScope, Wallet } from './types.js';

/** A signer of the wallet as it may act now: the admin, or a delegated signer that has not expired. */
export type ActingSigner =
  | { readonly role: 'admin'; readonly signer: Signer }
  | { readonly role: 'delegated'; readonly signer: Signer; readonly delegated: DelegatedSigner };

/** What a signer may be asked for besides a token transfer (transfers: checkDelegatedTransfer). */
export type SignerUse =
  | { readonly kind: 'signature'; readonly type: string }
  /** A raw transaction that is not a token transfer; `description` says what it is. */
  | { readonly kind: 'transaction'; readonly description: string };

const forbidden = (code: string, message: string, parameters?: Record<string, unknown>) =>
  E.left(domainError('forbidden', code, message, parameters));

/**
 * The signer `locator` names (already normalised), if it may act at `now`: the admin always, a
 * delegated signer until its `expiresAt`. `named` is how the refusal names it (field and text).
 */
export const actingSigner = (
  wallet: Wallet,
  locator: string,
  now: number,
  named = locator,
): E.Either<DomainError, ActingSigner> => {
  if (wallet.adminSigner?.locator === locator) return E.right({ role: 'admin', signer: wallet.adminSigner });
  const delegated = wallet.delegatedSigners.find((candidate) => candidate.signer.locator === locator);
  if (!delegated) return forbidden('signer_not_authorized', `${named} is not a signer of this wallet`);
  if (delegated.expiresAt !== undefined && Date.parse(delegated.expiresAt) <= now) {
    return forbidden('delegated_signer_expired', `${delegated.signer.locator} expired at ${delegated.expiresAt}`);
  }
  return E.right({ role: 'delegated', signer: delegated.signer, delegated });
};

const describeScope = ({ tokenLocator, spendingLimit }: TransferScope): string =>
  spendingLimit
    ? `${tokenLocator} (at most ${spendingLimit.amount} every ${spendingLimit.interval} seconds)`
    : tokenLocator;

const describeUse = (use: SignerUse): string =>
  use.kind === 'signature' ? `${use.type} signatures` : `other transactions (${use.description})`;

/**
 * May this signer be asked for a signature or a raw transaction? Scopes are transfer scopes
 * (Crossmint's only kind): a delegated signer with scopes may transfer what they allow and
 * nothing else, since a signature or a contract call of the wallet can move any amount of any
 * token (an ERC-2612 permit, an approve). Without scopes a delegated signer holds the admin's
 * power over the wallet's assets until it expires. The admin may always.
 */
export const checkSignerUse = (
  wallet: Wallet,
  locator: string,
  use: SignerUse,
  now: number,
  named = locator,
): E.Either<DomainError, ActingSigner> => {
  const acting = actingSigner(wallet, locator, now, named);
  if (E.isLeft(acting) || acting.right.role === 'admin') return acting;
  const { scopes } = acting.right.delegated;
  if (scopes.length === 0) return acting;
  return forbidden(
    'signer_scope_exceeded',
    `${locator} may only transfer ${scopes.map(describeScope).join(', ')}; its scopes allow no ${describeUse(use)}`,
    { scopes, requested: use.kind === 'signature' ? use.type : 'transaction' },
  );
};
