import { DomainException, type DomainError, invalid } from '@paykit/kernel';
import type { TransferRecipient } from '@paykit/transfers';
import {
  type ChainType,
  type Wallet,
  type WalletLocator,
  defaultWalletType,
  isAddressOf,
  normalizeAddress,
  parseOwner,
  parseWalletLocator,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import type { WalletAddresses } from '../directory/wallet-addresses.js';
import type { WalletResolver } from '../directory/wallet-resolver.js';

type OwnerLocator = Extract<WalletLocator, { kind: 'owner' }>;

const refuse = (message: string) => new DomainException(invalid('invalid_recipient', `recipient: ${message}`));

/** The locator parser speaks of `walletLocator`; here the locator is the body's `recipient`. */
const asRecipientError = (error: DomainError): DomainException => refuse(error.message.replace(/^walletLocator: /, ''));

/**
 * A user locator as the public SDK sends it (`email:`, `userId:`, `phoneNumber:`, `x:`,
 * `twitter:` without a chain): the user's wallet on the sender's chain family, which is the
 * family of the path's token locator (ADR 0443), of the family's default type.
 */
const userLocatorOf = (text: string, chainType: ChainType): OwnerLocator | undefined => {
  const owner = parseOwner(text, 'recipient');
  return E.isRight(owner)
    ? { kind: 'owner', owner: owner.right, chainType, walletType: defaultWalletType(chainType) }
    : undefined;
};

/** The user's smart wallet on that family, else their MPC wallet. */
const findUserWallet = async (principal: Principal, user: OwnerLocator, resolver: WalletResolver) =>
  (await resolver.find(principal, { ...user, walletType: 'smart' }, 'recipient')) ??
  resolver.find(principal, { ...user, walletType: 'mpc' }, 'recipient');

export interface RecipientDirectory {
  readonly resolver: WalletResolver;
  readonly addresses: WalletAddresses;
  /** Creates the wallet an owner locator names for a user who has none yet (ADR 0811). */
  readonly pregenerate: (locator: OwnerLocator) => Promise<Wallet>;
}

const recipientOf = (text: string, wallet: Pick<Wallet, 'address' | 'walletId'>): TransferRecipient => ({
  locator: text,
  address: wallet.address,
  walletId: wallet.walletId,
});

/**
 * A transfer's recipient: an address of the sender's chain family (one of our wallets or not),
 * a wallet locator naming a wallet of the caller's project on the same chain family, or a user
 * locator naming a user's wallet on it. A user (owner locator) without that wallet gets it now.
 */
export const resolveRecipient = async (
  principal: Principal,
  sender: Wallet,
  text: string,
  directory: RecipientDirectory,
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
  // Non-address locators name wallets of one chain family: their own.
  if (locator.chainType !== chainType)
    throw refuse(`"${text}" is a ${locator.chainType} wallet; this wallet sends on ${chainType}`);
  const found = user
    ? await findUserWallet(principal, user, directory.resolver)
    : await directory.resolver.find(principal, locator, 'recipient');
  if (found) return recipientOf(text, found.wallet);
  if (locator.kind !== 'owner') throw refuse(`no wallet matches "${text}"`);
  return recipientOf(text, await directory.pregenerate(locator));
};
