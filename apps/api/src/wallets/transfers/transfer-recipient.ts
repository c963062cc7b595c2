import { DomainException, type DomainError, invalid } from '@paykit/kernel';
import type { TransferRecipient } from '@paykit/transfers';
import { type Wallet, isAddressOf, normalizeAddress, parseWalletLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import type { WalletAddresses } from '../directory/wallet-addresses.js';
import type { WalletResolver } from '../directory/wallet-resolver.js';

const refuse = (message: string) => new DomainException(invalid('invalid_recipient', `recipient: ${message}`));

/** The locator parser speaks of `walletLocator`; here the locator is the body's `recipient`. */
const asRecipientError = (error: DomainError): DomainException =>
  refuse(error.message.replace(/^walletLocator: /, ''));

/**
 * A transfer's recipient: an address of the sender's chain family (one of our wallets or not),
 * or a wallet locator naming a wallet of the caller's project on the same chain family.
 */
export const resolveRecipient = async (
  principal: Principal,
  sender: Wallet,
  text: string,
  directory: { readonly resolver: WalletResolver; readonly addresses: WalletAddresses },
): Promise<TransferRecipient> => {
  const { chainType } = sender;
  if (isAddressOf(chainType, text)) {
    const address = normalizeAddress(chainType, text);
    const walletId = await directory.addresses.find(principal.projectId, address, [chainType]);
    return { locator: text, address, ...(walletId !== null && { walletId }) };
  }
  const parsed = parseWalletLocator(text);
  if (E.isLeft(parsed)) throw asRecipientError(parsed.left);
  if (parsed.right.kind === 'address') throw refuse(`"${text}" is not ${chainType === 'evm' ? 'an' : 'a'} ${chainType} address`);
  const found = await directory.resolver.find(principal, parsed.right, 'recipient');
  if (!found) throw refuse(`no wallet matches "${text}"`);
  if (found.wallet.chainType !== chainType) {
    throw refuse(`"${text}" is a ${found.wallet.chainType} wallet; this wallet sends on ${chainType}`);
  }
  return { locator: text, address: found.wallet.address, walletId: found.wallet.walletId };
};
