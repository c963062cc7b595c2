import { Body, Controller, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CreateTransferBody, TokenTransferByIdParams, TokenTransferParams, TransferResource } from '@paykit/contracts';
import type { TransferResource as Resource } from '@paykit/transfers';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { type KeyedWrite, KeyedWriteOf } from '../../http/idempotency/keyed-write.js';
import { Route } from '../../http/routes/route.decorator.js';
import { CreateTransfer } from './create-transfer.handler.js';
import { GetTransfer } from './get-transfer.handler.js';

@Controller()
export class TransfersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
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
    @CallerOf() caller: Caller,
    @Param('walletLocator') walletLocator: string,
    @Param('tokenLocator') tokenLocator: string,
    @Body() body: CreateTransferBody,
    @KeyedWriteOf() keyed: KeyedWrite | undefined,
  ): Promise<Resource> {
    return this.commands.execute(new CreateTransfer(caller, walletLocator, tokenLocator, body, keyed));
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
    @CallerOf() { principal }: Caller,
    @Param('walletLocator') walletLocator: string,
    @Param('tokenLocator') tokenLocator: string,
    @Param('transactionId') transactionId: string,
  ): Promise<Resource> {
    return this.queries.execute(new GetTransfer(principal, walletLocator, transactionId, tokenLocator));
  }
}
