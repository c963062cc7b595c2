import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type CreateWalletRequest,
  type Owner,
  type SignerInput,
  type Wallet,
  type WalletLocator,
  formatOwner,
} from '@paykit/wallets';
import type { Caller } from '../../http/caller.js';
import { identityKeyOfRequest, walletIdOfIdentity } from '../directory/wallet-ids.js';
import { WalletWrites } from './wallet-writes.js';

type OwnerLocator = Extract<WalletLocator, { kind: 'owner' }>;

/**
 * The wallet a transfer to a user locator creates when that user has none yet (ADR 0811), as
 * the hosted API does: the wallet the locator names, owned by that user.
 */
export class PregenerateWallet extends Command<Wallet> {
  constructor(
    readonly caller: Caller,
    readonly locator: OwnerLocator,
  ) {
    super();
  }
}

/**
 * Who holds a pregenerated smart wallet: the user's own email or phone signer (they sign in with
 * it later); for a user id or a handle, which no signer proves, the project's api-key signer.
 */
const adminSignerOf = (owner: Owner): SignerInput => {
  switch (owner.type) {
    case 'email':
      return { type: 'email', email: owner.value };
    case 'phoneNumber':
      return { type: 'phone', phone: owner.value };
    default:
      return { type: 'api-key' };
  }
};

const pregeneratedWalletRequest = ({ owner, chainType, walletType, alias }: OwnerLocator): CreateWalletRequest => ({
  chainType,
  type: walletType,
  owner: formatOwner(owner),
  ...(alias !== undefined && { alias }),
  ...(walletType === 'smart' && { config: { adminSigner: adminSignerOf(owner) } }),
});

/**
 * Creates the wallet under the id its identity derives, as create wallet does, so concurrent
 * transfers to one new user make one wallet and a later create for that user answers it (200).
 */
@CommandHandler(PregenerateWallet)
export class PregenerateWalletHandler implements ICommandHandler<PregenerateWallet> {
  constructor(private readonly writes: WalletWrites) {}

  async execute({ caller: { principal, context }, locator }: PregenerateWallet): Promise<Wallet> {
    const request = pregeneratedWalletRequest(locator);
    const identityKey = identityKeyOfRequest(request) as string;
    const command = this.writes.commandsFor(principal, request)(walletIdOfIdentity(principal.projectId, identityKey));
    return (await this.writes.put(command, context, 'existing')).wallet;
  }
}
