import { Injectable } from '@nestjs/common';
import type { Wallet } from '@paykit/wallets';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { WalletAggregate } from './wallet.aggregate.js';

/** A wallet with the project it belongs to (from its events' metadata). */
export interface StoredWallet {
  readonly wallet: Wallet;
  readonly projectId: string;
}

/**
 * Wallets by id, folded from their streams (a wallet has a handful of events): what the area's
 * handlers, the transfer executor and other areas (an order's recipient) read a wallet with.
 */
@Injectable()
export class WalletDirectory {
  constructor(private readonly aggregates: Aggregates) {}

  async load(walletId: string): Promise<StoredWallet | null> {
    const loaded = await this.aggregates.load(WalletAggregate, walletId);
    return loaded?.state.status === 'created' ? { wallet: loaded.state.wallet, projectId: loaded.projectId } : null;
  }
}
