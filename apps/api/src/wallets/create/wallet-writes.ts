import { Injectable } from '@nestjs/common';
import type { CommandContext } from '@paykit/kernel';
import { getOrThrow } from '@paykit/kernel';
import {
  type CreateWalletRequest,
  type Wallet,
  type CreateWallet as WalletCreation,
  custodialKeysNeeded,
  newWalletOf,
} from '@paykit/wallets';
import type { Principal } from '../../auth/principal.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { AddressClaims, addressInUse } from '../directory/address-claims.js';
import { WalletAggregate } from '../directory/wallet.aggregate.js';
import { generateCustodialKeys } from '../secrets/custodial-keys.js';
import { WalletSecrets } from '../secrets/wallet-secrets.js';

/**
 * What a create whose wallet id is taken answers: `existing` when the id names the same wallet
 * by the spec's rules (derived from its identity or idempotency key), `refuse` (409) otherwise.
 */
export type WhenExisting = 'existing' | 'refuse';

export interface WrittenWallet {
  /** 201 when this write created the wallet, 200 for an existing one. */
  readonly status: 200 | 201;
  readonly wallet: Wallet;
}

/**
 * The two writes of a new wallet, shared by create wallet and by the wallets a transfer
 * pregenerates for its recipient: the address claim, then the wallet's own stream.
 */
@Injectable()
export class WalletWrites {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly addresses: AddressClaims,
    private readonly secrets: WalletSecrets,
  ) {}

  /** Commands for one request under different ids, with its custodial keys generated once. */
  commandsFor(principal: Principal, request: CreateWalletRequest): (walletId: string) => WalletCreation {
    const custodialKeys = generateCustodialKeys(custodialKeysNeeded(request), this.secrets.custodialKeyEncryption);
    const now = this.aggregates.now().getTime();
    return (walletId) => ({
      type: 'CreateWallet',
      data: {
        walletId,
        projectId: principal.projectId,
        environment: principal.environment,
        request,
        custodialKeys,
        now,
      },
    });
  }

  /**
   * Claims the new wallet's address, then creates the wallet on its stream; a stream that holds
   * it already is answered per `whenExisting`. Both writes are claims of names derived from the
   * request, so a retry after a crash between them finds the address claim its own and finishes.
   */
  async put(command: WalletCreation, context: CommandContext, whenExisting: WhenExisting): Promise<WrittenWallet> {
    const wallet = getOrThrow(newWalletOf(command));
    await this.addresses.claim(wallet, context);
    // The address was just claimed for this wallet id: its stream is almost always new.
    const { events, state } = await this.aggregates.execute(WalletAggregate, wallet.walletId, command, context, {
      expectNew: true,
    });
    if (events.length > 0) return { status: 201, wallet };
    if (whenExisting === 'refuse') throw addressInUse(wallet.address);
    if (state.status !== 'created')
      throw new Error(`wallet ${wallet.walletId}: a create that appended nothing left no wallet`);
    return { status: 200, wallet: state.wallet };
  }
}
