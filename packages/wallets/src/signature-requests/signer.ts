import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, invalid } from '@paykit/kernel';
import { checkSignerUse } from '../wallet/signer-authority.js';
import type { Signer, Wallet } from '../wallet/types.js';
import { signerLocatorOf } from '../wallet/wallet-signers.js';
import type { SignatureRequest, SignatureSigner } from './model.js';

const named = ({ type, address, locator }: Signer): SignatureSigner => ({ type, address, locator });

/** What is asked: the request's type (`message`, `typed-data`) at `now` (epoch ms). */
export interface SignatureAsk {
  readonly type: string;
  readonly now: number;
}

/**
 * Who a signature request asks to sign (`params.signer`): an MPC wallet signs with its own key
 * and takes no signer; a smart wallet signs through its admin by default, or through the
 * signer of its own that the request names, if that signer may sign (ADR 0453: not expired,
 * and without transfer scopes).
 */
export const signatureSignerOf = (
  wallet: Wallet,
  text: string | undefined,
  ask: SignatureAsk,
): E.Either<DomainError, SignatureSigner> => {
  if (wallet.walletType === 'mpc' || !wallet.adminSigner) {
    if (text !== undefined) {
      return E.left(
        invalid(
          'invalid_signer',
          `params.signer: ${wallet.chainType} mpc wallets are signed by the service; omit signer`,
        ),
      );
    }
    return E.right({ type: 'wallet', address: wallet.address, locator: `wallet:${wallet.address}` });
  }
  if (text === undefined) return E.right(named(wallet.adminSigner));
  const locator = signerLocatorOf(wallet, text);
  const acting = checkSignerUse(
    wallet,
    locator,
    { kind: 'signature', type: ask.type },
    ask.now,
    `params.signer: ${text}`,
  );
  return E.isLeft(acting) ? acting : E.right(named(acting.right.signer));
};

/**
 * Whether the signer a request awaits may still give its approval at `now`: checked again at
 * approval, so a delegated signer that expired or was removed since the request was made
 * approves nothing. Null when it may (or when nobody is awaited: the decider answers that).
 */
export const signatureApprovalRefusal = (
  wallet: Wallet,
  request: SignatureRequest,
  now: number,
): DomainError | null => {
  if (request.outputSignature !== undefined || request.walletType === 'mpc') return null;
  const acting = checkSignerUse(wallet, request.signer.locator, { kind: 'signature', type: request.type }, now);
  return E.isLeft(acting) ? acting.left : null;
};
