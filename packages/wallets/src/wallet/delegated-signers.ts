import * as E from 'fp-ts/lib/Either.js';
import { isDeepStrictEqual } from 'node:util';
import { conflict, invalid, notFound, type DomainError } from '@paykit/kernel';
import { normalizeSignerLocator } from '../locators/signer-locator.js';
import type { AddDelegatedSigner, RemoveDelegatedSigner } from './commands.js';
import { validateDelegatedSigner } from './delegated-signer-input.js';
import type { WalletEvent } from './events.js';
import { deviceSignerRefusal, isDeviceSignerInput } from './signer-input.js';
import { signerGeneration, type WalletState } from './state.js';
import type { CustodialKey } from '../keys/custodial-key.js';
import type { DelegatedSigner, Signer, Wallet } from './types.js';

type Decision = E.Either<DomainError, readonly WalletEvent[]>;

/**
 * Who a signer is, regardless of the key generated for it: a repeated request for an api-key,
 * email or phone signer comes with a fresh key, yet names the same signer.
 */
const identityOf = (signer: Signer): string => (signer.type === 'api-key' ? 'api-key' : signer.locator);

const sameGrant = (a: DelegatedSigner, b: DelegatedSigner): boolean =>
  isDeepStrictEqual(a.scopes, b.scopes) && a.expiresAt === b.expiresAt;

/**
 * What adding a delegated signer makes of a wallet: the signer it adds (with its key, if the
 * service holds one), or the signer the wallet already has with the same grant (`present`).
 */
export interface DelegatedSignerAddition {
  readonly present: boolean;
  readonly delegatedSigner: DelegatedSigner;
  readonly custodialKey?: CustodialKey;
}

const noDelegatedSigners = (wallet: Wallet): DomainError =>
  invalid(
    'delegated_signers_not_supported',
    `${wallet.chainType} ${wallet.walletType} wallets take no delegated signers`,
  );

/** The addition AddDelegatedSigner decides on, or its refusal, for a wallet that exists. */
export const delegatedSignerAddition = (
  wallet: Wallet,
  command: AddDelegatedSigner,
): E.Either<DomainError, DelegatedSignerAddition> => {
  const { request, custodialKeys, now } = command.data;
  const kind = { chainType: wallet.chainType, walletType: wallet.walletType };
  if (isDeviceSignerInput(request?.signer)) {
    const refusal = deviceSignerRefusal({ ...kind, role: 'delegated', field: 'signer' });
    if (refusal) return E.left(refusal);
  }
  if (wallet.walletType !== 'smart') {
    return E.left(noDelegatedSigners(wallet));
  }
  const checked = validateDelegatedSigner(request, {
    ...kind,
    environment: wallet.environment,
    field: '',
    custodialKeys,
    now,
  });
  if (E.isLeft(checked)) return checked;
  const { delegatedSigner, custodialKey } = checked.right;
  const identity = identityOf(delegatedSigner.signer);
  if (wallet.adminSigner && identityOf(wallet.adminSigner) === identity) {
    return E.left(
      conflict('signer_already_exists', `${wallet.adminSigner.locator} is the admin signer of this wallet`),
    );
  }
  const existing = wallet.delegatedSigners.find((delegated) => identityOf(delegated.signer) === identity);
  if (existing) {
    return sameGrant(existing, delegatedSigner)
      ? E.right({ present: true, delegatedSigner: existing })
      : E.left(
          conflict(
            'signer_already_exists',
            `${existing.signer.locator} is already a delegated signer of this wallet, with other scopes or expiry`,
          ),
        );
  }
  return E.right({ present: false, delegatedSigner, ...(custodialKey && { custodialKey }) });
};

/**
 * The admin who approves a change to a smart wallet's delegated signers after creation (ADRs
 * 0445, 0448), or why the wallet takes none: only smart wallets take delegated signers.
 */
export const registrationApprover = (wallet: Wallet): E.Either<DomainError, Signer> =>
  wallet.walletType !== 'smart' || !wallet.adminSigner
    ? E.left(noDelegatedSigners(wallet))
    : E.right(wallet.adminSigner);

/**
 * What RemoveDelegatedSigner would do to a wallet: remove a delegated signer (`present`), nothing
 * for one already removed, or refuse the admin signer and signers the wallet never had.
 */
export const delegatedSignerRemoval = (
  wallet: Wallet,
  signer: string,
): E.Either<DomainError, { readonly locator: string; readonly present: boolean }> => {
  const locator = normalizeSignerLocator(wallet.chainType, signer);
  if (wallet.adminSigner?.locator === locator) {
    return E.left(
      invalid(
        'admin_signer_not_removable',
        `signer: ${locator} is the admin signer of this wallet; only delegated signers can be removed`,
      ),
    );
  }
  if (wallet.delegatedSigners.some((delegated) => delegated.signer.locator === locator)) {
    return E.right({ locator, present: true });
  }
  if (signerGeneration(wallet, locator) > 0) return E.right({ locator, present: false });
  return E.left(notFound(`${signer} is not a delegated signer of this wallet`));
};

/** An approval made for an earlier generation of the signer changes nothing (ADR 0449). */
const isSpent = (wallet: Wallet, locator: string, generation: number | undefined): boolean =>
  generation !== undefined && signerGeneration(wallet, locator) !== generation;

export const decideAddDelegatedSigner = (command: AddDelegatedSigner, state: WalletState): Decision => {
  if (state.status !== 'created') return E.left(notFound());
  const addition = delegatedSignerAddition(state.wallet, command);
  if (E.isLeft(addition)) return addition;
  const { present, delegatedSigner, custodialKey } = addition.right;
  if (present || isSpent(state.wallet, delegatedSigner.signer.locator, command.data.generation)) return E.right([]);
  const data = { walletId: state.wallet.walletId, delegatedSigner, addedAt: command.data.now };
  return E.right([{ type: 'DelegatedSignerAdded', data: custodialKey ? { ...data, custodialKey } : data }]);
};

export const decideRemoveDelegatedSigner = (command: RemoveDelegatedSigner, state: WalletState): Decision => {
  if (state.status !== 'created') return E.left(notFound());
  const { wallet } = state;
  const removal = delegatedSignerRemoval(wallet, command.data.signer);
  if (E.isLeft(removal)) return removal;
  const { locator, present } = removal.right;
  if (!present || isSpent(wallet, locator, command.data.generation)) return E.right([]);
  return E.right([
    { type: 'DelegatedSignerRemoved', data: { walletId: wallet.walletId, locator, removedAt: command.data.now } },
  ]);
};
