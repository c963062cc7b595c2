import { DomainException, type DomainError, invalid } from '@paykit/kernel';
import type { TransferRecipient } from '@paykit/transfers';
import {
  type ChainType,
  type Wallet,
  type WalletLocator,
  isAddressOf,
  normalizeAddress,
  parseOwner,
  parseWalletLocator,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import type { WalletAddresses } from '../directory/wallet-addresses.js';
import type { WalletResolver } from '../directory/wallet-resolver.js';

const refuse = (message: string) => new DomainException(invalid('invalid_recipient', `recipient: ${message}`));

/** The locator parser speaks of `walletLocator`; here the locator is the body's `recipient`. */
const asRecipientError = (error: DomainError): DomainException => refuse(error.message.replace(/^walletLocator: /, ''));

/**
 * A user locator as the public SDK sends it (`email:`, `userId:`, `phoneNumber:`, `x:`,
 * `twitter:` without a chain): the user's wallet on the sender's chain family, which is the
 * family of the path's token locator (ADR 0443).
 */
const userLocatorOf = (text: string, chainType: ChainType): Extract<WalletLocator, { kind: 'owner' }> | undefined => {
  const owner = parseOwner(text, 'recipient');
  return E.isRight(owner) ? { kind: 'owner', owner: owner.right, chainType, walletType: 'smart' } : undefined;
};

/** The user's smart wallet on that family, else their MPC wallet. */
const findUserWallet = async (
  principal: Principal,
  user: Extract<WalletLocator, { kind: 'owner' }>,
  resolver: WalletResolver,
) =>
  (await resolver.find(principal, user, 'recipient')) ??
  resolver.find(principal, { ...user, walletType: 'mpc' }, 'recipient');

/**
 * A transfer's recipient: an address of the sender's chain family (one of our wallets or not),
 * a wallet locator naming a wallet of the caller's project on the same chain family, or a user
 * locator naming a user's wallet on it.
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
  const user = E.isLeft(parsed) ? userLocatorOf(text, chainType) : undefined;
  if (E.isLeft(parsed) && !user) throw asRecipientError(parsed.left);
  const locator = user ?? (parsed as E.Right<WalletLocator>).right;
  if (locator.kind === 'address')
    throw refuse(`"${text}" is not ${chainType === 'evm' ? 'an' : 'a'} ${chainType} address`);
  const found = user
    ? await findUserWallet(principal, user, directory.resolver)
    : await directory.resolver.find(principal, locator, 'recipient');
  if (!found) throw refuse(`no wallet matches "${text}"`);
  if (found.wallet.chainType !== chainType) {
    throw refuse(`"${text}" is a ${found.wallet.chainType} wallet; this wallet sends on ${chainType}`);
  }
  return { locator: text, address: found.wallet.address, walletId: found.wallet.walletId };
};
