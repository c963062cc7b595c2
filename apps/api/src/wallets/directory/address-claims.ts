import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@paykit/event-store';
import { type Clock, type CommandContext, DomainException, type IdGenerator, conflict } from '@paykit/kernel';
import type { ChainType, Wallet } from '@paykit/wallets';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';
import { eventsToAppend } from '../../infrastructure/events-to-append.js';
import { claimStream } from './stream-claim.js';
import { walletAddressStream } from './wallet-ids.js';

const CLAIMED = 'WalletAddressClaimed';

interface ClaimedData {
  readonly walletId: string;
  readonly chainType: ChainType;
  readonly address: string;
}

export const WALLET_ADDRESS_IN_USE = 'wallet_address_in_use';

/** 409: the create would land on an address another wallet holds. */
export const addressInUse = (address: string): DomainException =>
  new DomainException(
    conflict(
      WALLET_ADDRESS_IN_USE,
      `Another wallet already has the address ${address} that this request derives: it is the same admin signer with the same ` +
        'owner, alias and creation seed. Give another config.creationSeed, an owner or an alias to create a different wallet.',
      { address },
    ),
  );

/**
 * One address, one wallet: a wallet claims its address (stream `walletaddress-<chainType>-<address>`,
 * appended at no_stream) before its own stream is written. A claim naming the same wallet id is
 * the wallet's own (a retry, or a request that died after claiming), so the create goes on.
 */
@Injectable()
export class AddressClaims {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async claim(wallet: Wallet, context: CommandContext): Promise<void> {
    const data: ClaimedData = { walletId: wallet.walletId, chainType: wallet.chainType, address: wallet.address };
    const event = eventsToAppend(context, this.clock, this.ids)({ type: CLAIMED, data });
    const claim = await claimStream(this.store, walletAddressStream(wallet.chainType, wallet.address), event);
    if (!claim.claimed && (claim.first.data as ClaimedData).walletId !== wallet.walletId)
      throw addressInUse(wallet.address);
  }
}
