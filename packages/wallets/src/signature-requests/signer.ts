import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, domainError, invalid } from '@paykit/kernel';
import type { Signer, Wallet } from '../wallet/types.js';
import { signerLocatorOf, signersOf } from '../wallet/wallet-signers.js';
import type { SignatureSigner } from './model.js';

const named = ({ type, address, locator }: Signer): SignatureSigner => ({ type, address, locator });

/**
 * Who a signature request asks to sign (`params.signer`): an MPC wallet signs with its own key
 * and takes no signer; a smart wallet signs through its admin by default, or through the
 * signer of its own that the request names.
 */
export const signatureSignerOf = (wallet: Wallet, text: string | undefined): E.Either<DomainError, SignatureSigner> => {
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
  const found = signersOf(wallet).find((signer) => signer.locator === locator);
  if (!found)
    return E.left(
      domainError('forbidden', 'signer_not_authorized', `params.signer: ${text} is not a signer of this wallet`),
    );
  return E.right(named(found));
};
