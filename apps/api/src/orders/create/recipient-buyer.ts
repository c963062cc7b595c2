import { Injectable } from '@nestjs/common';
import { DomainException, fieldError } from '@paykit/kernel';
import { type ChainInfo, chainTypesOfAddress, normalizeAddress } from '@paykit/wallets';
import { SavedPaymentMethods, type StoredPaymentMethod } from '../../payment-methods/saved-payment-methods.js';
import { LinkedWalletsService } from '../../users/linked-wallets.service.js';
import { WalletAddresses } from '../../wallets/directory/wallet-addresses.js';
import { WalletRepository } from '../../wallets/directory/wallet-repository.js';

const refuse = (field: string, message: string, code: string) => new DomainException(fieldError(field, message, code));

/**
 * Who an order is for. Onramp: the user `recipient.walletAddress` resolves to, a wallet of the
 * service with an owner or an external wallet the user linked and proved first. Offramp: the
 * user of the saved payment method.
 */
@Injectable()
export class RecipientBuyer {
  constructor(
    private readonly addresses: WalletAddresses,
    private readonly wallets: WalletRepository,
    private readonly linked: LinkedWalletsService,
    private readonly paymentMethods: SavedPaymentMethods,
  ) {}

  /** The buyer of an onramp order and the wallet address as the chain writes it. */
  async ofWallet(
    projectId: string,
    walletAddress: string,
    chain: ChainInfo,
  ): Promise<{ userLocator: string; address: string }> {
    const field = 'recipient.walletAddress';
    if (!chainTypesOfAddress(walletAddress).includes(chain.chainType)) {
      throw refuse(
        field,
        `is not an address on ${chain.name}, where the token is delivered`,
        'invalid_recipient_wallet',
      );
    }
    const address = normalizeAddress(chain.chainType, walletAddress);
    const walletId = await this.addresses.find(projectId, address, [chain.chainType]);
    const stored = walletId === null ? null : await this.wallets.load(walletId);
    const owner = stored?.projectId === projectId ? stored.wallet.owner : undefined;
    if (owner !== undefined) return { userLocator: owner, address };
    const linkedUser = await this.linked.linkedUserOf(projectId, address, chain.chainType);
    if (linkedUser !== null) return { userLocator: linkedUser, address };
    throw refuse(
      field,
      'does not resolve to a user of the service: use a wallet of the service with an owner, or link the wallet to a user first',
      'recipient_not_a_user',
    );
  }

  /** The saved payout method of an offramp order, with its user. */
  async ofPaymentMethod(projectId: string, paymentMethodId: string): Promise<StoredPaymentMethod> {
    const method = await this.paymentMethods.get(projectId, paymentMethodId);
    if (!method)
      throw refuse('recipient.paymentMethodId', 'no saved payment method has this id', 'payment_method_not_found');
    return method;
  }
}
