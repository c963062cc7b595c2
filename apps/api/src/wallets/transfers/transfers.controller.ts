import { Body, Controller, Param } from '@nestjs/common';
import {
  CreateTransferBody,
  TokenTransferByIdParams,
  TokenTransferParams,
  TransferResource,
} from '@paykit/contracts';
import type { TransferResource as Resource } from '@paykit/transfers';
import { Scopes } from '../../auth/scopes.js';
import { type KeyedWrite, KeyedWriteOf } from '../../http/idempotency/keyed-write.js';
import { Route } from '../../http/routes/route.decorator.js';
import { CallerOf, type WalletsRequest } from '../http/command-context.js';
import { CreateTransferService } from './create-transfer.service.js';
import { WalletTransfersService } from './wallet-transfers.service.js';

@Controller()
export class TransfersController {
  constructor(
    private readonly creating: CreateTransferService,
    private readonly reading: WalletTransfersService,
  ) {}

  @Route({
    method: 'POST',
    path: '2025-06-09/wallets/:walletLocator/tokens/:tokenLocator/transfers',
    tags: ['Wallets'],
    summary: 'Send tokens from a wallet',
    description:
      'Opens a transfer: awaiting-approval while a signer must approve it, then pending until the chain ' +
      'makes it final (success) or refuses it (failed, with error.reason). Poll GET .../transactions/{id}.',
    scope: Scopes.walletsTransactionsCreate,
    params: TokenTransferParams,
    body: CreateTransferBody,
    responses: { 201: TransferResource },
    idempotency: 'resource',
  })
  create(
    @CallerOf() caller: WalletsRequest,
    @Param('walletLocator') walletLocator: string,
    @Param('tokenLocator') tokenLocator: string,
    @Body() body: CreateTransferBody,
    @KeyedWriteOf() keyed: KeyedWrite | undefined,
  ): Promise<Resource> {
    return this.creating.create(caller, walletLocator, tokenLocator, body, keyed);
  }

  @Route({
    method: 'GET',
    path: '2025-06-09/wallets/:walletLocator/tokens/:tokenLocator/transfers/:transactionId',
    tags: ['Wallets'],
    summary: 'Get a transfer transaction',
    scope: Scopes.walletsTransactionsRead,
    params: TokenTransferByIdParams,
    responses: { 200: TransferResource },
  })
  get(
    @CallerOf() { principal }: WalletsRequest,
    @Param('walletLocator') walletLocator: string,
    @Param('tokenLocator') tokenLocator: string,
    @Param('transactionId') transactionId: string,
  ): Promise<Resource> {
    return this.reading.get(principal, walletLocator, transactionId, tokenLocator);
  }
}
